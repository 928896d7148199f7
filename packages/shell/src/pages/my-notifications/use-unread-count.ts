import { useEffect, useState } from 'react';
import { notifications } from '@hcm/session';

/** The signed-in user's unread count as the page's one feed holds it (the bell's badge). */
export function useUnreadCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const subscription = notifications.unread$.subscribe(setCount);
    return () => subscription.unsubscribe();
  }, []);
  return count;
}
