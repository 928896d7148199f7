import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ThemeController, ThemeState } from './theme-controller.ts';
import { pageTheme } from './page-theme.ts';

/** The theme the shell shows: the page's own unless a test provides another. */
export const ThemeControllerContext = createContext<ThemeController | null>(null);

export function useThemeState(): ThemeState {
  const controller = useContext(ThemeControllerContext) ?? pageTheme();
  return useSyncExternalStore(controller.subscribe, controller.getState);
}
