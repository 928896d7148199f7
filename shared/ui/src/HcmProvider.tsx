import { useMemo, type ReactNode } from 'react';
import {
  FluentProvider,
  IdPrefixProvider,
  createLightTheme,
  webLightTheme,
  type BrandVariants,
  type Theme,
} from '@fluentui/react-components';

export interface HcmProviderProps {
  children: ReactNode;
  /**
   * Prefix of every id Fluent generates below. Each independently mounted root (shell, each
   * widget) passes its own, so that ids never collide when several share a page.
   */
  idPrefix?: string;
  theme?: Theme;
  /**
   * The deployment theme's brand ramp (16 shades, darkest first): Fluent's brand colours
   * (buttons, links, focus) follow it. Ignored when `theme` is given.
   */
  brand?: BrandVariants;
}

/**
 * The portal's theme and id scope: wrap every React root (micro-app, widget) in it.
 * Deliberately no className: Fluent copies the provider's classes onto the mount node of every
 * portal (menus, listboxes, dialogs); a layout style there (say min-height: 100vh) turns that
 * node into an invisible full-page layer that swallows clicks. Put layout styles on a child.
 */
export function HcmProvider({ children, idPrefix = 'hcm-', theme, brand }: HcmProviderProps) {
  const branded = useMemo(() => (brand ? createLightTheme(brand) : webLightTheme), [brand]);
  return (
    <IdPrefixProvider value={idPrefix}>
      <FluentProvider theme={theme ?? branded}>{children}</FluentProvider>
    </IdPrefixProvider>
  );
}
