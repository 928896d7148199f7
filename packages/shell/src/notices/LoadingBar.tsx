import { useSyncExternalStore } from 'react';
import { loading$, type LoadingValue } from '@hcm/session';
import { ProgressBar, makeStyles, tokens } from '@hcm/ui';
import { useShellTranslation } from '../shell-i18n.ts';

const useStyles = makeStyles({
  // Over everything at the very top, like a browser's own progress line; it takes no room.
  bar: {
    position: 'fixed',
    top: 0,
    left: 0,
    right: 0,
    zIndex: 1000000,
    pointerEvents: 'none',
    backgroundColor: 'transparent',
  },
  track: { borderRadius: tokens.borderRadiusNone },
});

let current: LoadingValue = null;
const subscribe = (onChange: () => void) => {
  const subscription = loading$.subscribe((value) => {
    current = value;
    onChange();
  });
  return () => subscription.unsubscribe();
};
const snapshot = () => current;

/**
 * The thin line at the top of the page while calls flagged `loading` take longer than a
 * second (core §9); its value comes from @hcm/session's loading$ (40, 80, then 100 at the end).
 */
export function LoadingBar() {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const value = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (value === null) return null;
  return (
    <div className={styles.bar}>
      <ProgressBar
        className={styles.track}
        aria-label={t('notices.loading')}
        thickness="medium"
        max={100}
        value={value}
      />
    </div>
  );
}
