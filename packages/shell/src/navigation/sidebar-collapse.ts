import { useCallback, useState } from 'react';

/** localStorage key: the sidebar stays as narrow as the user left it, across reloads and sign-outs. */
export const SIDEBAR_COLLAPSED_KEY = 'hcm.sidebarCollapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    // Storage refused (privacy mode): the sidebar simply starts wide.
    return false;
  }
}

/** Whether the desktop sidebar shows icons only, remembered in localStorage. */
export function useSidebarCollapsed() {
  const [collapsed, setCollapsedState] = useState(readCollapsed);
  const setCollapsed = useCallback((next: boolean) => {
    setCollapsedState(next);
    try {
      localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
    } catch {
      // Not remembered, still applied.
    }
  }, []);
  return { collapsed, setCollapsed };
}
