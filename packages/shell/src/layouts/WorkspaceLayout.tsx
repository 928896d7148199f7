import { useCallback, type ReactNode } from 'react';
import type { Profile } from '@hcm/contracts';
import { makeStyles, tokens } from '@hcm/ui';
import { MODULE_OUTLET_ID, MODULE_OUTLET_READY_EVENT } from '../routing/shell-paths.ts';
import { useShellTranslation } from '../shell-i18n.ts';
import { TopBar } from './TopBar.tsx';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  main: { flexGrow: 1, padding: tokens.spacingHorizontalXL },
});

/**
 * The signed-in frame: top bar, then the shell's own page (dashboard, not-found) and the module
 * outlet. The outlet is an empty element React never renders into: module micro-apps mount
 * their own React roots there, and it stays in place while the user moves between workspace
 * pages so a mounted module is not torn down under its feet.
 */
export function WorkspaceLayout({ profile, children }: { profile: Profile; children?: ReactNode }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  // Tells modules waiting to mount that their element exists (it does not while signed out).
  const announceOutlet = useCallback((outlet: HTMLDivElement | null) => {
    if (outlet) window.dispatchEvent(new CustomEvent(MODULE_OUTLET_READY_EVENT, { detail: { outlet } }));
  }, []);
  return (
    <div className={styles.root}>
      <TopBar profile={profile} />
      <main className={styles.main} aria-label={t('workspace.mainLabel')}>
        {children}
        <div id={MODULE_OUTLET_ID} ref={announceOutlet} />
      </main>
    </div>
  );
}
