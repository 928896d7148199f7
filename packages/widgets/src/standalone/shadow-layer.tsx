import { createRoot } from 'react-dom/client';
import type { BodyMount } from '@hcm/ui';
import { ShadowHost } from './ShadowHost.tsx';

/** The element that holds the kit's own roots (toasts, confirmations) on a page outside the portal. */
export const LAYER_TAG = 'hcm-widget-layer';

/**
 * @hcm/ui's toaster and confirmations, mounted in a shadow root of their own at the end of
 * <body> instead of plain <body>: the page's CSS cannot restyle them, ours stays off the page.
 */
export const mountInShadowLayer: BodyMount = (idPrefix) => {
  const element = document.createElement(LAYER_TAG);
  document.body.appendChild(element);
  const shadowRoot = element.attachShadow({ mode: 'open' });
  const root = createRoot(shadowRoot);
  return {
    render: (content) =>
      root.render(
        <ShadowHost root={shadowRoot} values={{}} idPrefix={idPrefix}>
          {content}
        </ShadowHost>,
      ),
    unmount: () => {
      root.unmount();
      element.remove();
    },
  };
};
