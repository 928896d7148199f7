import { useEffect, useMemo, useState } from 'react';
import type { PendingSerial } from '@hcm/contracts/attendance-devices';
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
  makeStyles,
  tokens,
  type GridColumn,
} from '@hcm/ui';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';
import { acceptSerial, pendingSerials } from './device-api.ts';
import { vietnamTime } from './vietnam-time.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    '& > *': { minWidth: '180px', flexGrow: 1 },
  },
});

const TENANT_TARGET = { resource: 'tenant', apiPath: '/api/system/tenants', display: 'name' } as const;

/**
 * The platform's pending serials (system administrators): devices that pushed and belong to no
 * tenant, with when and from where; one is accepted into a tenant with a code and a name, which
 * makes that tenant's device record and binds the serial to it.
 */
export function PendingSerials() {
  const { t } = useTimekeepingTranslation();
  const styles = useStyles();
  const [rows, setRows] = useState<readonly PendingSerial[] | null>(null);
  const [serial, setSerial] = useState('');
  const [tenantId, setTenantId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);

  const load = () =>
    pendingSerials()
      .then((page) => setRows(page.data))
      .catch(() => setMessage({ intent: 'error', text: t('devices.loadFailed') }));
  useEffect(() => {
    pendingSerials()
      .then((page) => setRows(page.data))
      .catch(() => setMessage({ intent: 'error', text: t('devices.loadFailed') }));
  }, [t]);

  const columns = useMemo<GridColumn<PendingSerial>[]>(
    () => [
      { key: 'serialNumber', header: t('devices.setup.serial'), width: 160, rowHeader: true },
      {
        key: 'firstSeenAt',
        header: t('devices.pending.firstSeen'),
        width: 168,
        value: (row) => vietnamTime(row.firstSeenAt),
      },
      {
        key: 'lastSeenAt',
        header: t('devices.pending.lastSeen'),
        width: 168,
        value: (row) => vietnamTime(row.lastSeenAt),
      },
      {
        key: 'sourceIp',
        header: t('devices.pending.sourceIp'),
        width: 140,
        value: (row) => row.sourceIp ?? '',
      },
      { key: 'requests', header: t('devices.pending.requests'), width: 90 },
    ],
    [t],
  );
  const ready = serial !== '' && tenantId !== null && code.trim() !== '' && name.trim() !== '';

  return (
    <section className={styles.section} aria-labelledby="pending-serials">
      <Subtitle2 as="h2" id="pending-serials">
        {t('devices.pending.title')}
      </Subtitle2>
      <Text>{t('devices.pending.intro')}</Text>
      {rows && rows.length === 0 && <Text>{t('devices.pending.empty')}</Text>}
      {rows && rows.length > 0 && (
        <>
          <DataGrid
            columns={columns}
            rows={rows}
            rowKey={(row) => row.serialNumber}
            label={t('devices.pending.title')}
          />
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              if (!ready || !tenantId) return;
              acceptSerial(serial, { tenantId, code: code.trim(), name: name.trim() })
                .then(() => {
                  setMessage({ intent: 'success', text: t('devices.pending.accepted', { serial }) });
                  setSerial('');
                  return load();
                })
                .catch(() => setMessage({ intent: 'error', text: t('devices.pending.refused') }));
            }}
          >
            <Field label={t('devices.setup.serial')} required>
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
            <Field label={t('devices.pending.tenant')} required>
              <ReferencePicker target={TENANT_TARGET} value={tenantId} onChange={setTenantId} />
            </Field>
            <Field label={t('devices.pending.code')} required>
              <Input value={code} maxLength={255} onChange={(_event, data) => setCode(data.value)} />
            </Field>
            <Field label={t('devices.pending.name')} required>
              <Input value={name} maxLength={200} onChange={(_event, data) => setName(data.value)} />
            </Field>
            <div>
              <Button appearance="primary" type="submit" disabled={!ready}>
                {t('devices.pending.accept')}
              </Button>
            </div>
          </form>
        </>
      )}
      {message && (
        <MessageBar intent={message.intent}>
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
