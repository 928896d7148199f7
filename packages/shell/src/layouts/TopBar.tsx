import type { Profile } from '@hcm/contracts';
import { Text, makeStyles, tokens, useScreenSize } from '@hcm/ui';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { ThemeLogo } from '../edges/theme/ThemeLogo.tsx';
import { useShellTranslation } from '../shell-i18n.ts';
import { NotificationBell } from '@hcm/widgets';
import { HelpButton } from './HelpButton.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The top bar's height: the sidebar below it is sticky from there and fills the rest of the window. */
export const TOP_BAR_HEIGHT = '56px';

const useStyles = makeStyles({
  bar: {
    // Stays in place while the page scrolls under it (the document stays the scroller).
    position: 'sticky',
    top: 0,
    zIndex: 100,
    height: TOP_BAR_HEIGHT,
    boxSizing: 'border-box',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  bellSlot: { display: 'flex', alignItems: 'center' },
});

/**
 * The theme's logo, the product name, the notification bell's slot, the language switch and the
 * user's menu, across the top of the workspace.
 */
export function TopBar({ profile }: { profile: Profile }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  // A phone's width holds the logo, the bell, the language and the user's avatar, not the names.
  const compact = useScreenSize() === 'mobile';
  return (
    <header className={styles.bar}>
      <ThemeLogo />
      {compact ? (
        // The logo (named by the product) is enough on a phone; this keeps the rest to the right.
        <span className={styles.name} />
      ) : (
        <Text className={styles.name} weight="semibold" size={500}>
          {t('app.name')}
        </Text>
      )}
      <HelpButton />
      <div className={styles.bellSlot} data-slot="notification-bell">
        <NotificationBell />
      </div>
      <LanguageSwitch />
      <UserMenu profile={profile} compact={compact} />
    </header>
  );
}
