import { useCallback, useEffect, useState } from 'react';
import type { LeaveBalanceView } from '@hcm/contracts/leave-applications';
import type { MyTimekeepingMonth } from '@hcm/contracts/my-timekeeping';
import { ApiError } from '@hcm/session';
import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Text,
  Title2,
  makeStyles,
  mergeClasses,
  tokens,
} from '@hcm/ui';
import { LeaveBalanceCard } from './LeaveBalanceCard.tsx';
import { MonthCalendar, monthTitle } from './MonthCalendar.tsx';
import { DayDetails, MonthLegend, MonthTotals } from './MonthFacts.tsx';
import { myLeaveBalance, myMonth } from './my-timekeeping-api.ts';
import { MyRequests } from './MyRequests.tsx';
import { QuickActions } from './QuickActions.tsx';
import { useMyTexts } from './texts.ts';
import { useSectionStyles } from './section-styles.ts';

const useStyles = makeStyles({
  // one column on a phone; on a desktop the month on the left, the rest beside it
  page: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    alignItems: 'start',
    gap: tokens.spacingVerticalXL,
    width: '100%',
    maxWidth: '720px',
    minWidth: 0,
    '@media (min-width: 1100px)': {
      maxWidth: '1200px',
      gridTemplateColumns: 'minmax(0, 3fr) minmax(320px, 2fr)',
      columnGap: tokens.spacingHorizontalXXXL,
    },
  },
  wide: { gridColumn: '1 / -1' },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  nav: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  navButton: { minWidth: '44px', minHeight: '44px' },
});

const PATTERN = /^(20\d\d|21\d\d|2200)-(0[1-9]|1[0-2])$/;

/** Today in Vietnam (UTC+7), 'YYYY-MM-DD', whatever the phone's zone. */
const vietnamToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/** The month a step away: '2026-01' − 1 = '2025-12'. */
export function shiftMonth(month: string, step: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const at = new Date(Date.UTC(year, number - 1 + step, 1));
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month in the address (?month=YYYY-MM, so a reload or a shared link keeps it), else this one. */
const monthInAddress = () => {
  const asked = new URLSearchParams(window.location.search).get('month');
  return asked && PATTERN.test(asked) ? asked : vietnamToday().slice(0, 7);
};

type Load<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; error: unknown };
/** An answer with what it answers (the month and the attempt): another key is still loading. */
type Keyed<T> = { key: string; load: Load<T> };
const LOADING = { state: 'loading' } as const;

/**
 * Timekeeping › My timekeeping (/tm/my-timekeeping), phone first (docs/my-timekeeping.md): the
 * employee's own month as a calendar with its symbols, the day tapped, the legend and the
 * month's totals; the year's annual leave; big buttons to create each request for themselves;
 * their latest requests with their approval status, each opening its approval timeline.
 */
export default function MyTimekeepingPage() {
  const styles = useStyles();
  const section = useSectionStyles();
  const text = useMyTexts();
  const [month, setMonth] = useState(monthInAddress);
  const [monthRead, setMonthRead] = useState<Keyed<MyTimekeepingMonth> | null>(null);
  const [balanceRead, setBalanceRead] = useState<Keyed<LeaveBalanceView> | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  // who the employee is: kept while another month loads, so the requests below stay put
  const [me, setMe] = useState<Pick<MyTimekeepingMonth, 'workerId' | 'workerName' | 'workerCode'> | null>(
    null,
  );
  const today = vietnamToday();
  const year = Number(month.slice(0, 4));
  const monthKey = `${month}|${attempt}`;
  const balanceKey = `${year}|${attempt}`;
  const read: Load<MyTimekeepingMonth> = monthRead?.key === monthKey ? monthRead.load : LOADING;
  const balance: Load<LeaveBalanceView> = balanceRead?.key === balanceKey ? balanceRead.load : LOADING;

  useEffect(() => {
    let live = true;
    myMonth(month).then(
      (value) => {
        if (!live) return;
        setMonthRead({ key: monthKey, load: { state: 'done', value } });
        setMe((known) =>
          known?.workerId === value.workerId
            ? known
            : { workerId: value.workerId, workerName: value.workerName, workerCode: value.workerCode },
        );
        // today's details when the month holds it, else none until a tap
        const index = value.days.indexOf(today);
        setSelected(index >= 0 ? index : null);
      },
      (error: unknown) => live && setMonthRead({ key: monthKey, load: { state: 'failed', error } }),
    );
    return () => {
      live = false;
    };
  }, [month, monthKey, today]);

  useEffect(() => {
    let live = true;
    myLeaveBalance(year).then(
      (value) => live && setBalanceRead({ key: balanceKey, load: { state: 'done', value } }),
      (error: unknown) => live && setBalanceRead({ key: balanceKey, load: { state: 'failed', error } }),
    );
    return () => {
      live = false;
    };
  }, [year, balanceKey]);

  const go = useCallback((step: number) => {
    setMonth((current) => {
      const next = shiftMonth(current, step);
      const url = new URL(window.location.href);
      url.searchParams.set('month', next);
      window.history.replaceState(window.history.state, '', url);
      return next;
    });
  }, []);

  const noWorker = read.state === 'failed' && read.error instanceof ApiError && read.error.status === 404;
  const worker = read.state === 'done' ? read.value : null;
  return (
    <div className={styles.page}>
      <div className={mergeClasses(styles.heading, styles.wide)}>
        <Title2 as="h1" className={section.heading}>
          {text('title')}
        </Title2>
        {me && (
          <Text>
            {me.workerName} · {me.workerCode}
          </Text>
        )}
      </div>

      {noWorker && (
        <MessageBar className={styles.wide} intent="warning" layout="multiline">
          <MessageBarBody>{text('noWorker')}</MessageBarBody>
        </MessageBar>
      )}
      {read.state === 'failed' && !noWorker && (
        <MessageBar className={styles.wide} intent="error" layout="multiline">
          <MessageBarBody>
            {text('loadFailed', { message: read.error instanceof Error ? read.error.message : '' })}{' '}
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {text('retry')}
            </Button>
          </MessageBarBody>
        </MessageBar>
      )}

      {!noWorker && (
        <section className={styles.section} aria-labelledby="my-month-title">
          <Subtitle2 as="h2" className={section.heading} id="my-month-title">
            {text('monthSection')}
          </Subtitle2>
          <div className={styles.nav}>
            <Button
              className={styles.navButton}
              aria-label={text('previous')}
              title={text('previous')}
              onClick={() => go(-1)}
            >
              ‹
            </Button>
            <Subtitle2 as="p" className={section.heading} aria-live="polite">
              {text('month', { month: monthTitle(month) })}
            </Subtitle2>
            <Button
              className={styles.navButton}
              aria-label={text('next')}
              title={text('next')}
              onClick={() => go(1)}
            >
              ›
            </Button>
          </div>
          {read.state === 'loading' && <Spinner label={text('loading')} />}
          {worker && worker.month === month && (
            <>
              {worker.locked && (
                <MessageBar intent="info">
                  <MessageBarBody>{text('locked')}</MessageBarBody>
                </MessageBar>
              )}
              <MonthCalendar
                month={worker}
                today={today}
                selected={selected}
                onSelect={setSelected}
                text={text}
              />
              {selected === null ? (
                <Text>{text('pickDay')}</Text>
              ) : (
                <DayDetails month={worker} day={selected} text={text} />
              )}
              <MonthLegend month={worker} text={text} />
              <MonthTotals month={worker} text={text} />
            </>
          )}
        </section>
      )}

      {!noWorker && (
        <div className={styles.column}>
          {balance.state === 'done' && <LeaveBalanceCard balance={balance.value} text={text} />}
          {me && <QuickActions workerId={me.workerId} text={text} />}
          {me && <MyRequests workerId={me.workerId} text={text} />}
        </div>
      )}
    </div>
  );
}
