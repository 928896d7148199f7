import type { Profile } from '@hcm/contracts';
import { Text, makeStyles, tokens } from '@hcm/ui';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { ThemeLogo } from '../edges/theme/ThemeLogo.tsx';
import { useShellTranslation } from '../shell-i18n.ts';
import { UserMenu } from './UserMenu.tsx';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  name: { flexGrow: 1 },
  // The notification bell widget mounts here (its own React root); empty until then.
  bellSlot: { display: 'flex', alignItems: 'center' },
});

/**
 * The theme's logo, the product name, the notification bell's slot, the language switch and the
 * user's menu, across the top of the workspace.
 */
export function TopBar({ profile }: { profile: Profile }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  return (
    <header className={styles.bar}>
      <ThemeLogo />
      <Text className={styles.name} weight="semibold" size={500}>
        {t('app.name')}
      </Text>
      <div className={styles.bellSlot} data-slot="notification-bell" />
      <LanguageSwitch />
      <UserMenu profile={profile} />
    </header>
  );
}
