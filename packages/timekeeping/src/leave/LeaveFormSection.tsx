import { useEffect } from 'react';
import { makeStyles, tokens, type ResourceSectionProps } from '@hcm/ui';
import { LeaveBalanceCard } from './LeaveBalanceCard.tsx';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    alignItems: 'start',
  },
  wide: { gridColumn: '1 / -1', minWidth: 0 },
});

/** Shown only for leave by days, and only for leave by hours. */
const DAYS_ONLY = ['startHalf', 'endHalf'];
const HOURS_ONLY = ['fromTime', 'toTime'];
const WIDE = ['reason'];

const thisYear = () => new Date().getFullYear();

/**
 * The leave application's form: the halves of the first and last day for leave by days, the
 * times for leave by hours (the other's inputs hidden and reset when the choice changes, and one
 * day only for hours), and the chosen employee's balance of the leave's year below the fields —
 * so whoever asks sees what is left before sending.
 */
export function LeaveFormSection({ fields, values, binding, renderField }: ResourceSectionProps) {
  const styles = useStyles();
  const hours = values.portion === 'HOURS';
  useEffect(() => {
    if (hours) {
      if (values.startHalf !== 'WHOLE') binding('startHalf').onChange('WHOLE');
      if (values.endHalf !== 'WHOLE') binding('endHalf').onChange('WHOLE');
    } else {
      if (values.fromTime) binding('fromTime').onChange(null);
      if (values.toTime) binding('toTime').onChange(null);
    }
    // only a change of the choice resets: typing in a shown field must not run this
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hours]);
  useEffect(() => {
    // hours are of one day: the last day follows the first
    if (hours && values.fromDate && values.toDate !== values.fromDate)
      binding('toDate').onChange(values.fromDate);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hours, values.fromDate]);
  const shown = fields.filter(
    (name) => !(hours ? DAYS_ONLY : HOURS_ONLY).includes(name) && !(hours && name === 'toDate'),
  );
  const workerId = typeof values.workerId === 'string' && values.workerId ? values.workerId : null;
  const year =
    typeof values.fromDate === 'string' && values.fromDate ? Number(values.fromDate.slice(0, 4)) : thisYear();
  return (
    <>
      <div className={styles.grid}>
        {shown.map((name) =>
          WIDE.includes(name) ? (
            <div key={name} className={styles.wide}>
              {renderField(name)}
            </div>
          ) : (
            renderField(name)
          ),
        )}
      </div>
      {workerId && <LeaveBalanceCard workerId={workerId} year={year} />}
    </>
  );
}
