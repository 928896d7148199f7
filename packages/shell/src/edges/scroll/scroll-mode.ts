/** What the floating scroll button offers: nothing on a page that fits the window. */
export type ScrollMode = 'hidden' | 'to-top' | 'to-bottom';

export interface ScrollMeasure {
  /** the document's full height */
  scrollHeight: number;
  /** the window's height */
  viewportHeight: number;
  /** how far the page is scrolled */
  scrollTop: number;
  /** a phone's width (screen class 'mobile'): the button may not cover what the user reads first */
  phone?: boolean;
}

/**
 * Hidden when the page is not taller than the window (core §1); otherwise "to the bottom" in the
 * upper half of the scroll range and "back to the top" past its middle, so even a page barely
 * taller than the window offers both ways. On a phone: "back to the top" alone, past the first screen.
 */
export function scrollModeOf({
  scrollHeight,
  viewportHeight,
  scrollTop,
  phone = false,
}: ScrollMeasure): ScrollMode {
  const range = scrollHeight - viewportHeight;
  // One pixel of rounding (zoom, fractional heights) is not a taller page.
  if (range <= 1) return 'hidden';
  // On a phone the floating button sat on the list's first row (issue 27): a finger scrolls
  // down anyway, so it offers only the way back, once the first screen is out of view.
  if (phone) return scrollTop > viewportHeight ? 'to-top' : 'hidden';
  return scrollTop > range / 2 ? 'to-top' : 'to-bottom';
}
