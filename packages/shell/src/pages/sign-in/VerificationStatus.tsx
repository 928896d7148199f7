import { Button, Spinner, Text, makeStyles, tokens } from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import type { VerificationState } from './use-verification.ts';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '32px' },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * What the browser check is doing, once the server has asked for one: verifying (a spinner),
 * verified, or failed with a button to try again. Announced politely to screen readers.
 */
export function VerificationStatusLine({ verification }: { verification: VerificationState }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  return (
    <div className={styles.row} role="status" aria-live="polite">
      {verification.status === 'verifying' && (
        <>
          <Spinner size="tiny" />
          <Text>{t('signIn.captcha.verifying')}</Text>
        </>
      )}
      {verification.status === 'ready' && <Text>{t('signIn.captcha.ready')}</Text>}
      {verification.status === 'failed' && (
        <>
          <Text className={styles.failed}>{t('signIn.captcha.failed')}</Text>
          <Button appearance="subtle" size="small" onClick={() => verification.prepare()}>
            {t('signIn.captcha.retry')}
          </Button>
        </>
      )}
    </div>
  );
}
