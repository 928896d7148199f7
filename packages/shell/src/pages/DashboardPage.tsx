import type { Profile } from '@hcm/contracts';
import { Body1, Title2, makeStyles, tokens } from '@hcm/ui';
import { useShellTranslation } from '../shell-i18n.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** The landing page of the workspace: a welcome with the user's full name. */
export function DashboardPage({ profile }: { profile: Profile }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  return (
    <section className={styles.page}>
      <Title2 as="h1">{t('dashboard.welcome', { name: profile.fullName })}</Title2>
      <Body1>{t('dashboard.intro')}</Body1>
    </section>
  );
}
