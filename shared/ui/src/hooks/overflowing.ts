import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element scrolls sideways (its content is wider than it), kept up to date as
 * either resizes. A region that scrolls must be reachable by keyboard (WCAG 2.1.1; axe's
 * scrollable-region-focusable) when nothing inside it takes focus, e.g. an empty table on a
 * phone; one that does not scroll should not add a tab stop.
 */
export function useOverflowing<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, overflowing };
}
