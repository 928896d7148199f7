import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorCodes } from '@hcm/contracts';
import { ClientErrorCodes, api, toApiError, type ApiError } from '@hcm/session';
import {
  Body1,
  Button,
  Card,
  CardHeader,
  EyeOffRegular,
  EyeRegular,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Title2,
  guardSubmit,
  makeStyles,
  tokens,
  useFormState,
  type FieldError,
} from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import { navigate, replaceLocation } from '../../routing/location.ts';
import { ShellPaths } from '../../routing/shell-paths.ts';
import { BusyButton } from '../my-profile/BusyButton.tsx';
import { FailureBar } from '../my-profile/FailureBar.tsx';
import { PageFormField } from '../my-profile/PageFormField.tsx';
import { passwordValidators } from '../my-profile/password-rules.ts';
import { shellError } from '../my-profile/shell-field-error.ts';
import { PasswordChecklist } from './PasswordChecklist.tsx';

/** The public call of the link (server: services/system/tenants/administration-routes.ts). */
export const SET_PASSWORD_API = '/api/iam/set-password';
/** The link's query parameter: /set-password?token=… */
export const LINK_TOKEN_PARAM = 'token';

type NewPassword = { newPassword: string; confirmPassword: string };

const useStyles = makeStyles({
  card: { width: '100%', maxWidth: '440px', padding: tokens.spacingHorizontalXXL, boxSizing: 'border-box' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  done: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, alignItems: 'flex-start' },
});

/**
 * The link's token, read once from the address and then removed from it (replaceState), so it
 * stays in no history entry, bookmark or referrer; it lives only in this page's memory.
 */
function useLinkToken(): [string | null, () => void] {
  const [token, setToken] = useState(
    () => new URLSearchParams(window.location.search).get(LINK_TOKEN_PARAM) || null,
  );
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (!params.has(LINK_TOKEN_PARAM)) return;
    params.delete(LINK_TOKEN_PARAM);
    const rest = params.toString();
    replaceLocation(`${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
  }, []);
  return [token, () => setToken(null)];
}

/** The server refused the link itself (unknown, used or expired): a 400 on `token`. */
const refusesToken = (error: ApiError) => error.fieldErrors.some((e) => e.field === 'token');

function failureKeyOf(error: ApiError): string {
  if (error.code === ClientErrorCodes.network) return 'pages.myProfile.errors.network';
  if (error.code === ErrorCodes.tooManyRequests || error.status === 429) return 'pages.setPassword.tooMany';
  return 'pages.myProfile.errors.unexpected';
}

/**
 * The end of the one-time link a system administrator hands to a new account's first user:
 * the new password twice, the policy ticked off as it is typed, one call. It says nothing of a
 * session this browser may hold (the link may be for another account).
 */
export function SetPasswordPage() {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const [token, forgetToken] = useLinkToken();
  const [outcome, setOutcome] = useState<'form' | 'done' | 'refused'>(token ? 'form' : 'refused');
  const prefix = 'pages.setPassword';

  return (
    <Card className={styles.card}>
      <CardHeader
        header={<Title2 as="h1">{t(`${prefix}.title`)}</Title2>}
        description={<Body1>{t(`${prefix}.intro`)}</Body1>}
      />
      {outcome === 'refused' && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{t(`${prefix}.refusedTitle`)}</MessageBarTitle>
            {t(`${prefix}.refused`)}
          </MessageBarBody>
        </MessageBar>
      )}
      {outcome === 'done' && (
        <div className={styles.done}>
          <MessageBar intent="success" role="status">
            <MessageBarBody>
              <MessageBarTitle>{t(`${prefix}.doneTitle`)}</MessageBarTitle>
              {t(`${prefix}.done`)}
            </MessageBarBody>
          </MessageBar>
          <Button appearance="primary" onClick={() => navigate(ShellPaths.signIn)}>
            {t(`${prefix}.toSignIn`)}
          </Button>
        </div>
      )}
      {outcome === 'form' && token && (
        <SetPasswordForm
          token={token}
          onOutcome={(next) => {
            // Spent or refused: the token is of no further use, not even in memory.
            forgetToken();
            setOutcome(next);
          }}
        />
      )}
    </Card>
  );
}

function SetPasswordForm({
  token,
  onOutcome,
}: {
  token: string;
  onOutcome: (outcome: 'done' | 'refused') => void;
}) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const prefix = 'pages.setPassword';
  const form = useFormState<NewPassword>({
    initialValues: { newPassword: '', confirmPassword: '' },
    validators: {
      newPassword: passwordValidators.newPassword,
      confirmPassword: passwordValidators.confirmPassword,
    },
  });
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  // The call goes once: a second press (or Enter) while it runs is ignored, before any re-render.
  const sending = useRef(false);
  const [failureKey, setFailureKey] = useState<string | null>(null);
  const { newPassword, confirmPassword } = form.values;
  const mismatch = confirmPassword !== '' && confirmPassword !== newPassword;

  /** Errors once the user has left the field (or pressed submit): the checklist speaks while typing. */
  const errorOf = (name: keyof NewPassword): FieldError | null => {
    if (!form.touched[name]) return null;
    const own = form.errors[name];
    if (own) return own;
    return name === 'confirmPassword' && mismatch ? shellError('setPassword.mismatch') : null;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    if (!guardSubmit(event, form.valid && !mismatch, { markAllTouched: form.markAllTouched })) return;
    sending.current = true;
    setBusy(true);
    setFailureKey(null);
    try {
      // ignoreError: this page tells the failure itself; skipAuthRefresh: a public call, whatever
      // session the browser holds.
      await api.post(SET_PASSWORD_API, { token, newPassword }, { ignoreError: true, skipAuthRefresh: true });
      form.reset();
      onOutcome('done');
      return;
    } catch (error) {
      const apiError = toApiError(error);
      if (refusesToken(apiError)) {
        onOutcome('refused');
        return;
      }
      const onPassword = apiError.fieldErrors.find((e) => e.field === 'newPassword');
      if (onPassword) {
        form.setErrors({ newPassword: { key: onPassword.code } });
        form.markAllTouched();
      } else setFailureKey(failureKeyOf(apiError));
    }
    sending.current = false;
    setBusy(false);
  };

  const passwordInput = (name: keyof NewPassword, toggle: boolean) => {
    const field = form.field(name);
    return (
      <Input
        name={field.name}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        value={field.value}
        onChange={(_event, data) => field.onChange(data.value)}
        onBlur={field.onBlur}
        contentAfter={
          toggle ? (
            // One toggle shows or hides both fields; type=button: it never submits the form.
            <Button
              type="button"
              appearance="transparent"
              size="small"
              icon={shown ? <EyeOffRegular /> : <EyeRegular />}
              aria-label={t(`${prefix}.showPassword`)}
              aria-pressed={shown}
              title={t(`${prefix}.showPassword`)}
              onClick={() => setShown((s) => !s)}
            />
          ) : undefined
        }
      />
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t(`${prefix}.formLabel`)}>
      {failureKey && <FailureBar title={t(`${prefix}.failedTitle`)} message={t(failureKey)} />}
      <PageFormField label={t(`${prefix}.newPassword`)} error={errorOf('newPassword')} required>
        {passwordInput('newPassword', true)}
      </PageFormField>
      <PasswordChecklist password={newPassword} />
      <PageFormField label={t(`${prefix}.confirmPassword`)} error={errorOf('confirmPassword')} required>
        {passwordInput('confirmPassword', false)}
      </PageFormField>
      <BusyButton busy={busy} busyLabel={t(`${prefix}.submitting`)} label={t(`${prefix}.submit`)} />
    </form>
  );
}
