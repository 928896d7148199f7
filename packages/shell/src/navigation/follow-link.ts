import type { MouseEvent } from 'react';
import { navigate } from '../routing/location.ts';

/**
 * The click handler of an `<a href>` inside the portal: a plain click moves without reloading;
 * middle, modifier and new-tab clicks are left to the browser, which follows the real href.
 */
export function followInPortal(to: string, afterNavigate?: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
    afterNavigate?.();
  };
}
