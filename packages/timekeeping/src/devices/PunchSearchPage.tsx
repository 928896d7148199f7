import { useMemo, useState } from 'react';
import { DEVICE_TARGETS, type PunchRow } from '@hcm/contracts/attendance-devices';
import {
  Button,
  DataGrid,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  ReferencePicker,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
  type GridColumn,
} from '@hcm/ui';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';
import { exportPunches, punchPage, type PunchFilter } from './device-api.ts';
import { PunchImport } from './PunchImport.tsx';
import { vietnamDay, vietnamTime } from './vietnam-time.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    '& > *': { minWidth: '180px', flexGrow: 1 },
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  more: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

interface Loaded {
  key: string;
  rows: readonly PunchRow[];
  total: number;
  next: string | null;
}

/**
 * Timekeeping › Devices › Data keeping (/tm/search-data): the raw punches as the devices sent
 * them, by days, device and worker, in time order (the server's keyset pages: "more" appends the
 * next), and the same rows as a CSV file. A punch whose PIN no worker has yet shows the PIN only:
 * it gets its worker when the PIN is declared (Users on devices, /tm/employee).
 */
export default function PunchSearchPage() {
  const { t } = useTimekeepingTranslation();
  const styles = useStyles();
  const today = vietnamDay(new Date());
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [workerId, setWorkerId] = useState<string | null>(null);
  const [unitId, setUnitId] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const filter: PunchFilter = { from, to, deviceId, workerId, unitId };
  const key = JSON.stringify(filter);
  const ready = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;

  const load = (cursor: string | null) => {
    if (!ready) return;
    setBusy(true);
    setFailed(false);
    punchPage(filter, cursor)
      .then((page) =>
        setLoaded((before) => ({
          key,
          rows: cursor && before?.key === key ? [...before.rows, ...page.data] : page.data,
          total: page.page.total,
          next: page.page.nextCursor ?? null,
        })),
      )
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };

  const current = loaded?.key === key ? loaded : null;
  const columns = useMemo<GridColumn<PunchRow>[]>(
    () => [
      {
        key: 'punchedAt',
        header: t('devices.punches.time'),
        width: 168,
        pinned: true,
        rowHeader: true,
        value: (row) => vietnamTime(row.punchedAt),
      },
      // the worker and the PIN beside the time: what a phone shows without scrolling
      {
        key: 'workerName',
        header: t('devices.punches.worker'),
        width: 200,
        value: (row) => row.workerName ?? t('devices.punches.unmatched'),
      },
      { key: 'attendanceCode', header: t('devices.punches.pin'), width: 80 },
      {
        key: 'workerCode',
        header: t('devices.punches.workerCode'),
        width: 110,
        value: (row) => row.workerCode ?? '',
      },
      { key: 'deviceCode', header: t('devices.punches.device'), width: 150 },
      { key: 'source', header: t('devices.punches.source'), width: 90 },
    ],
    [t],
  );

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('devices.punches.title')}</Title2>
      <Text>
        {t('devices.punches.intro')} <Link href="/tm/employee">{t('devices.punches.pins')}</Link>
      </Text>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          load(null);
        }}
      >
        <Field label={t('devices.punches.from')} required>
          <Input type="date" value={from} onChange={(_event, data) => setFrom(data.value)} />
        </Field>
        <Field label={t('devices.punches.to')} required>
          <Input type="date" value={to} onChange={(_event, data) => setTo(data.value)} />
        </Field>
        <Field label={t('devices.punches.device')}>
          <ReferencePicker target={DEVICE_TARGETS.device} value={deviceId} onChange={setDeviceId} />
        </Field>
        <Field label={t('devices.punches.unit')}>
          <ReferencePicker target={DEVICE_TARGETS.unit} value={unitId} onChange={setUnitId} />
        </Field>
        <Field label={t('devices.punches.worker')}>
          <ReferencePicker target={DEVICE_TARGETS.worker} value={workerId} onChange={setWorkerId} />
        </Field>
        <div className={styles.actions}>
          <Button appearance="primary" type="submit" disabled={!ready || busy}>
            {t('devices.punches.search')}
          </Button>
          <Button
            disabled={!ready || busy}
            onClick={() => {
              setFailed(false);
              exportPunches(filter).catch(() => setFailed(true));
            }}
          >
            {t('devices.punches.export')}
          </Button>
        </div>
      </form>
      {failed && (
        <MessageBar intent="error">
          <MessageBarBody>{t('devices.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {busy && !current && <Spinner size="tiny" label={t('devices.loading')} />}
      {current && current.rows.length === 0 && <Text>{t('devices.punches.empty')}</Text>}
      {current && current.rows.length > 0 && (
        <>
          <DataGrid
            columns={columns}
            rows={current.rows}
            rowKey={(row) => row.id}
            label={t('devices.punches.gridLabel', { from, to })}
          />
          <div className={styles.more}>
            <Text>{t('devices.punches.shown', { count: current.rows.length, total: current.total })}</Text>
            {current.next && (
              <Button disabled={busy} onClick={() => load(current.next)}>
                {t('devices.punches.more')}
              </Button>
            )}
          </div>
        </>
      )}
      {/* below the results: a search is what people come for, an import now and then */}
      <PunchImport onImported={() => ready && load(null)} />
    </div>
  );
}
