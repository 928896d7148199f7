import { Body1, ErrorCircleRegular, Title2, makeStyles, tokens } from '@hcm/ui';
import { ShellLink } from '../components/ShellLink.tsx';
import { ShellPaths } from '../routing/shell-paths.ts';
import { useShellTranslation } from '../shell-i18n.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM },
  icon: { fontSize: '48px', color: tokens.colorNeutralForeground3 },
});

/** A path the shell does not know (and no module claims). Offers the way back. */
export function NotFoundPage({ signedIn }: { signedIn: boolean }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  return (
    <section className={styles.page}>
      <ErrorCircleRegular className={styles.icon} aria-hidden />
      <Title2 as="h1">{t('notFound.title')}</Title2>
      <Body1>{t('notFound.message')}</Body1>
      {signedIn ? (
        <ShellLink to={ShellPaths.dashboard}>{t('notFound.backToDashboard')}</ShellLink>
      ) : (
        <ShellLink to={ShellPaths.signIn}>{t('notFound.backToSignIn')}</ShellLink>
      )}
    </section>
  );
}
