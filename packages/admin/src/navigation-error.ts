import { NAVIGATION_ERROR_EVENT, type NavigationErrorDetail } from '@hcm/contracts';

/** Tells the shell this page cannot be shown: it replaces it with /404, /403 or /500. */
export function reportNavigationError(status: number): void {
  const detail: NavigationErrorDetail = { status };
  window.dispatchEvent(new CustomEvent(NAVIGATION_ERROR_EVENT, { detail }));
}
