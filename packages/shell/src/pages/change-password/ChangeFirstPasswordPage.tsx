import { useRef, useState, type FormEvent } from 'react';
import { ApiPaths, type Profile, type ResetPasswordBody } from '@hcm/contracts';
import { api, loadProfile, session$, signOut, toApiError } from '@hcm/session';
import {
  Body1,
  Button,
  Card,
  CardHeader,
  Input,
  Title2,
  guardSubmit,
  makeStyles,
  notify,
  tokens,
  useFormState,
  type FieldError,
} from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import { navigate } from '../../routing/location.ts';
import { ShellPaths } from '../../routing/shell-paths.ts';
import { BusyButton } from '../my-profile/BusyButton.tsx';
import { FailureBar } from '../my-profile/FailureBar.tsx';
import { PageFormField } from '../my-profile/PageFormField.tsx';
import {
  crossFieldErrors,
  emptyPasswordChange,
  passwordServerErrors,
  passwordValidators,
  type PasswordChange,
} from '../my-profile/password-rules.ts';
import { saveFailureKey } from '../my-profile/save-failure.ts';
import { PasswordChecklist } from '../set-password/PasswordChecklist.tsx';
import { asksForCaptcha, refusedForCaptchaOnly } from '../sign-in/captcha-demand.ts';
import { useVerification } from '../sign-in/use-verification.ts';
import { VerificationStatusLine } from '../sign-in/VerificationStatus.tsx';

const useStyles = makeStyles({
  card: { width: '100%', maxWidth: '440px', padding: tokens.spacingHorizontalXXL, boxSizing: 'border-box' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
});

const prefix = 'pages.changePassword';

/**
 * Where a user whose password was set by someone else (an administrator, a generated or printed
 * one) lands after signing in: the server refuses them everything else until they choose their
 * own (403 PASSWORD_CHANGE_REQUIRED), and the router sends every page here. The current
 * password, the new one twice with the policy ticked off as it is typed; or sign out. Once
 * changed, the profile is read again: it no longer asks for the change, so the router moves on
 * to where the user was going (?redirect=, else the dashboard), with a toast.
 */
export function ChangeFirstPasswordPage({ profile }: { profile: Profile }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const form = useFormState<PasswordChange>({
    initialValues: emptyPasswordChange,
    validators: passwordValidators,
  });
  const [busy, setBusy] = useState(false);
  // One call at a time: a second press (or Enter) while it runs is ignored, before any re-render.
  const sending = useRef(false);
  const [failureKey, setFailureKey] = useState<string | null>(null);
  // Wrong current passwords count like failed sign-ins: after three the server asks for a
  // solved proof of work, solved here as on sign-in.
  const verification = useVerification();
  const cross = crossFieldErrors(form.values);

  /** Errors once the user has left the field (or pressed submit): the checklist speaks while typing. */
  const errorOf = (name: keyof PasswordChange): FieldError | null => {
    if (!form.touched[name]) return null;
    return form.errors[name] ?? cross[name] ?? null;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const valid = form.valid && Object.keys(cross).length === 0;
    if (!guardSubmit(event, valid, { markAllTouched: form.markAllTouched })) return;
    const session = session$.value;
    if (session.status !== 'signed-in') return;
    sending.current = true;
    setBusy(true);
    setFailureKey(null);
    const body: ResetPasswordBody = {
      oldPassword: form.values.oldPassword,
      newPassword: form.values.newPassword,
      // The session to keep: read now, so a refresh that rotated the token is taken into account.
      refreshToken: session.tokens.refreshToken,
    };
    let changed = false;
    for (let attempt = 1; ; attempt++) {
      let captcha: string | undefined;
      try {
        captcha = await verification.take();
        await api.post(ApiPaths.iam.resetPassword, body, { ignoreError: true, captcha });
        changed = true;
      } catch (error) {
        const apiError = toApiError(error);
        if (captcha !== undefined || asksForCaptcha(apiError)) verification.prepare();
        // Refused before the password was looked at: once more with a freshly solved challenge.
        if (attempt === 1 && refusedForCaptchaOnly(apiError)) continue;
        const fieldErrors = passwordServerErrors(apiError.fieldErrors);
        form.setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length > 0) form.markAllTouched();
        else setFailureKey(saveFailureKey(apiError));
      }
      break;
    }
    if (changed) {
      void notify.success(t(`${prefix}.done`));
      // The router leaves this page once the profile says the change is done (a failed read is
      // told by the session's own notice).
      await loadProfile().catch(() => undefined);
    }
    sending.current = false;
    setBusy(false);
  };

  const onSignOut = () => {
    // signOut forgets the session at once (the server call follows), so /login shows the form.
    void signOut();
    navigate(ShellPaths.signIn);
  };

  const passwordInput = (name: keyof PasswordChange, autoComplete: string) => {
    const field = form.field(name);
    return (
      <Input
        name={field.name}
        type="password"
        autoComplete={autoComplete}
        value={field.value}
        onChange={(_event, data) => field.onChange(data.value)}
        onBlur={field.onBlur}
      />
    );
  };

  return (
    <Card className={styles.card}>
      <CardHeader
        header={<Title2 as="h1">{t(`${prefix}.title`)}</Title2>}
        description={<Body1>{t(`${prefix}.intro`, { username: profile.username })}</Body1>}
      />
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t(`${prefix}.formLabel`)}>
        {failureKey && <FailureBar title={t(`${prefix}.failedTitle`)} message={t(failureKey)} />}
        <PageFormField label={t(`${prefix}.oldPassword`)} error={errorOf('oldPassword')} required>
          {passwordInput('oldPassword', 'current-password')}
        </PageFormField>
        <PageFormField label={t(`${prefix}.newPassword`)} error={errorOf('newPassword')} required>
          {passwordInput('newPassword', 'new-password')}
        </PageFormField>
        <PasswordChecklist password={form.values.newPassword} />
        <PageFormField label={t(`${prefix}.confirmPassword`)} error={errorOf('confirmPassword')} required>
          {passwordInput('confirmPassword', 'new-password')}
        </PageFormField>
        {verification.needed && <VerificationStatusLine verification={verification} />}
        <div className={styles.actions}>
          <BusyButton busy={busy} busyLabel={t(`${prefix}.submitting`)} label={t(`${prefix}.submit`)} />
          <Button type="button" appearance="subtle" onClick={onSignOut}>
            {t(`${prefix}.signOut`)}
          </Button>
        </div>
      </form>
    </Card>
  );
}
