import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import { zoomAt, type View } from './viewport.ts';

/** Moves shorter than this (frame pixels) are clicks, not drags. */
const DRAG_FROM = 4;

type SetView = (update: (view: View) => View) => void;

/**
 * The chart frame's gestures: drag to pan (mouse, pen or one finger), pinch with two fingers and
 * Ctrl + wheel (a touchpad's pinch arrives as that) to zoom around the fingers or the cursor, the
 * wheel alone to pan. A drag that ends on a unit does not open it (`wasDrag`).
 */
export function usePanZoom(frame: RefObject<HTMLDivElement | null>, setView: SetView) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const travelled = useRef(0);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const point = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      // lines, not pixels (Firefox's mouse wheel): about 16 px each
      const unit = event.deltaMode === 1 ? 16 : 1;
      if (event.ctrlKey || event.metaKey)
        setView((view) => zoomAt(view, Math.exp(-event.deltaY * unit * 0.0025), point));
      else setView((view) => ({ ...view, x: view.x - event.deltaX * unit, y: view.y - event.deltaY * unit }));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [frame, setView]);

  const at = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // the buttons of a box (open, actions) keep their own clicks
    if ((event.target as Element).closest('button, input, [role="menu"]')) return;
    pointers.current.set(event.pointerId, at(event));
    if (pointers.current.size === 1) travelled.current = 0;
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const now = at(event);
    const other = [...pointers.current].find(([id]) => id !== event.pointerId)?.[1];
    if (other) {
      const distanceBefore = Math.hypot(before.x - other.x, before.y - other.y);
      const distanceNow = Math.hypot(now.x - other.x, now.y - other.y);
      const middle = { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 };
      if (distanceBefore > 0) setView((view) => zoomAt(view, distanceNow / distanceBefore, middle));
      travelled.current += DRAG_FROM + 1;
    } else {
      const dx = now.x - before.x;
      const dy = now.y - before.y;
      travelled.current += Math.abs(dx) + Math.abs(dy);
      if (travelled.current > DRAG_FROM) {
        // captured only once it is a drag: a click keeps its target (the unit's box)
        if (!dragging) {
          setDragging(true);
          try {
            event.currentTarget.setPointerCapture(event.pointerId);
          } catch {
            // a pointer the browser no longer tracks (released meanwhile): the drag goes on uncaptured
          }
        }
        setView((view) => ({ ...view, x: view.x + dx, y: view.y + dy }));
      }
    }
    pointers.current.set(event.pointerId, now);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) setDragging(false);
  };

  return {
    dragging,
    wasDrag: () => travelled.current > DRAG_FROM,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
    },
  };
}
