import { useSyncExternalStore } from 'react';
import { session$ } from '@hcm/session';

const subscribe = (onChange: () => void) => {
  const subscription = session$.subscribe(onChange);
  return () => subscription.unsubscribe();
};
const signedInUserId = () => {
  const state = session$.value;
  return state.status === 'signed-in' ? state.profile.id : null;
};

/**
 * Who is signed in (their id), or null. A widget that reads data waits for a user and reads again
 * when another signs in: on another site the page may sign in after the widget appeared.
 */
export const useSignedInUserId = (): string | null => useSyncExternalStore(subscribe, signedInUserId);
