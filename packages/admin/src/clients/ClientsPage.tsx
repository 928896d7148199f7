import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { FieldLimits, permissionCodesForLevel } from '@hcm/contracts';
import { CLIENT_ROUTE, type ApiClient, type ApiClientWithSecret } from '@hcm/contracts/system';
import { ApiError } from '@hcm/session';
import {
  Authorized,
  Button,
  Combobox,
  DataTable,
  FormField,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Option,
  Loading,
  Text,
  Title2,
  Validators,
  confirmAction,
  formatDate,
  makeStyles,
  notify,
  serverFieldErrors,
  tokens,
  useAuthorities,
  useFormState,
  failureText,
  type ColumnDef,
  type FieldError,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { clientApi } from './client-api.ts';

export { CLIENT_ROUTE };

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: tokens.spacingVerticalM,
    alignItems: 'start',
    padding: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  wide: { gridColumn: '1 / -1' },
  secret: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '240px' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const tenantCodes = new Set<string>(permissionCodesForLevel('TENANT'));

/** The secret, shown this once (after create or rotate) with a copy button; never again. */
function SecretShownOnce({ revealed, onClose }: { revealed: ApiClientWithSecret; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(revealed.clientSecret).then(() => setCopied(true));
  };
  return (
    <MessageBar intent="success" layout="multiline" role="alertdialog" aria-label={t('client.secretTitle')}>
      <MessageBarBody>
        <MessageBarTitle>{t('client.secretTitle')}</MessageBarTitle>
        <p>{t('client.secretOnce')}</p>
        <div className={styles.secret}>
          <FormField className={styles.grow} label={t('client.clientId')}>
            <Input readOnly value={revealed.client.clientId} />
          </FormField>
          <FormField className={styles.grow} label={t('client.clientSecret')}>
            <Input readOnly value={revealed.clientSecret} />
          </FormField>
          <Button onClick={copy}>{copied ? t('client.copied') : t('client.copySecret')}</Button>
          <Button appearance="primary" onClick={onClose}>
            {t('client.secretSaved')}
          </Button>
        </div>
      </MessageBarBody>
    </MessageBar>
  );
}

type ClientValues = { name: string; description: string; expiresOn: string; scopes: string[] };

/**
 * A client's form: a new one (name, description, optional last day, scopes among the user's
 * own codes), or an active one's changes (`client` given: the same fields, sent with its
 * version). A scope the client has that the user does not hold stays listed so it can be
 * taken away; the server refuses to give it again (client-scopes.ts).
 */
function ClientForm({
  client,
  onCreated,
  onUpdated,
  onCancel,
}: {
  client?: ApiClient;
  onCreated?: (created: ApiClientWithSecret) => void;
  onUpdated?: (updated: ApiClient) => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const authorities = useAuthorities();
  // A client may carry only what its maker holds, within the tenant catalogue (the server says the same).
  const grantable = useMemo(
    () =>
      [...new Set([...(authorities?.granted ?? []), ...(client?.scopes ?? [])])]
        .filter((code) => tenantCodes.has(code))
        .sort(),
    [authorities, client],
  );
  const form = useFormState<ClientValues>({
    initialValues: {
      name: client?.name ?? '',
      description: client?.description ?? '',
      expiresOn: client?.expiresOn ?? '',
      scopes: [...(client?.scopes ?? [])],
    },
    validators: {
      name: [Validators.required(), Validators.maxLength(FieldLimits.name)],
      description: [Validators.maxLength(FieldLimits.description)],
    },
  });
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const needle = query.trim().toLowerCase();
  const shown = grantable.filter((code) => needle === '' || code.includes(needle)).slice(0, 60);
  const name = form.field('name');
  const description = form.field('description');
  const expiresOn = form.field('expiresOn');
  const scopes = form.field('scopes');
  const title = client ? t('client.editTitle', { name: client.name }) : t('client.create');

  const save = async () => {
    setSaving(true);
    try {
      const { name: n, description: d, expiresOn: e, scopes: s } = form.values;
      const body = {
        name: n.trim(),
        description: d.trim() === '' ? null : d.trim(),
        expiresOn: e === '' ? null : e,
        scopes: s,
      };
      if (client) onUpdated?.(await clientApi.update(client.id, { ...body, version: client.version }));
      else onCreated?.(await clientApi.create(body));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        form.setErrors(
          serverFieldErrors(error.fieldErrors) as Partial<Record<keyof ClientValues, FieldError>>,
        );
        // the first problem in the user's words with its field's label, never the server's
        const labels: Record<string, string> = {
          name: t('client.name'),
          description: t('client.description'),
          expiresOn: t('client.expiresOn'),
          scopes: t('client.scopes'),
        };
        notify.warning(failureText(error, { label: (field) => labels[field.replace(/\[.*$/, '')] }));
      } else notify.error(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={title}
      onSubmit={(event: FormEvent) => {
        void form.handleSubmit(save)(event);
      }}
    >
      <FormField label={t('client.name')} error={name.error} required>
        <Input value={name.value} onChange={(_e, data) => name.onChange(data.value)} onBlur={name.onBlur} />
      </FormField>
      <FormField label={t('client.expiresOn')} hint={t('client.expiresHint')} error={expiresOn.error}>
        <Input
          type="date"
          value={expiresOn.value}
          onChange={(_e, data) => expiresOn.onChange(data.value)}
          onBlur={expiresOn.onBlur}
        />
      </FormField>
      <FormField className={styles.wide} label={t('client.description')} error={description.error}>
        <Input
          value={description.value}
          onChange={(_e, data) => description.onChange(data.value)}
          onBlur={description.onBlur}
        />
      </FormField>
      <FormField
        className={styles.wide}
        label={t('client.scopes')}
        hint={t('client.scopesHint', { count: scopes.value.length })}
        error={scopes.error}
      >
        <Combobox
          multiselect
          freeform
          open={open}
          onOpenChange={(_event, data) => setOpen(data.open)}
          placeholder={t('client.scopesPlaceholder')}
          value={query}
          selectedOptions={scopes.value}
          onChange={(event) => setQuery(event.target.value)}
          onOptionSelect={(_event, data) => {
            scopes.onChange([...data.selectedOptions].sort());
            setQuery('');
          }}
        >
          {shown.map((code) => (
            <Option key={code} value={code}>
              {code}
            </Option>
          ))}
        </Combobox>
      </FormField>
      {scopes.value.length > 0 && (
        <Text className={styles.wide} size={200}>
          {scopes.value.join(', ')}
        </Text>
      )}
      <div className={`${styles.buttons} ${styles.wide}`}>
        <Button type="submit" appearance="primary" disabled={saving}>
          {saving ? <Loading size="tiny" /> : t(client ? 'client.saveButton' : 'client.createButton')}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          {t('client.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * System › Client (/system/client): the tenant's API clients. Hand-made, as the generic pages
 * cannot show a secret once: create (the secret appears here, then never again), edit an active
 * client (name, description, last day, scopes), rotate the secret, revoke. The token endpoint is described in README.md, "API clients".
 */
export default function ClientsPage() {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [clients, setClients] = useState<ApiClient[] | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApiClient | null>(null);
  const [revealed, setRevealed] = useState<ApiClientWithSecret | null>(null);
  const load = () => {
    clientApi
      .list()
      .then(setClients)
      .catch(() => setClients([]));
  };
  useEffect(load, []);

  const rotate = async (client: ApiClient) => {
    const sure = await confirmAction({
      kind: 'confirm',
      title: t('client.rotate'),
      message: t('client.rotateConfirm', { name: client.name }),
    });
    if (!sure) return;
    setRevealed(await clientApi.rotateSecret(client.id));
    load();
  };
  const revoke = async (client: ApiClient) => {
    const sure = await confirmAction({
      kind: 'confirm',
      title: t('client.revoke'),
      message: t('client.revokeConfirm', { name: client.name }),
    });
    if (!sure) return;
    await clientApi.revoke(client.id);
    notify.success(t('client.revoked', { name: client.name }));
    load();
  };

  const columns: ColumnDef<ApiClient>[] = [
    { key: 'name', labelKey: 'admin:client.name', truncate: 40 },
    { key: 'clientId', labelKey: 'admin:client.clientId', width: 250 },
    {
      key: 'scopes',
      labelKey: 'admin:client.scopes',
      render: (row) => (row.scopes.length === 0 ? '—' : row.scopes.join(', ')),
    },
    {
      key: 'status',
      labelKey: 'admin:client.status',
      width: 130,
      render: (row) => t(`client.statuses.${row.status}`),
    },
    {
      key: 'expiresOn',
      labelKey: 'admin:client.expiresOn',
      width: 110,
      render: (row) => (row.expiresOn ? formatDate(row.expiresOn, 'date') : '—'),
    },
    {
      key: 'lastUsedAt',
      labelKey: 'admin:client.lastUsedAt',
      width: 140,
      render: (row) => (row.lastUsedAt ? formatDate(row.lastUsedAt, 'timeDate') : '—'),
    },
    {
      key: 'actions',
      labelKey: 'admin:client.actions',
      width: 260,
      render: (row) =>
        row.status === 'ACTIVE' ? (
          <Authorized anyOf={['client.update']}>
            <div className={styles.buttons}>
              <Button
                size="small"
                aria-label={t('client.editTitle', { name: row.name })}
                onClick={() => {
                  setCreating(false);
                  setEditing(row);
                }}
              >
                {t('client.edit')}
              </Button>
              <Button size="small" onClick={() => void rotate(row)}>
                {t('client.rotate')}
              </Button>
              <Button size="small" onClick={() => void revoke(row)}>
                {t('client.revoke')}
              </Button>
            </div>
          </Authorized>
        ) : null,
    },
  ];

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('client.title')}</Title2>
      <Text>{t('client.intro')}</Text>
      {revealed && <SecretShownOnce revealed={revealed} onClose={() => setRevealed(null)} />}
      {editing && (
        <ClientForm
          key={editing.id}
          client={editing}
          onUpdated={(updated) => {
            setEditing(null);
            notify.success(t('client.updated', { name: updated.name }));
            load();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <Authorized anyOf={['client.create']}>
        {creating ? (
          <ClientForm
            onCreated={(created) => {
              setCreating(false);
              setRevealed(created);
              load();
            }}
            onCancel={() => setCreating(false)}
          />
        ) : (
          <div>
            <Button
              appearance="primary"
              onClick={() => {
                setEditing(null);
                setCreating(true);
              }}
            >
              {t('client.create')}
            </Button>
          </div>
        )}
      </Authorized>
      <DataTable
        ariaLabel={t('client.title')}
        columns={columns}
        rows={clients ?? []}
        getRowId={(row) => row.id}
        loading={clients === null}
      />
    </div>
  );
}
