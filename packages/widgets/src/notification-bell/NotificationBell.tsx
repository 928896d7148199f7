import { useEffect, useState, useSyncExternalStore } from 'react';
import { AlertRegular, Button, Popover, PopoverSurface, PopoverTrigger, makeStyles, tokens } from '@hcm/ui';
import { notifications } from '@hcm/session';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { announceArrivals } from './arrival-toasts.ts';
import { NotificationPanel, type NotificationOpenDetail } from './NotificationPanel.tsx';

const useStyles = makeStyles({
  icon: { position: 'relative', display: 'inline-flex' },
  badge: {
    position: 'absolute',
    top: '-7px',
    insetInlineStart: '10px',
    minWidth: '18px',
    height: '18px',
    paddingInline: '4px',
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: '18px',
    textAlign: 'center',
    pointerEvents: 'none',
  },
  surface: { padding: 0, width: 'min(380px, calc(100vw - 16px))' },
});

let unreadNow = 0;
const subscribeUnread = (onChange: () => void) => {
  const subscription = notifications.unread$.subscribe((count) => {
    unreadNow = count;
    onChange();
  });
  return () => subscription.unsubscribe();
};
const readUnread = () => unreadNow;

/** The badge's text: the count, or 99+ beyond. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

export interface NotificationBellProps {
  /**
   * Told when the user opens a notification (it is then marked read). Return false to follow
   * its link yourself; otherwise the bell follows it (followLink).
   */
  onOpenNotification?: (detail: NotificationOpenDetail) => boolean | undefined;
}

/**
 * The bell (core §2): the unread count as a badge, polled and pushed through the page's one feed
 * (@hcm/session `notifications`), however many bells the page shows; a click opens the list, and
 * each new notification is announced once per page by a toast at the top right.
 */
export function NotificationBell({ onOpenNotification }: NotificationBellProps) {
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  const unread = useSyncExternalStore(subscribeUnread, readUnread);
  const [open, setOpen] = useState(false);

  useEffect(() => notifications.connect(), []);
  useEffect(() => announceArrivals(), []);

  return (
    <Popover open={open} onOpenChange={(_, data) => setOpen(data.open)} positioning="below-end" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          // the badge rides on the icon, so that the button stays a square icon button
          icon={
            <span className={styles.icon}>
              <AlertRegular />
              {unread > 0 ? (
                <span className={styles.badge} aria-hidden="true" data-testid="notification-badge">
                  {badgeText(unread)}
                </span>
              ) : null}
            </span>
          }
          aria-label={
            unread > 0 ? t('notifications.bellUnread', { count: badgeText(unread) }) : t('notifications.bell')
          }
          aria-expanded={open}
        />
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={t('notifications.title')}>
        {open ? (
          <NotificationPanel onDone={() => setOpen(false)} onOpenNotification={onOpenNotification} />
        ) : null}
      </PopoverSurface>
    </Popover>
  );
}
