import { useMemo, useState } from 'react';
import { createShadowDOMRenderer } from '@griffel/shadow-dom';
import { HcmProvider, PortalMountNodeProvider, RendererProvider, webLightTheme } from '@hcm/ui';
import type { WidgetHost } from '../elements/define-widget.tsx';
import { connectToPortal } from './portal-connection.ts';

/**
 * The theme's variables and the page's inherited styles stop at our root: `all: initial` drops
 * whatever the page lets inherit (font, colour, letter spacing, text transform); the theme is
 * declared on the root itself because FluentProvider writes its variables into the document's
 * head, which does not reach into a shadow root.
 */
const ROOT_CSS = `:host { display: inline-block; }
:host([hidden]) { display: none; }
.hcm-widget-root {
  all: initial;
  display: contents;
  ${Object.entries(webLightTheme)
    .map(([name, value]) => `--${name}: ${String(value)};`)
    .join('\n  ')}
  font-family: var(--fontFamilyBase);
  font-size: var(--fontSizeBase300);
  line-height: var(--lineHeightBase300);
  color: var(--colorNeutralForeground1);
}`;

/**
 * A widget on a page outside the portal: its styles in its own shadow root (Griffel's shadow-DOM
 * renderer), its dialogs and popovers mounted inside it, so that the page's CSS and ours never
 * touch.
 */
export const ShadowHost: WidgetHost = ({ root, values, idPrefix, children }) => {
  // an element decides the portal (its api-base or none); the kit's layer (toasts) does not
  if ('apiBase' in values) connectToPortal(values.apiBase);
  const shadowRoot = root as ShadowRoot;
  const renderer = useMemo(() => createShadowDOMRenderer(shadowRoot), [shadowRoot]);
  const [mountNode, setMountNode] = useState<HTMLElement | null>(null);
  return (
    <RendererProvider renderer={renderer} targetDocument={shadowRoot.ownerDocument}>
      <style>{ROOT_CSS}</style>
      <div className="hcm-widget-root" ref={setMountNode}>
        {mountNode ? (
          <PortalMountNodeProvider value={mountNode}>
            <HcmProvider idPrefix={idPrefix}>{children}</HcmProvider>
          </PortalMountNodeProvider>
        ) : null}
      </div>
    </RendererProvider>
  );
};
