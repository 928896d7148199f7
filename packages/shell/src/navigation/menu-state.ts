import { useCallback, useState } from 'react';

/** Which groups of the sidebar the user opened (true) or closed (false), by group key. */
export type MenuOpenState = Readonly<Record<string, boolean>>;

/** localStorage key: the groups' state outlives a reload and a sign-out. */
export const MENU_STATE_KEY = 'hcm.menuState';

export function readMenuState(): MenuOpenState {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(MENU_STATE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((pair): pair is [string, boolean] => typeof pair[1] === 'boolean'),
    );
  } catch {
    // Someone else's junk under our key: start over rather than break the sidebar.
    return {};
  }
}

/**
 * The groups' open state: what the user chose last (remembered), otherwise open only for the
 * groups holding the current page, so the page is visible in the menu without a click.
 */
export function useMenuOpenState(currentGroupKeys: readonly string[]) {
  const [chosen, setChosen] = useState<MenuOpenState>(readMenuState);
  const isOpen = useCallback(
    (key: string) => chosen[key] ?? currentGroupKeys.includes(key),
    [chosen, currentGroupKeys],
  );
  const choose = useCallback(
    (key: string, open: boolean) => {
      const next = { ...chosen, [key]: open };
      setChosen(next);
      localStorage.setItem(MENU_STATE_KEY, JSON.stringify(next));
    },
    [chosen],
  );
  const toggle = useCallback((key: string) => choose(key, !isOpen(key)), [choose, isOpen]);
  /** Opens a group (the collapsed sidebar's group icon), remembered like a click on it. */
  const open = useCallback((key: string) => choose(key, true), [choose]);
  return { isOpen, toggle, open };
}
