import { useEffect, useRef } from 'react';

/** single-spa's event before it changes route; cancelNavigation takes a boolean or its promise. */
export const BEFORE_ROUTING_EVENT = 'single-spa:before-routing-event';

export interface BeforeRoutingDetail {
  oldUrl: string;
  newUrl: string;
  cancelNavigation?: (cancel?: boolean | Promise<boolean>) => void;
}

const pathOf = (url: string) => new URL(url, window.location.href).pathname;

/**
 * Warns before unsaved changes are lost: the browser's own prompt when the tab closes or reloads
 * (beforeunload), and `ask()` when the portal routes elsewhere (single-spa's before-routing
 * event, canceled unless the user agrees). A change of the query string alone is not leaving.
 * Returns `allowLeaving()`, called before the form's own navigation after a save.
 */
export function useUnsavedChangesWarning(dirty: boolean, ask: () => Promise<boolean>): () => void {
  const state = useRef({ dirty, ask, leaving: false });
  useEffect(() => {
    state.current.dirty = dirty;
    state.current.ask = ask;
  });

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!state.current.dirty || state.current.leaving) return;
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    const onBeforeRouting = (event: Event) => {
      const detail = (event as CustomEvent<BeforeRoutingDetail>).detail;
      if (!state.current.dirty || state.current.leaving || !detail?.cancelNavigation) return;
      if (pathOf(detail.newUrl) === pathOf(detail.oldUrl)) return;
      detail.cancelNavigation(state.current.ask().then((leave) => !leave));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener(BEFORE_ROUTING_EVENT, onBeforeRouting);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener(BEFORE_ROUTING_EVENT, onBeforeRouting);
    };
  }, []);

  return () => {
    state.current.leaving = true;
  };
}
