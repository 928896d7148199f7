import type { Profile } from '@hcm/contracts';
import { Body1, Title2, makeStyles, tokens } from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import { AccountSummary } from './AccountSummary.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileDetailsForm } from './ProfileDetailsForm.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
});

/** /setting/my-profile: the signed-in user's own account, details and password. */
export function MyProfilePage({ profile }: { profile: Profile }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  return (
    <section className={styles.page}>
      <Title2 as="h1" className={styles.text}>
        {t('pages.myProfile.title')}
      </Title2>
      <Body1>{t('pages.myProfile.intro')}</Body1>
      <div className={styles.cards}>
        <AccountSummary profile={profile} />
        {/* keyed by user: another sign-in in this tab starts from that user's values */}
        <ProfileDetailsForm key={profile.id} profile={profile} />
        <ChangePasswordForm key={`password-${profile.id}`} />
      </div>
    </section>
  );
}
