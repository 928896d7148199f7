import type { Subscription } from 'rxjs';
import { showToast } from '@hcm/ui';
import { notifications } from '@hcm/session';
import { i18n } from '@hcm/i18n';
import { WIDGETS_APP } from '../widgets-i18n.ts';

let bells = 0;
let subscription: Subscription | null = null;

/**
 * Announces each pushed notification once per page, by a toast at the top right (core §7: at
 * most 5, 3000 ms), however many bells the page shows: the first bell mounted starts it, the
 * last one unmounted stops it.
 */
export function announceArrivals(): () => void {
  bells += 1;
  subscription ??= notifications.arrived$.subscribe((notification) => {
    void showToast({
      intent: 'info',
      title: i18n.t('notifications.newTitle', { ns: WIDGETS_APP }),
      message: notification.title,
    });
  });
  return () => {
    bells -= 1;
    if (bells === 0) {
      subscription?.unsubscribe();
      subscription = null;
    }
  };
}
