import type { ReactNode } from 'react';
import { Body1, Title2, makeStyles, tokens } from '@hcm/ui';
import { ShellLink } from '../../components/ShellLink.tsx';
import { ShellPaths } from '../../routing/shell-paths.ts';
import { useSession } from '../../session/use-session.ts';
import { useShellTranslation } from '../../shell-i18n.ts';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    maxWidth: '480px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
  },
  text: { margin: 0 },
});

/**
 * The frame of the 403, 404 and 500 pages: a drawing, a heading, a sentence and the way back
 * (the dashboard when signed in, the sign-in page otherwise).
 */
export function ErrorPage({
  illustration,
  title,
  message,
  signedIn,
}: {
  illustration: ReactNode;
  title: string;
  message: string;
  /** which way back to offer; by default whether the session is signed in */
  signedIn?: boolean;
}) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const hasSession = useSession().status === 'signed-in';
  return (
    <section className={styles.page}>
      {illustration}
      <Title2 as="h1" align="center" className={styles.text}>
        {title}
      </Title2>
      <Body1 as="p" align="center" className={styles.text}>
        {message}
      </Body1>
      {(signedIn ?? hasSession) ? (
        <ShellLink to={ShellPaths.dashboard}>{t('pages.back.dashboard')}</ShellLink>
      ) : (
        <ShellLink to={ShellPaths.signIn}>{t('pages.back.signIn')}</ShellLink>
      )}
    </section>
  );
}
