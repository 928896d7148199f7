import type { ReactNode } from 'react';
import { FluentProvider, IdPrefixProvider, webLightTheme, type Theme } from '@fluentui/react-components';

export interface HcmProviderProps {
  children: ReactNode;
  /**
   * Prefix of every id Fluent generates below. Each independently mounted root (shell, each
   * widget) passes its own, so that ids never collide when several share a page.
   */
  idPrefix?: string;
  theme?: Theme;
}

/**
 * The portal's theme and id scope: wrap every React root (micro-app, widget) in it.
 * Deliberately no className: Fluent copies the provider's classes onto the mount node of every
 * portal (menus, listboxes, dialogs); a layout style there (say min-height: 100vh) turns that
 * node into an invisible full-page layer that swallows clicks. Put layout styles on a child.
 */
export function HcmProvider({ children, idPrefix = 'hcm-', theme = webLightTheme }: HcmProviderProps) {
  return (
    <IdPrefixProvider value={idPrefix}>
      <FluentProvider theme={theme}>{children}</FluentProvider>
    </IdPrefixProvider>
  );
}
