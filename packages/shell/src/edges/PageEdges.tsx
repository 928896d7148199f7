import { NetworkStatusToasts } from './network/NetworkStatusToasts.tsx';
import { ScrollButton } from './scroll/ScrollButton.tsx';

/** What every shell page carries around its content, signed in or not: network toasts and the scroll button. */
export function PageEdges() {
  return (
    <>
      <NetworkStatusToasts />
      <ScrollButton />
    </>
  );
}
