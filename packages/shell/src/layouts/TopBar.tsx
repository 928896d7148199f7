import type { Profile } from '@hcm/contracts';
import { Text, makeStyles, tokens } from '@hcm/ui';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
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
});

/** Product name, language switch and the user's menu, across the top of the workspace. */
export function TopBar({ profile }: { profile: Profile }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  return (
    <header className={styles.bar}>
      <Text className={styles.name} weight="semibold" size={500}>
        {t('app.name')}
      </Text>
      <LanguageSwitch />
      <UserMenu profile={profile} />
    </header>
  );
}
