import { ArrowClockwiseRegular, Button, Field, Input, Spinner, makeStyles, tokens } from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import type { CaptchaState } from './use-captcha.ts';

const useStyles = makeStyles({
  picture: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  frame: {
    width: '150px',
    height: '50px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden',
  },
});

/**
 * The picture with its "new code" button and the box for the answer. Shown once the server has
 * asked for a captcha; the answer's error comes from the form (missing) or the server (wrong).
 */
export function CaptchaField({ captcha, error }: { captcha: CaptchaState; error: string | undefined }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const message = error ?? (captcha.failed ? t('signIn.captcha.loadFailed') : undefined);
  return (
    <>
      <div className={styles.picture}>
        <div className={styles.frame}>
          {captcha.loading ? (
            <Spinner size="tiny" aria-label={t('signIn.captcha.loading')} />
          ) : (
            captcha.challenge && (
              <img src={captcha.challenge.image} alt={t('signIn.captcha.image')} width={150} height={50} />
            )
          )}
        </div>
        <Button
          appearance="subtle"
          icon={<ArrowClockwiseRegular />}
          onClick={() => void captcha.refresh()}
          disabledFocusable={captcha.loading}
        >
          {t('signIn.captcha.refresh')}
        </Button>
      </div>
      <Field
        label={t('signIn.captcha.label')}
        hint={t('signIn.captcha.hint')}
        required
        {...(message ? { validationState: 'error' as const, validationMessage: message } : {})}
      >
        <Input
          name="captcha"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          value={captcha.answer}
          onChange={(_event, data) => captcha.setAnswer(data.value)}
        />
      </Field>
    </>
  );
}
