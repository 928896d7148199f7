import { createRoot } from 'react-dom/client';
import { HcmProvider } from '../HcmProvider.tsx';
import { bodyMountReplacement, type BodyRoot } from './body-mount.ts';

export type { BodyRoot } from './body-mount.ts';

/**
 * A React root of the kit's own at the end of <body> (toaster, imperative dialogs), so that a
 * toast or a confirmation needs no component mounted by the screen that asks for it.
 */
export function mountInBody(idPrefix: string): BodyRoot {
  const replacement = bodyMountReplacement();
  if (replacement) return replacement(idPrefix);
  const element = document.createElement('div');
  element.dataset.hcmUi = idPrefix;
  document.body.appendChild(element);
  const root = createRoot(element);
  return {
    render: (content) => root.render(<HcmProvider idPrefix={idPrefix}>{content}</HcmProvider>),
    unmount: () => {
      root.unmount();
      element.remove();
    },
  };
}
