import { useEffect, useState } from 'react';
import { LeaveApplicationPaths, type LeaveBalanceView } from '@hcm/contracts/leave-applications';
import { api } from '@hcm/session';
import { MessageBar, MessageBarBody, Subtitle2, makeStyles, tokens } from '@hcm/ui';
import { useRequestTexts } from '../requests/texts.ts';
import { LEAVE_TEXTS } from './texts.ts';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
  },
  figure: { display: 'flex', flexDirection: 'column', margin: 0 },
  term: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  value: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  left: { color: tokens.colorBrandForeground1 },
});

/** "10.500" → "10,5" as Vietnamese write days (and "10.5" in English). */
export function shownDays(days: string, english: boolean): string {
  const trimmed = String(Number(days));
  return english ? trimmed : trimmed.replace('.', ',');
}

/** Where the balance is read from: a worker's (HR, their manager) or the caller's own. */
export const balancePath = (workerId: string | 'mine', year: number) =>
  `${LeaveApplicationPaths.balance.replace(':workerId', encodeURIComponent(workerId))}?year=${year}`;

/**
 * A worker's annual leave of a year, wherever leave is asked for (issue 31): what is left, what
 * they are entitled to (accrued and carried over), taken, and asked and not yet approved — the
 * figures of the ledger (docs/leave.md), read afresh when the worker or the year changes.
 */
export function LeaveBalanceCard({ workerId, year }: { workerId: string | 'mine'; year: number }) {
  const styles = useStyles();
  const text = useRequestTexts();
  const english = text('close') === 'Close';
  const path = balancePath(workerId, year);
  // the answer of the path it was read for: a worker or year changed meanwhile shows nothing stale
  const [read, setRead] = useState<{
    path: string;
    balance: LeaveBalanceView | null;
    failed: boolean;
  } | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<LeaveBalanceView>(path, { ignoreError: true })
      .then((answer) => live && setRead({ path, balance: answer, failed: false }))
      .catch(() => live && setRead({ path, balance: null, failed: true }));
    return () => {
      live = false;
    };
  }, [path]);
  const current = read?.path === path ? read : null;
  const balance = current?.balance ?? null;
  const failed = current?.failed ?? false;
  if (failed)
    return (
      <MessageBar intent="warning">
        <MessageBarBody>{text.of(LEAVE_TEXTS.balanceFailed)}</MessageBarBody>
      </MessageBar>
    );
  if (!balance) return null;
  const days = (value: string) => text.of(LEAVE_TEXTS.days, { days: shownDays(value, english) });
  const entitled = String(Number(balance.accrued) + Number(balance.carriedOver) + Number(balance.adjusted));
  const figures: [keyof typeof LEAVE_TEXTS, string, boolean][] = [
    ['left', balance.balance, true],
    ['entitled', entitled, false],
    ['taken', balance.taken, false],
    ['pending', balance.pending, false],
  ];
  const title = text.of(LEAVE_TEXTS.balanceOf, { year });
  return (
    <section className={styles.card} aria-label={title}>
      <Subtitle2 as="h3">{title}</Subtitle2>
      <dl className={styles.figures}>
        {figures.map(([key, value, main]) => (
          <div key={key} className={styles.figure}>
            <dt className={styles.term}>{text.of(LEAVE_TEXTS[key])}</dt>
            <dd className={`${styles.value} ${main ? styles.left : ''}`}>{days(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
