import { useState, type FormEvent } from 'react';
import type { CreatedTenantContact } from '@hcm/contracts/users-roles';
import { ApiError } from '@hcm/session';
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
  useFailureText,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { HandOverSecret } from './HandOverSecret.tsx';
import { tenantApi } from './tenant-api.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingVerticalM,
    alignItems: 'start',
  },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM },
});

const FIELDS = ['username', 'fullName', 'email', 'phoneNumber'] as const;
type ContactField = (typeof FIELDS)[number];
const EMPTY: Record<ContactField, string> = { username: '', fullName: '', email: '', phoneNumber: '' };

/**
 * "Add contact" of a tenant's detail: another administrator account of the tenant (POST
 * /api/iam/users/tenant). The answer's set-password link is shown here once, until "Done".
 */
export function AddContactForm({ tenantId }: { tenantId: string }) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const failureText = useFailureText();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [created, setCreated] = useState<CreatedTenantContact | null>(null);

  const close = () => {
    setOpen(false);
    setValues(EMPTY);
    setError(null);
    setCreated(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const phone = values.phoneNumber.trim();
    tenantApi
      .addContact({
        tenantId,
        username: values.username.trim(),
        fullName: values.fullName.trim(),
        email: values.email.trim(),
        ...(phone ? { phoneNumber: phone } : {}),
      })
      .then(setCreated)
      .catch((failure: unknown) =>
        setError(failure instanceof ApiError ? failure : new ApiError(0, 'UNKNOWN', String(failure))),
      )
      .finally(() => setBusy(false));
  };

  if (created)
    return (
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t('tenant.contactAdded', { name: created.user.fullName })}</MessageBarTitle>
          <HandOverSecret handOver={created.handOver} />
          <div className={styles.buttons}>
            <Button appearance="primary" onClick={close}>
              {t('tenant.contactDone')}
            </Button>
          </div>
        </MessageBarBody>
      </MessageBar>
    );
  if (!open)
    return (
      <div>
        <Button onClick={() => setOpen(true)}>{t('tenant.addContact')}</Button>
      </div>
    );
  // a field's problem in the user's words, by its key with the field's label
  const fieldError = (name: ContactField) =>
    error?.fieldErrors.some((problem) => problem.field === name)
      ? failureText(error, {
          label: (field) => (field === name ? t(`tenant.contact.${name}`) : undefined),
        })
      : undefined;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('tenant.addContact')}>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failureText(error)}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.grid}>
        {FIELDS.map((name) => (
          <Field
            key={name}
            label={t(`tenant.contact.${name}`)}
            required={name !== 'phoneNumber'}
            validationMessage={fieldError(name)}
          >
            <Input
              name={`contact.${name}`}
              type={name === 'email' ? 'email' : name === 'phoneNumber' ? 'tel' : 'text'}
              value={values[name]}
              onChange={(_, data) => setValues((before) => ({ ...before, [name]: data.value }))}
            />
          </Field>
        ))}
      </div>
      <div className={styles.buttons}>
        <Button appearance="primary" type="submit" disabled={busy}>
          {t('tenant.addContactSubmit')}
        </Button>
        <Button onClick={close} disabled={busy}>
          {t('tenant.cancel')}
        </Button>
      </div>
    </form>
  );
}
