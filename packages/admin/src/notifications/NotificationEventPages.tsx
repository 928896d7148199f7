import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import {
  EDITABLE_EVENT_STATUSES,
  notificationEventContract,
  type EmailDelivery,
  type EmailDeliveryStatus,
  type NotificationEventStatus,
} from '@hcm/contracts/notification-events';
import { ApiError, api } from '@hcm/session';
import {
  ArrowClockwiseRegular,
  Button,
  Caption1,
  DataTable,
  MessageBar,
  MessageBarBody,
  Loading,
  ModuleContractPages,
  PaginationBar,
  Subtitle1,
  confirmAction,
  goTo,
  makeStyles,
  matchResourcePage,
  resourceRoutes,
  notify,
  tokens,
  useBrowserLocation,
  useHasAuthority,
  failureText,
  type ColumnDef,
  type ModulePageOptions,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { EMAILS_PAGE_SIZE, notificationEventApi } from './notification-event-api.ts';
import {
  EmailStatusTones,
  EventStatusTones,
  dateTimeText,
  eventStatusText,
  liesAhead,
} from './event-labels.ts';
import { ToneBadge } from './ToneBadge.tsx';

/** A record as the kit's pages hand it over. */
type EventRecord = Record<string, unknown> & { id: string };

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  sectionHeader: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  recipient: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
  address: { color: tokens.colorNeutralForeground3 },
  error: { overflowWrap: 'anywhere' },
});

const statusOf = (record: EventRecord) => String(record.sendStatus ?? '') as NotificationEventStatus;

/** A notification's status as a coloured badge, in the language shown. */
function EventStatusBadge({ status }: { status: string }) {
  const { i18n } = useAdminTranslation();
  return (
    <ToneBadge tone={EventStatusTones[status as NotificationEventStatus] ?? 'informative'}>
      {eventStatusText(status, i18n.language)}
    </ToneBadge>
  );
}

/**
 * "Send now" (or "Schedule" when its sendAt lies ahead) for those who may create notifications,
 * and "Cancel sending" for those who may update them: both only while it is a draft or scheduled,
 * each confirmed first. The answer's message is shown when the server refuses (409: sent
 * meanwhile, or email asked for on a portal without a mail server); the record is then read again.
 */
function EventActions({ record, onChanged }: { record: EventRecord; onChanged: () => void }) {
  const { t } = useAdminTranslation();
  const maySend = useHasAuthority('notification.create');
  const mayCancel = useHasAuthority('notification.update');
  const [busy, setBusy] = useState(false);
  const status = statusOf(record);
  if (!EDITABLE_EVENT_STATUSES.includes(status)) return null;
  const title = String(record.title ?? '');
  const scheduling = liesAhead(record.sendAt);
  const withEmail = record.sendEmail === true ? ` ${t('notificationEvent.withEmail')}` : '';

  const run = async (
    call: () => Promise<Record<string, unknown>>,
    done: (answer: Record<string, unknown>) => string,
  ) => {
    setBusy(true);
    try {
      const answer = await call();
      void notify.success(done(answer));
      onChanged();
    } catch (error) {
      // no mail server for a send by email: its own words; any other refusal by status and code
      const noMailServer = error instanceof ApiError && error.params.reason === 'noMailServer';
      void notify.error(noMailServer ? t('notificationEvent.noMailServer') : failureText(error));
      // sent or canceled meanwhile: show it as it now is
      if (error instanceof ApiError && error.status === 409) onChanged();
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    const sure = await confirmAction({
      kind: 'confirm',
      title: t(scheduling ? 'notificationEvent.scheduleTitle' : 'notificationEvent.sendTitle'),
      message:
        t(scheduling ? 'notificationEvent.scheduleConfirm' : 'notificationEvent.sendConfirm', {
          title,
          time: dateTimeText(record.sendAt as string | null),
        }) + withEmail,
    });
    if (!sure) return;
    await run(
      () => notificationEventApi.send(record.id),
      (answer) =>
        answer.sendStatus === 'SCHEDULED'
          ? t('notificationEvent.scheduled', { time: dateTimeText(answer.sendAt as string | null) })
          : t('notificationEvent.sent'),
    );
  };

  const cancel = async () => {
    const sure = await confirmAction({
      kind: 'confirm',
      title: t('notificationEvent.cancelTitle'),
      message: t('notificationEvent.cancelConfirm', { title }),
    });
    if (!sure) return;
    await run(
      () => notificationEventApi.cancel(record.id),
      () => t('notificationEvent.canceled'),
    );
  };

  return (
    <>
      {maySend && (
        <Button appearance="primary" disabled={busy} onClick={() => void send()}>
          {t(scheduling ? 'notificationEvent.schedule' : 'notificationEvent.send')}
        </Button>
      )}
      {mayCancel && (
        <Button disabled={busy} onClick={() => void cancel()}>
          {t('notificationEvent.cancel')}
        </Button>
      )}
    </>
  );
}

interface EmailsPage {
  rows: EmailDelivery[];
  total: number;
}

/**
 * The notification's emails (the outbound mail log of it): recipient, subject, how it went,
 * attempts, the last error and when it left, 25 a page, read again on "Refresh".
 */
function EventEmails({ eventId }: { eventId: string }) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const headingId = useId();
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: EMAILS_PAGE_SIZE });
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; page: EmailsPage | null; error: string | null }>();
  const key = `${eventId}:${paging.pageIndex}:${paging.pageSize}:${round}`;

  useEffect(() => {
    let alive = true;
    notificationEventApi
      .emails(eventId, paging.pageIndex, paging.pageSize)
      .then(
        (envelope) =>
          alive && setAnswer({ key, page: { rows: envelope.data, total: envelope.page.total }, error: null }),
      )
      .catch((error: unknown) => alive && setAnswer({ key, page: null, error: failureText(error) }));
    return () => {
      alive = false;
    };
  }, [eventId, paging, key]);

  const loading = answer?.key !== key;
  // the rows of the last answer stay while the next page is read
  const shown: EmailsPage = answer?.page ?? { rows: [], total: 0 };
  const failure = loading ? null : (answer?.error ?? null);

  const columns: ColumnDef<EmailDelivery>[] = [
    {
      key: 'recipient',
      labelKey: 'admin:notificationEvent.emails.recipient',
      width: 240,
      render: (row) => (
        <span className={styles.recipient}>
          <span>{row.recipientName ?? '—'}</span>
          <Caption1 className={styles.address}>{row.toAddress}</Caption1>
        </span>
      ),
    },
    { key: 'subject', labelKey: 'admin:notificationEvent.emails.subject', truncate: 60 },
    {
      key: 'status',
      labelKey: 'admin:notificationEvent.emails.status',
      width: 130,
      render: (row) => (
        <ToneBadge tone={EmailStatusTones[row.status] ?? 'informative'}>
          {t(`notificationEvent.emailStatus.${row.status as EmailDeliveryStatus}`, {
            defaultValue: row.status,
          })}
        </ToneBadge>
      ),
    },
    {
      key: 'attempts',
      labelKey: 'admin:notificationEvent.emails.attempts',
      width: 90,
      align: 'end',
      render: (row) => String(row.attempts),
    },
    {
      key: 'lastError',
      labelKey: 'admin:notificationEvent.emails.lastError',
      render: (row) => <span className={styles.error}>{row.lastError ?? '—'}</span>,
    },
    {
      key: 'sentAt',
      labelKey: 'admin:notificationEvent.emails.sentAt',
      width: 140,
      render: (row) => dateTimeText(row.sentAt),
    },
  ];

  const title = t('notificationEvent.emails.title');
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHeader}>
        <Subtitle1 as="h2" id={headingId}>
          {title}
        </Subtitle1>
        <Button icon={<ArrowClockwiseRegular />} disabled={loading} onClick={() => setRound((n) => n + 1)}>
          {t('notificationEvent.emails.refresh')}
        </Button>
      </div>
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <DataTable<EmailDelivery>
            ariaLabel={title}
            columns={columns}
            rows={shown.rows}
            getRowId={(row) => row.id}
            loading={loading}
            emptyText={loading ? t('notificationEvent.emails.loading') : t('notificationEvent.emails.empty')}
          />
          {shown.total > 0 && (
            <PaginationBar
              pageIndex={paging.pageIndex}
              pageSize={paging.pageSize}
              total={shown.total}
              disabled={loading}
              onChange={(pageIndex, pageSize) => setPaging({ pageIndex, pageSize })}
            />
          )}
        </>
      )}
    </section>
  );
}

/**
 * The update page of a notification already sent or canceled says so instead of the form: the
 * server refuses the change (409), which the kit's form would explain as someone else's edit.
 * Any other record (or one that cannot be read: the form says why) gets the form.
 */
function UpdateGuard({ id, children }: { id: string; children: ReactNode }) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [status, setStatus] = useState<{ id: string; value: string | null }>();
  useEffect(() => {
    let alive = true;
    api
      .get<Record<string, unknown>>(`${notificationEventContract.apiPath}/${encodeURIComponent(id)}`, {
        ignoreError: true,
      })
      .then((record) => alive && setStatus({ id, value: String(record.sendStatus ?? '') }))
      .catch(() => alive && setStatus({ id, value: null }));
    return () => {
      alive = false;
    };
  }, [id]);
  if (status?.id !== id) return <Loading />;
  const value = status.value as NotificationEventStatus | null;
  if (value === null || EDITABLE_EVENT_STATUSES.includes(value)) return <>{children}</>;
  return (
    <div className={styles.section}>
      <MessageBar intent="warning" role="alert">
        <MessageBarBody>{t('notificationEvent.notEditable')}</MessageBarBody>
      </MessageBar>
      <div>
        <Button onClick={() => goTo(resourceRoutes(notificationEventContract).detail(id))}>
          {t('notificationEvent.backToRecord')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Notification › form (/notification/form): the list, create, detail and update pages of the
 * notifications HR sends, drawn by the kit from the contract, with the status as a badge; on a
 * notification's page "Send now" / "Schedule" and "Cancel sending" while it may still change,
 * and the emails it sent when it goes by email too.
 *
 * The kit's detail page hands its actions no way to read the record again, so a send or a
 * cancel draws the pages afresh (a new key): the record is read once more as it now is.
 */
export default function NotificationEventPages() {
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((n) => n + 1), []);
  const options = useMemo<ModulePageOptions>(() => {
    const statusBadge = (record: Record<string, unknown>) => (
      <EventStatusBadge status={String(record.sendStatus ?? '')} />
    );
    return {
      list: { renderCell: { sendStatus: statusBadge } },
      detail: {
        renderValue: { sendStatus: statusBadge },
        actions: (record) => <EventActions record={record} onChanged={refresh} />,
        below: (record) => (record.sendEmail === true ? <EventEmails eventId={record.id} /> : null),
      },
    };
  }, [refresh]);
  const { pathname } = useBrowserLocation();
  const match = matchResourcePage(notificationEventContract, pathname);
  const pages = <ModuleContractPages key={round} contract={notificationEventContract} {...options} />;
  return match?.page === 'update' && match.id ? (
    <UpdateGuard key={match.id} id={match.id}>
      {pages}
    </UpdateGuard>
  ) : (
    pages
  );
}
