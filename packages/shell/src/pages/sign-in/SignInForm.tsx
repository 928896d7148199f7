import { useState, type FormEvent } from 'react';
import { FieldLimits } from '@hcm/contracts';
import { signIn, toApiError } from '@hcm/session';
import {
  Button,
  Checkbox,
  EyeOffRegular,
  EyeRegular,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  makeStyles,
  tokens,
  useFailureText,
} from '@hcm/ui';
import { useShellTranslation, type ShellMessage } from '../../shell-i18n.ts';
import { useMessageText } from '../../components/use-message-text.ts';
import { asksForCaptcha, refusedForCaptchaOnly } from './captcha-demand.ts';
import { useVerification } from './use-verification.ts';
import { VerificationStatusLine } from './VerificationStatus.tsx';
import {
  hasErrors,
  serverFieldErrors,
  signInFailureMessage,
  validateCredentials,
  type CredentialErrors,
} from './validate-credentials.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  submit: { alignSelf: 'stretch' },
});

/**
 * Username, password, remember-me, and a browser check (a proof of work solved in the
 * background) once the server asks for one. Validates before calling; on success the session
 * changes and the router moves on (to the redirect target or the dashboard), so this form only
 * reports failures.
 */
export function SignInForm() {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const textOf = useMessageText();
  const failureText = useFailureText();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [passwordShown, setPasswordShown] = useState(false);
  const [rememberMe, setRememberMe] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<CredentialErrors>({});
  const [failure, setFailure] = useState<ShellMessage | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const verification = useVerification();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const errors = validateCredentials({ username, password });
    setFieldErrors(errors);
    setFailure(null);
    if (hasErrors(errors)) return;
    setSubmitting(true);
    // A refusal that never checked the password (challenge missing or spent, e.g. another tab
    // used the free attempts) is retried once with a freshly solved challenge.
    for (let attempt = 1; ; attempt++) {
      let captcha: string | undefined;
      try {
        captcha = await verification.take();
      } catch {
        setFailure({ key: 'signIn.captcha.failed' });
        break;
      }
      try {
        // ignoreError: the alert below tells the failure; no toast on top of it.
        await signIn({ username: username.trim(), password, rememberMe }, { ignoreError: true, captcha });
        break;
      } catch (error) {
        const apiError = toApiError(error);
        // Any attempt spends the challenge it carried: solve the next one in the background.
        if (captcha !== undefined || asksForCaptcha(apiError)) verification.prepare();
        if (attempt === 1 && refusedForCaptchaOnly(apiError)) continue;
        // the server's refusals in the page's words, by their keys and codes
        const labels = { username: t('signIn.username'), password: t('signIn.password') };
        const fieldText = (problem: { field: string }) =>
          failureText(apiError, {
            label: (field) =>
              field === problem.field && (field === 'username' || field === 'password')
                ? labels[field]
                : undefined,
          });
        setFieldErrors(serverFieldErrors(apiError, fieldText));
        setFailure(signInFailureMessage(apiError, (refused) => failureText(refused)));
        break;
      }
    }
    setSubmitting(false);
  };

  const validation = (message: ShellMessage | undefined) =>
    message ? { validationState: 'error' as const, validationMessage: textOf(message) } : {};

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('signIn.formLabel')}>
      {failure && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{t('signIn.failedTitle')}</MessageBarTitle>
            {textOf(failure)}
          </MessageBarBody>
        </MessageBar>
      )}
      <Field label={t('signIn.username')} {...validation(fieldErrors.username)}>
        <Input
          name="username"
          // The one thing to do on this page: the cursor waits in the first field.
          autoFocus
          autoComplete="username"
          required
          maxLength={FieldLimits.usernameMax}
          value={username}
          onChange={(_e, data) => setUsername(data.value)}
        />
      </Field>
      <Field label={t('signIn.password')} {...validation(fieldErrors.password)}>
        <Input
          name="password"
          type={passwordShown ? 'text' : 'password'}
          autoComplete="current-password"
          required
          maxLength={FieldLimits.passwordMax}
          value={password}
          onChange={(_e, data) => setPassword(data.value)}
          contentAfter={
            // A toggle with one name; aria-pressed says whether the password shows. type=button:
            // pressing it never submits the form.
            <Button
              type="button"
              appearance="transparent"
              size="small"
              icon={passwordShown ? <EyeOffRegular /> : <EyeRegular />}
              aria-label={t('signIn.showPassword')}
              aria-pressed={passwordShown}
              title={t('signIn.showPassword')}
              onClick={() => setPasswordShown((shown) => !shown)}
            />
          }
        />
      </Field>
      {verification.needed && <VerificationStatusLine verification={verification} />}
      <Checkbox
        label={t('signIn.rememberMe')}
        checked={rememberMe}
        onChange={(_e, data) => setRememberMe(data.checked === true)}
      />
      <Button
        className={styles.submit}
        type="submit"
        appearance="primary"
        disabledFocusable={submitting}
        aria-busy={submitting}
        icon={
          submitting ? (
            <Spinner
              size="tiny"
              aria-label={t(
                verification.status === 'verifying' ? 'signIn.captcha.verifying' : 'signIn.signingIn',
              )}
            />
          ) : undefined
        }
      >
        {t('signIn.submit')}
      </Button>
    </form>
  );
}
