import { Body1, Card, CardHeader, Title2, makeStyles, tokens } from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import { SignInForm } from './SignInForm.tsx';

const useStyles = makeStyles({
  card: { width: '100%', maxWidth: '400px', padding: tokens.spacingHorizontalXXL, boxSizing: 'border-box' },
});

/** The public sign-in page: one card with the title and the form. */
export function SignInPage() {
  const styles = useStyles();
  const { t } = useShellTranslation();
  return (
    <Card className={styles.card}>
      <CardHeader
        header={<Title2 as="h1">{t('signIn.title')}</Title2>}
        description={<Body1>{t('signIn.subtitle')}</Body1>}
      />
      <SignInForm />
    </Card>
  );
}
