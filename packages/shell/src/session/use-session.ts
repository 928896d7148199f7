import { useSyncExternalStore } from 'react';
import { session$, type SessionState } from '@hcm/session';

function subscribe(onChange: () => void): () => void {
  const subscription = session$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

const currentSession = () => session$.value;

/** The page's session, re-rendering on every change of it. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, currentSession);
}
