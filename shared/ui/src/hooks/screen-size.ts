import { useSyncExternalStore } from 'react';

/** Screen size classes (core §9), by the window's width in CSS pixels. */
export const ScreenSizes = [
  { name: 'mobile', min: 0, max: 767 },
  { name: 'tablet-small', min: 768, max: 991 },
  { name: 'tablet', min: 992, max: 1199 },
  { name: 'desktop', min: 1200, max: 1599 },
  { name: 'desktop-large', min: 1600, max: 9999 },
] as const;
export type ScreenSize = (typeof ScreenSizes)[number]['name'];

export function screenSizeOf(width: number): ScreenSize {
  for (const size of ScreenSizes) if (width <= size.max) return size.name;
  return 'desktop-large';
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const current = () => screenSizeOf(window.innerWidth);

/** The window's size class, re-rendering only when the class changes. */
export function useScreenSize(): ScreenSize {
  return useSyncExternalStore(subscribe, current, () => 'desktop');
}
