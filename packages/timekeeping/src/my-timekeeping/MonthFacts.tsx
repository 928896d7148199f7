import { dayCell, legendBySymbol } from '@hcm/contracts/general-timesheet';
import { MyTimekeepingOutcomeLabels, type MyTimekeepingMonth } from '@hcm/contracts/my-timekeeping';
import { Subtitle2, Text, makeStyles, tokens } from '@hcm/ui';
import { hoursText, minutesAsHours, pairsText, unitsText } from '../general-timesheet/cell-text.ts';
import { dayName } from './MonthCalendar.tsx';
import type { MyTexts } from './texts.ts';
import { useSectionStyles } from './section-styles.ts';

const useStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  details: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  legend: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
  },
  symbol: {
    display: 'inline-block',
    minWidth: '28px',
    marginRight: tokens.spacingHorizontalXS,
    fontWeight: tokens.fontWeightSemibold,
    textAlign: 'center',
  },
  totals: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
    gap: tokens.spacingHorizontalS,
    margin: 0,
  },
  total: {
    display: 'flex',
    flexDirection: 'column',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  figure: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
});

/** A day's details: its symbol, outcome, shift, punches, hours, lateness, overtime, HR's correction. */
export function DayDetails({ month, day, text }: { month: MyTimekeepingMonth; day: number; text: MyTexts }) {
  const styles = useStyles();
  const section = useSectionStyles();
  const date = month.days[day] as string;
  const cell = dayCell(month.texts, month.columns, day);
  const outcome = cell?.outcome ? MyTimekeepingOutcomeLabels[cell.outcome] : undefined;
  const rows: [string, string][] = cell
    ? [
        [text('symbol'), cell.symbol ?? '—'],
        [text('outcome'), outcome ? text.label(outcome) : (cell.outcome ?? '—')],
        [text('shift'), cell.shiftCode ?? '—'],
        [text('inOut'), pairsText(cell.pairs) ?? '—'],
        [text('worked'), hoursText(cell.workedMinutes)],
        [text('lateEarly'), text('minutes', { late: cell.lateMinutes ?? 0, early: cell.earlyMinutes ?? 0 })],
        [text('overtime'), hoursText(cell.overtimeMinutes)],
      ]
    : [];
  return (
    <section className={styles.details} aria-labelledby="my-day-title" aria-live="polite">
      <Subtitle2 as="h3" className={section.heading} id="my-day-title">
        {dayName(date, text.english)}
      </Subtitle2>
      {cell ? (
        <dl className={styles.facts}>
          {rows.map(([term, value]) => (
            <div key={term} className={styles.pair}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Text>{text('nothingThatDay')}</Text>
      )}
      {cell?.correction && <Text>{text('corrected', { reason: cell.correction.reason })}</Text>}
    </section>
  );
}

/** The symbols of the month, each once with what it means (the general timesheet's legend). */
export function MonthLegend({ month, text }: { month: MyTimekeepingMonth; text: MyTexts }) {
  const styles = useStyles();
  const section = useSectionStyles();
  const legend = legendBySymbol(month.legend, text.english ? 'en' : 'vi');
  const used = new Set(month.days.map((_, i) => dayCell(month.texts, month.columns, i)?.symbol ?? ''));
  const list = (entries: typeof legend) => (
    <ul className={styles.legend}>
      {entries.map((entry) => (
        <li key={entry.symbol}>
          <span className={styles.symbol}>{entry.symbol}</span>
          {entry.meanings.join(', ')}
        </li>
      ))}
    </ul>
  );
  const inMonth = legend.filter((entry) => used.has(entry.symbol));
  return (
    <>
      {inMonth.length > 0 && (
        <section className={section.section} aria-labelledby="my-legend-title">
          <Subtitle2 as="h3" className={section.heading} id="my-legend-title">
            {text('legend')}
          </Subtitle2>
          {list(inMonth)}
        </section>
      )}
      <details>
        <summary>{text('allSymbols')}</summary>
        {list(legend)}
      </details>
    </>
  );
}

/** The month's totals: standard days, days worked, paid and unpaid leave, overtime, lateness. */
export function MonthTotals({ month, text }: { month: MyTimekeepingMonth; text: MyTexts }) {
  const styles = useStyles();
  const section = useSectionStyles();
  const { totals } = month;
  const overtime = Object.values(totals.overtime).reduce((sum, minutes) => sum + minutes, 0);
  const figures: [string, string][] = [
    ...(totals.standardDays
      ? ([[text('standardDays'), text.decimal(totals.standardDays)]] as [string, string][])
      : []),
    [text('workDays'), text.decimal(unitsText(totals.workUnits))],
    [text('paidLeave'), text.decimal(unitsText(totals.paidLeaveUnits))],
    [text('unpaidLeave'), text.decimal(unitsText(totals.unpaidLeaveUnits))],
    [text('overtimeHours'), text.decimal(minutesAsHours(overtime))],
    [text('lateTimes'), text('timesMinutes', { count: totals.lateCount, minutes: totals.lateMinutes })],
    [text('earlyTimes'), text('timesMinutes', { count: totals.earlyCount, minutes: totals.earlyMinutes })],
  ];
  return (
    <section className={section.section} aria-labelledby="my-totals-title">
      <Subtitle2 as="h3" className={section.heading} id="my-totals-title">
        {text('totals')}
      </Subtitle2>
      <dl className={styles.totals}>
        {figures.map(([term, value]) => (
          <div key={term} className={styles.total}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.figure}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
