import { useCallback, useEffect, useMemo, useState } from 'react';
import { DevicePaths, type AcceptSerialBody, type PendingSerial } from '@hcm/contracts/attendance-devices';
import { api, ApiError } from '@hcm/session';
import {
  Button,
  DataGrid,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  ReferencePicker,
  Subtitle2,
  Text,
  Title2,
  goTo,
  makeStyles,
  tokens,
  type GridColumn,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { TENANT_ROUTE } from './tenant-route.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  title: { flexGrow: 1 },
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    '& > *': { minWidth: '180px', flexGrow: 1 },
  },
});

const TENANT_TARGET = { resource: 'tenant', apiPath: '/api/system/tenants', display: 'name' } as const;
const VIETNAM_MS = 7 * 3_600_000;

/** 'dd/MM/yyyy HH:mm' in Vietnam (+07) whatever the browser's zone: the devices' own clocks are Vietnamese. */
function vietnamTime(iso: string): string {
  const local = new Date(Date.parse(iso) + VIETNAM_MS).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

/**
 * The platform's time clocks that pushed and belong to no tenant (docs/attendance-devices.md,
 * "Unknown serials"): with when they were first and last heard from and from where, and the
 * form that accepts one into a tenant with a code and a name, which makes that tenant's device
 * record and binds the serial to it. A system administrator's page: the tenants' list links it.
 */
export function PendingDevicesPage() {
  const { t } = useAdminTranslation();
  const styles = useStyles();
  const [rows, setRows] = useState<readonly PendingSerial[] | null>(null);
  const [serial, setSerial] = useState('');
  const [tenantId, setTenantId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(
    () =>
      api
        .getPage<PendingSerial>(DevicePaths.pendingSerials, { ignoreError: true })
        .then((page) => setRows(page.data))
        .catch(() => setMessage({ intent: 'error', text: t('pendingDevices.loadFailed') })),
    [t],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const columns = useMemo<GridColumn<PendingSerial>[]>(
    () => [
      { key: 'serialNumber', header: t('pendingDevices.serial'), width: 160, rowHeader: true },
      {
        key: 'firstSeenAt',
        header: t('pendingDevices.firstSeen'),
        width: 150,
        value: (row) => vietnamTime(row.firstSeenAt),
      },
      {
        key: 'lastSeenAt',
        header: t('pendingDevices.lastSeen'),
        width: 150,
        value: (row) => vietnamTime(row.lastSeenAt),
      },
      {
        key: 'sourceIp',
        header: t('pendingDevices.sourceIp'),
        width: 140,
        value: (row) => row.sourceIp ?? '',
      },
      { key: 'requests', header: t('pendingDevices.requests'), width: 90 },
    ],
    [t],
  );
  const ready = serial !== '' && tenantId !== null && code.trim() !== '' && name.trim() !== '' && !busy;

  const accept = (body: AcceptSerialBody) => {
    setBusy(true);
    setMessage(null);
    api
      .post<{ deviceId: string }>(DevicePaths.acceptSerial(serial), body, { ignoreError: true })
      .then(() => {
        setMessage({ intent: 'success', text: t('pendingDevices.accepted', { serial }) });
        setSerial('');
        setCode('');
        setName('');
        return load();
      })
      .catch((error: unknown) =>
        setMessage({
          intent: 'error',
          // the server says which field is wrong (a code taken in that tenant, a serial gone)
          text: error instanceof ApiError && error.message ? error.message : t('pendingDevices.refused'),
        }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <section className={styles.page} aria-labelledby="pending-devices-title">
      <div className={styles.head}>
        <Title2 as="h1" id="pending-devices-title" className={styles.title}>
          {t('pendingDevices.title')}
        </Title2>
        <Button onClick={() => goTo(TENANT_ROUTE)}>{t('pendingDevices.back')}</Button>
      </div>
      <Text>{t('pendingDevices.intro')}</Text>
      {rows && rows.length === 0 && <Text>{t('pendingDevices.empty')}</Text>}
      {rows && rows.length > 0 && (
        <>
          <DataGrid
            columns={columns}
            rows={rows}
            rowKey={(row) => row.serialNumber}
            label={t('pendingDevices.title')}
          />
          <Subtitle2 as="h2">{t('pendingDevices.acceptTitle')}</Subtitle2>
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              if (ready && tenantId) accept({ tenantId, code: code.trim(), name: name.trim() });
            }}
          >
            <Field label={t('pendingDevices.serial')} required>
              <Input
                list="pending-serial-list"
                value={serial}
                onChange={(_event, data) => setSerial(data.value.trim().toUpperCase())}
              />
            </Field>
            <datalist id="pending-serial-list">
              {rows.map((row) => (
                <option key={row.serialNumber} value={row.serialNumber} />
              ))}
            </datalist>
            <Field label={t('pendingDevices.tenant')} required>
              <ReferencePicker target={TENANT_TARGET} value={tenantId} onChange={setTenantId} />
            </Field>
            <Field label={t('pendingDevices.code')} required>
              <Input value={code} maxLength={255} onChange={(_event, data) => setCode(data.value)} />
            </Field>
            <Field label={t('pendingDevices.name')} required>
              <Input value={name} maxLength={200} onChange={(_event, data) => setName(data.value)} />
            </Field>
            <div>
              <Button appearance="primary" type="submit" disabled={!ready}>
                {t('pendingDevices.accept')}
              </Button>
            </div>
          </form>
        </>
      )}
      {message && (
        <MessageBar intent={message.intent} role={message.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
