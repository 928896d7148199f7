import { useEffect, useState, type FormEvent } from 'react';
import { tenantContract } from '@hcm/contracts/system';
import { ApiError } from '@hcm/session';
import {
  Button,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Option,
  Title2,
  goTo,
  makeStyles,
  tokens,
  useFailureText,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { HandOverSecret } from './HandOverSecret.tsx';
import { tenantApi, type CreatedTenant, type HandOverKind, type ServicePackOption } from './tenant-api.ts';
import { TENANT_ROUTE } from './tenant-route.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingVerticalM,
    // Each field its own height, from the top: a field with a hint below its input (tax code)
    // must not stretch its neighbours, whose inputs would then sit lower than its own.
    alignItems: 'start',
  },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM },
});

const TENANT_FIELDS = [
  'code',
  'name',
  'taxCode',
  'address',
  'contactName',
  'contactEmail',
  'contactPhone',
] as const;
type TenantField = (typeof TENANT_FIELDS)[number];
const ADMIN_FIELDS = ['username', 'fullName', 'email'] as const;
type AdminField = (typeof ADMIN_FIELDS)[number];

/** The hand-over, shown once: the password or the link, with a copy button. */
function HandOver({ created }: { created: CreatedTenant }) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  return (
    <MessageBar intent="success" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('tenant.created', { code: created.tenant.code })}</MessageBarTitle>
        <HandOverSecret handOver={created.handOver} />
        <div className={styles.buttons}>
          <Button appearance="primary" onClick={() => goTo(`${TENANT_ROUTE}/${created.tenant.id}/detail`)}>
            {t('tenant.openTenant')}
          </Button>
        </div>
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * Create a tenant with its first administrator (POST /api/system/tenants/create-with-admin):
 * the tenant's fields, the administrator's name, how the credentials are handed over, and an
 * optional service pack. The answer's password or link is shown here once, never again.
 */
export function CreateWithAdminPage() {
  const styles = useStyles();
  const { t, i18n } = useAdminTranslation();
  const failureText = useFailureText();
  const language = i18n.language === 'en' ? 'en' : 'vi';
  const [tenant, setTenant] = useState<Record<TenantField, string>>(
    () => Object.fromEntries(TENANT_FIELDS.map((name) => [name, ''])) as Record<TenantField, string>,
  );
  const [admin, setAdmin] = useState<Record<AdminField, string>>({ username: '', fullName: '', email: '' });
  const [handOver, setHandOver] = useState<HandOverKind>('LINK');
  const [packs, setPacks] = useState<ServicePackOption[]>([]);
  const [packId, setPackId] = useState('');
  const [months, setMonths] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [created, setCreated] = useState<CreatedTenant | null>(null);

  useEffect(() => {
    let current = true;
    tenantApi
      .servicePacks()
      .then((found) => current && setPacks(found))
      .catch(() => current && setPacks([]));
    return () => {
      current = false;
    };
  }, []);

  // a field's problem in the user's words, by its key with the field's label
  const fieldError = (name: string, label: string) => {
    const here = (field: string) => field === name || field === `admin.${name}`;
    return error?.fieldErrors.some((problem) => here(problem.field))
      ? failureText(error, { label: (field) => (here(field) ? label : undefined) })
      : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const given = (value: string) => (value.trim() === '' ? undefined : value.trim());
    tenantApi
      .createWithAdmin({
        code: tenant.code.trim(),
        name: tenant.name.trim(),
        ...Object.fromEntries(
          TENANT_FIELDS.filter((name) => name !== 'code' && name !== 'name')
            .map((name) => [name, given(tenant[name])])
            .filter(([, value]) => value !== undefined),
        ),
        admin: {
          username: admin.username.trim(),
          fullName: admin.fullName.trim(),
          ...(given(admin.email) ? { email: admin.email.trim() } : {}),
        },
        ...(packId ? { servicePackId: packId } : {}),
        ...(packId && months ? { months: Number(months) } : {}),
        handOver,
      })
      .then(setCreated)
      .catch((failure: unknown) =>
        setError(failure instanceof ApiError ? failure : new ApiError(0, 'UNKNOWN', String(failure))),
      )
      .finally(() => setBusy(false));
  };

  if (created)
    return (
      <article className={styles.page} aria-label={t('tenant.createWithAdmin')}>
        <Title2 as="h1">{t('tenant.createWithAdmin')}</Title2>
        <HandOver created={created} />
      </article>
    );

  const handOverLabels: Record<HandOverKind, string> = {
    LINK: t('tenant.handOverKindLink'),
    PASSWORD: t('tenant.handOverKindPassword'),
  };
  const packLabel = (pack: ServicePackOption) => `${pack.code} — ${pack.name}`;
  const chosenPack = packs.find((pack) => pack.id === packId);
  return (
    <article className={styles.page} aria-label={t('tenant.createWithAdmin')}>
      <Title2 as="h1">{t('tenant.createWithAdmin')}</Title2>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failureText(error)}</MessageBarBody>
        </MessageBar>
      )}
      <form onSubmit={submit} className={styles.page} noValidate>
        <section aria-label={tenantContract.singular[language]}>
          <h2>{tenantContract.singular[language]}</h2>
          <div className={styles.grid}>
            {TENANT_FIELDS.map((name) => {
              const problem = fieldError(name, tenantContract.fields[name].label[language]);
              return (
                <Field
                  key={name}
                  label={tenantContract.fields[name].label[language]}
                  required={name === 'code' || name === 'name'}
                  validationMessage={problem}
                  hint={tenantContract.fields[name].hint?.[language]}
                >
                  <Input
                    name={name}
                    value={tenant[name]}
                    onChange={(_, data) => setTenant((before) => ({ ...before, [name]: data.value }))}
                  />
                </Field>
              );
            })}
          </div>
        </section>
        <section aria-label={t('tenant.administrator')}>
          <h2>{t('tenant.administrator')}</h2>
          <div className={styles.grid}>
            {ADMIN_FIELDS.map((name) => (
              <Field
                key={name}
                label={t(`tenant.admin.${name}`)}
                required={name !== 'email'}
                validationMessage={fieldError(name, t(`tenant.admin.${name}`))}
              >
                <Input
                  name={`admin.${name}`}
                  value={admin[name]}
                  onChange={(_, data) => setAdmin((before) => ({ ...before, [name]: data.value }))}
                />
              </Field>
            ))}
            <Field label={t('tenant.handOverKind')}>
              <Dropdown
                value={handOverLabels[handOver]}
                selectedOptions={[handOver]}
                onOptionSelect={(_, data) =>
                  setHandOver((data.optionValue as HandOverKind | undefined) ?? 'LINK')
                }
              >
                {(['LINK', 'PASSWORD'] as const).map((kind) => (
                  <Option key={kind} value={kind}>
                    {handOverLabels[kind]}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          </div>
        </section>
        <section aria-label={t('tenant.subscription')}>
          <h2>{t('tenant.subscription')}</h2>
          <div className={styles.grid}>
            <Field
              label={t('tenant.servicePack')}
              validationMessage={fieldError('servicePackId', t('tenant.servicePack'))}
            >
              <Dropdown
                placeholder={t('tenant.noServicePack')}
                value={chosenPack ? packLabel(chosenPack) : ''}
                selectedOptions={packId ? [packId] : []}
                onOptionSelect={(_, data) => setPackId(data.optionValue ?? '')}
              >
                <Option value="">{t('tenant.noServicePack')}</Option>
                {packs.map((pack) => (
                  <Option key={pack.id} value={pack.id}>
                    {packLabel(pack)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field
              label={t('tenant.months')}
              hint={chosenPack ? t('tenant.monthsHint', { months: chosenPack.duration }) : undefined}
            >
              <Input
                type="number"
                min={1}
                name="months"
                disabled={!packId}
                value={months}
                onChange={(_, data) => setMonths(data.value)}
              />
            </Field>
          </div>
        </section>
        <div className={styles.buttons}>
          <Button appearance="primary" type="submit" disabled={busy}>
            {t('tenant.create')}
          </Button>
          <Button onClick={() => goTo(TENANT_ROUTE)}>{t('tenant.cancel')}</Button>
        </div>
      </form>
    </article>
  );
}
