import { useState, type FormEvent } from 'react';
import { ApiPaths, type ResetPasswordBody } from '@hcm/contracts';
import { api, session$, toApiError } from '@hcm/session';
import { Card, Input, Subtitle1, guardSubmit, notify, useFormState, type FieldError } from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import { BusyButton } from './BusyButton.tsx';
import { FailureBar } from './FailureBar.tsx';
import { PageFormField } from './PageFormField.tsx';
import { useProfileStyles } from './form-styles.ts';
import { asksForCaptcha, refusedForCaptchaOnly } from '../sign-in/captcha-demand.ts';
import { useVerification } from '../sign-in/use-verification.ts';
import { VerificationStatusLine } from '../sign-in/VerificationStatus.tsx';
import {
  crossFieldErrors,
  emptyPasswordChange,
  passwordServerErrors,
  passwordValidators,
  type PasswordChange,
} from './password-rules.ts';
import { saveFailureKey } from './save-failure.ts';

/**
 * The signed-in user's own password: the current one, the new one twice. The server ends every
 * other sign-in of the user and keeps this one (the family of the refresh token sent, which it
 * neither revokes nor rotates), so the session goes on with the tokens it has.
 */
export function ChangePasswordForm() {
  const styles = useProfileStyles();
  const { t } = useShellTranslation();
  const form = useFormState<PasswordChange>({
    initialValues: emptyPasswordChange,
    validators: passwordValidators,
  });
  const [changing, setChanging] = useState(false);
  const [failureKey, setFailureKey] = useState<string | null>(null);
  // Wrong current passwords count like failed sign-ins: after three the server asks for a
  // solved proof of work (README of the server, "Own password"), solved here as on sign-in.
  const verification = useVerification();
  const prefix = 'pages.myProfile.password';
  const cross = crossFieldErrors(form.values);

  /** A field's own error first, then the comparison with the others, once the user has been there. */
  const errorOf = (name: keyof PasswordChange): FieldError | null => {
    const own = form.field(name).error;
    if (own) return own;
    return form.touched[name] || form.dirty[name] ? (cross[name] ?? null) : null;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changing) return;
    const valid = form.valid && Object.keys(cross).length === 0;
    if (!guardSubmit(event, valid, { markAllTouched: form.markAllTouched })) return;
    const session = session$.value;
    if (session.status !== 'signed-in') return;
    setChanging(true);
    setFailureKey(null);
    const body: ResetPasswordBody = {
      oldPassword: form.values.oldPassword,
      newPassword: form.values.newPassword,
      // The session to keep: read now, so a refresh that rotated the token is taken into account.
      refreshToken: session.tokens.refreshToken,
    };
    for (let attempt = 1; ; attempt++) {
      let captcha: string | undefined;
      try {
        captcha = await verification.take();
        await api.post(ApiPaths.iam.resetPassword, body, { ignoreError: true, captcha });
        form.reset();
        void notify.success(t(`${prefix}.changed`));
      } catch (error) {
        const apiError = toApiError(error);
        if (captcha !== undefined || asksForCaptcha(apiError)) verification.prepare();
        // Refused before the password was looked at: once more with a freshly solved challenge.
        if (attempt === 1 && refusedForCaptchaOnly(apiError)) continue;
        const fieldErrors = passwordServerErrors(apiError.fieldErrors);
        form.setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0) setFailureKey(saveFailureKey(apiError));
      }
      break;
    }
    setChanging(false);
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
      <Subtitle1 as="h2" className={styles.heading}>
        {t(`${prefix}.heading`)}
      </Subtitle1>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t(`${prefix}.formLabel`)}>
        {failureKey && <FailureBar title={t(`${prefix}.failedTitle`)} message={t(failureKey)} />}
        <PageFormField label={t(`${prefix}.oldPassword`)} error={errorOf('oldPassword')} required>
          {passwordInput('oldPassword', 'current-password')}
        </PageFormField>
        <PageFormField
          label={t(`${prefix}.newPassword`)}
          error={errorOf('newPassword')}
          hint={t(`${prefix}.policy`)}
          required
        >
          {passwordInput('newPassword', 'new-password')}
        </PageFormField>
        <PageFormField label={t(`${prefix}.confirmPassword`)} error={errorOf('confirmPassword')} required>
          {passwordInput('confirmPassword', 'new-password')}
        </PageFormField>
        {verification.needed && <VerificationStatusLine verification={verification} />}
        <BusyButton busy={changing} busyLabel={t(`${prefix}.changing`)} label={t(`${prefix}.submit`)} />
      </form>
    </Card>
  );
}
