import { useEffect, useMemo, useState } from 'react';
import {
  DEVICE_TARGETS,
  type DeviceCommandRow,
  type QuarantinedPunch,
} from '@hcm/contracts/attendance-devices';
import {
  Button,
  DataGrid,
  Field,
  MessageBar,
  MessageBarBody,
  ReferencePicker,
  Spinner,
  Subtitle2,
  Text,
  Title2,
  makeStyles,
  tokens,
  type GridColumn,
} from '@hcm/ui';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';
import { deviceCommands, deviceOf, quarantinedLines, syncUsers, type DeviceSummary } from './device-api.ts';
import { vietnamTime } from './vietnam-time.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  picker: { maxWidth: '420px' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    '& dd': { margin: 0, overflowWrap: 'anywhere' },
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
  code: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

/** A device is online when it was seen within the last two heartbeats' worth of minutes. */
const ONLINE_MS = 5 * 60_000;

interface Loaded {
  /** when it was read (Date.now()), against which "online" is judged */
  at: number;
  device: DeviceSummary;
  commands: readonly DeviceCommandRow[];
  quarantine: readonly QuarantinedPunch[];
}

/** A device's record, its command queue and its quarantined lines, read together. */
const readDevice = (id: string): Promise<Loaded> =>
  Promise.all([deviceOf(id), deviceCommands(id), quarantinedLines(id)]).then(
    ([device, commands, quarantine]) => ({
      at: Date.now(),
      device,
      commands,
      quarantine,
    }),
  );

/**
 * Timekeeping › Devices › Device setup (/tm/setup-devices): what to type into a ZKTeco device so
 * that it pushes here (docs/attendance-devices.md), and for one device its state, its command
 * queue with "sync users", and the lines it sent that were kept out of the punches. (The serials
 * that pushed and belong to no tenant are the system administrators': System › Tenants.)
 */
export default function DeviceSetupPage() {
  const { t } = useTimekeepingTranslation();
  const styles = useStyles();
  const [deviceId, setDeviceId] = useState<string | null>(() =>
    new URLSearchParams(window.location.search).get('device'),
  );
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [queued, setQueued] = useState<number | null>(null);

  const load = (id: string) => {
    setBusy(true);
    setFailed(false);
    readDevice(id)
      .then(setLoaded)
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  // a link may name the device (?device=<id>): read once, when the page opens
  const [linked] = useState(() => new URLSearchParams(window.location.search).get('device'));
  useEffect(() => {
    if (!linked) return;
    let live = true;
    readDevice(linked)
      .then((read) => live && setLoaded(read))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [linked]);
  const choose = (id: string | null) => {
    setDeviceId(id);
    setQueued(null);
    if (id) load(id);
    else setLoaded(null);
  };

  const commandColumns = useMemo<GridColumn<DeviceCommandRow>[]>(
    () => [
      { key: 'commandNo', header: t('devices.setup.commandNo'), width: 64, rowHeader: true },
      {
        key: 'command',
        header: t('devices.setup.command'),
        width: 360,
        value: (row) => row.command.replace(/\t/g, ' '),
      },
      {
        key: 'status',
        header: t('devices.setup.commandStatus'),
        width: 110,
        value: (row) => t(`devices.status.${row.status}`),
      },
      {
        key: 'returnCode',
        header: t('devices.setup.returnCode'),
        width: 90,
        value: (row) => (row.returnCode === null ? '' : String(row.returnCode)),
      },
      {
        key: 'sentAt',
        header: t('devices.setup.sentAt'),
        width: 168,
        value: (row) => vietnamTime(row.sentAt),
      },
    ],
    [t],
  );
  const quarantineColumns = useMemo<GridColumn<QuarantinedPunch>[]>(
    () => [
      {
        key: 'receivedAt',
        header: t('devices.setup.receivedAt'),
        width: 168,
        rowHeader: true,
        value: (row) => vietnamTime(row.receivedAt),
      },
      { key: 'pin', header: t('devices.punches.pin'), width: 80, value: (row) => row.pin ?? '' },
      {
        key: 'localTime',
        header: t('devices.setup.localTime'),
        width: 168,
        value: (row) => row.localTime ?? '',
      },
      {
        key: 'reason',
        header: t('devices.setup.reason'),
        width: 260,
        value: (row) => t(`devices.reason.${row.reason}`),
      },
    ],
    [t],
  );

  const device = loaded?.device.id === deviceId ? loaded?.device : undefined;
  const online = device?.lastSeenAt && loaded ? loaded.at - Date.parse(device.lastSeenAt) < ONLINE_MS : false;
  const host = typeof window === 'undefined' ? '' : window.location.hostname;
  const port =
    typeof window === 'undefined'
      ? ''
      : window.location.port || (window.location.protocol === 'https:' ? '443' : '80');

  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('devices.setup.title')}</Title2>
      <section className={styles.section} aria-labelledby="device-connect">
        <Subtitle2 as="h2" id="device-connect">
          {t('devices.setup.connectTitle')}
        </Subtitle2>
        <Text>{t('devices.setup.connectIntro')}</Text>
        <dl className={styles.facts}>
          <dt>{t('devices.setup.serverAddress')}</dt>
          <dd className={styles.code}>{host}</dd>
          <dt>{t('devices.setup.serverPort')}</dt>
          <dd className={styles.code}>{port}</dd>
          <dt>{t('devices.setup.serverPath')}</dt>
          <dd className={styles.code}>/iclock/cdata</dd>
        </dl>
        <Text>{t('devices.setup.connectUnknown')}</Text>
      </section>

      <section className={styles.section} aria-labelledby="device-state">
        <Subtitle2 as="h2" id="device-state">
          {t('devices.setup.deviceTitle')}
        </Subtitle2>
        <Field label={t('devices.punches.device')} className={styles.picker}>
          <ReferencePicker target={DEVICE_TARGETS.device} value={deviceId} onChange={choose} />
        </Field>
        {failed && (
          <MessageBar intent="error">
            <MessageBarBody>{t('devices.loadFailed')}</MessageBarBody>
          </MessageBar>
        )}
        {busy && !device && <Spinner size="tiny" label={t('devices.loading')} />}
        {device && loaded && (
          <>
            <dl className={styles.facts}>
              <dt>{t('devices.setup.serial')}</dt>
              <dd className={styles.code}>{device.serialNumber}</dd>
              <dt>{t('devices.setup.connection')}</dt>
              <dd>
                <Text weight="semibold">
                  {online ? t('devices.setup.online') : t('devices.setup.offline')}
                </Text>{' '}
                {device.lastSeenAt
                  ? t('devices.setup.lastSeen', {
                      at: vietnamTime(device.lastSeenAt),
                      ip: device.lastSeenIp ?? '',
                    })
                  : t('devices.setup.neverSeen')}
              </dd>
              <dt>{t('devices.setup.timeZone')}</dt>
              <dd>{device.timeZone}</dd>
            </dl>
            <div className={styles.actions}>
              <Button
                appearance="primary"
                disabled={busy}
                onClick={() => {
                  setBusy(true);
                  syncUsers(device.id)
                    .then((answer) => {
                      setQueued(answer.queued);
                      load(device.id);
                    })
                    .catch(() => {
                      setFailed(true);
                      setBusy(false);
                    });
                }}
              >
                {t('devices.setup.syncUsers')}
              </Button>
              <Button disabled={busy} onClick={() => load(device.id)}>
                {t('devices.setup.refresh')}
              </Button>
              {queued !== null && <Text role="status">{t('devices.setup.queued', { count: queued })}</Text>}
            </div>
            <Subtitle2 as="h3">{t('devices.setup.commandsTitle')}</Subtitle2>
            {loaded.commands.length === 0 ? (
              <Text>{t('devices.setup.noCommands')}</Text>
            ) : (
              <DataGrid
                columns={commandColumns}
                rows={loaded.commands}
                rowKey={(row) => String(row.commandNo)}
                label={t('devices.setup.commandsTitle')}
              />
            )}
            <Subtitle2 as="h3">{t('devices.setup.quarantineTitle')}</Subtitle2>
            {loaded.quarantine.length === 0 ? (
              <Text>{t('devices.setup.noQuarantine')}</Text>
            ) : (
              <DataGrid
                columns={quarantineColumns}
                rows={loaded.quarantine}
                rowKey={(row) => row.id}
                label={t('devices.setup.quarantineTitle')}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
