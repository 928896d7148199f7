import { useEffect, useState } from 'react';
import { FieldLimits, Patterns } from '@hcm/contracts';
import { EMAIL_PATTERN, type AdminUser, type RoleSummary } from '@hcm/contracts/users-roles';
import { ApiError } from '@hcm/session';
import {
  Button,
  Checkbox,
  Dropdown,
  FormField,
  Option,
  TextInput,
  Validators,
  makeStyles,
  tokens,
  useFormState,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { rolesApi } from './users-roles-api.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingVerticalM,
  },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM },
});

export interface UserFormValues extends Record<string, unknown> {
  username: string;
  fullName: string;
  email: string;
  phone: string;
  password: string;
  roleIds: string[];
}

export interface UserFormProps {
  /** the user being updated; absent: a new user */
  user?: AdminUser;
  /**
   * saves; a thrown ApiError's field errors are shown on their fields. `requirePasswordChange`:
   * the user must replace the (typed or generated) password at first sign-in.
   */
  onSubmit: (
    values: UserFormValues,
    generatePassword: boolean,
    requirePasswordChange: boolean,
  ) => Promise<void>;
  onCancel: () => void;
}

/**
 * A user's form: user name (new users only: it never changes), full name, e-mail, phone, the
 * roles (several, from the caller's roles), and for a new user either a password typed here or
 * one the server generates and shows once; by default the user must replace it with their own
 * at first sign-in (the administrator knows it), which the administrator may untick. Validated in the browser with the limits of
 * catalogues §5 (the server checks again).
 */
export function UserForm({ user, onSubmit, onCancel }: UserFormProps) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [roles, setRoles] = useState<RoleSummary[]>([]);
  const [generate, setGenerate] = useState(true);
  const [requireChange, setRequireChange] = useState(true);
  const [busy, setBusy] = useState(false);
  const creating = !user;
  useEffect(() => {
    let current = true;
    rolesApi
      .all()
      .then((found) => current && setRoles(found))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  const form = useFormState<UserFormValues>({
    initialValues: {
      username: user?.username ?? '',
      fullName: user?.fullName ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      password: '',
      roleIds: user?.roles.map((role) => role.id) ?? [],
    },
    validators: {
      ...(creating
        ? {
            username: [
              Validators.required(),
              Validators.minLength(FieldLimits.usernameMin),
              Validators.maxLength(FieldLimits.usernameMax),
              Validators.pattern(Patterns.username),
            ],
          }
        : {}),
      fullName: [Validators.required(), Validators.maxLength(FieldLimits.name)],
      email: [Validators.maxLength(FieldLimits.email), Validators.pattern(EMAIL_PATTERN)],
      phone: [
        Validators.minLength(FieldLimits.phoneMin),
        Validators.maxLength(FieldLimits.phoneMax),
        Validators.pattern(Patterns.phone),
      ],
      ...(creating && !generate
        ? {
            password: [
              Validators.required(),
              Validators.maxLength(FieldLimits.passwordMax),
              Validators.pattern(Patterns.password),
            ],
          }
        : {}),
    },
  });
  const submit = form.handleSubmit(async (_cleaned, raw) => {
    setBusy(true);
    try {
      await onSubmit(raw, generate, requireChange);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0)
        form.setErrors(
          Object.fromEntries(
            error.fieldErrors.map((e) => [e.field.replace(/\[\d+\]$/, ''), { key: e.code }]),
          ),
        );
    } finally {
      setBusy(false);
    }
  });
  const text = (name: 'username' | 'fullName' | 'email' | 'phone' | 'password', type?: 'password') => {
    const bound = form.field(name);
    return (
      <FormField
        label={t(`user.${name}`)}
        error={bound.error}
        required={name === 'username' || name === 'fullName'}
      >
        <TextInput
          name={name}
          type={type}
          value={bound.value as string}
          onChange={(value) => bound.onChange(value)}
          onBlur={bound.onBlur}
        />
      </FormField>
    );
  };
  const roleIds = form.values.roleIds;
  const roleNames = roles.filter((role) => roleIds.includes(role.id)).map((role) => role.name);
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <div className={styles.grid}>
        {creating && text('username')}
        {text('fullName')}
        {text('email')}
        {text('phone')}
        <FormField label={t('user.roles')}>
          <Dropdown
            multiselect
            value={roleNames.join(', ')}
            placeholder={t('user.pickRoles')}
            selectedOptions={roleIds}
            onOptionSelect={(_, data) => form.setValue('roleIds', data.selectedOptions)}
          >
            {roles.map((role) => (
              <Option key={role.id} value={role.id} text={role.name}>
                {`${role.name} (${role.code})`}
              </Option>
            ))}
          </Dropdown>
        </FormField>
      </div>
      {creating && (
        <div className={styles.grid}>
          <Checkbox
            label={t('user.generatePassword')}
            checked={generate}
            onChange={(_, data) => setGenerate(data.checked === true)}
          />
          {!generate && text('password', 'password')}
          <Checkbox
            label={t('user.requirePasswordChange')}
            checked={requireChange}
            onChange={(_, data) => setRequireChange(data.checked === true)}
          />
        </div>
      )}
      <div className={styles.buttons}>
        <Button appearance="primary" type="submit" disabled={busy}>
          {t('usersRoles.save')}
        </Button>
        <Button onClick={onCancel}>{t('usersRoles.cancel')}</Button>
      </div>
    </form>
  );
}
