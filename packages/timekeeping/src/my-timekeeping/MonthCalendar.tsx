import { dayCell, dayShade } from '@hcm/contracts/general-timesheet';
import type { MyTimekeepingMonth } from '@hcm/contracts/my-timekeeping';
import { makeStyles, mergeClasses, tokens, visuallyHidden } from '@hcm/ui';
import type { MyTexts } from './texts.ts';

const useStyles = makeStyles({
  table: {
    width: '100%',
    borderCollapse: 'separate',
    borderSpacing: '4px',
    tableLayout: 'fixed',
  },
  weekday: {
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
    textAlign: 'center',
    paddingBottom: tokens.spacingVerticalXXS,
  },
  cell: { padding: 0 },
  day: {
    position: 'relative',
    width: '100%',
    minHeight: '52px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    padding: '4px',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    fontFamily: 'inherit',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  rest: { backgroundColor: tokens.colorNeutralBackground3 },
  holiday: { backgroundColor: tokens.colorPaletteRedBackground1 },
  today: { border: `2px solid ${tokens.colorBrandStroke1}` },
  selected: {
    backgroundColor: tokens.colorBrandBackground2,
    border: `2px solid ${tokens.colorBrandStroke1}`,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  number: {
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground2,
    textAlign: 'left',
  },
  symbol: {
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
    textAlign: 'center',
    minHeight: tokens.lineHeightBase400,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  late: { color: tokens.colorPaletteDarkOrangeForeground1 },
  hidden: visuallyHidden,
});

const WEEKDAYS_VI = ['T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'CN'];
const WEEKDAYS_EN = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES_VI = ['Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy', 'Chủ Nhật'];
const WEEKDAY_NAMES_EN = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Monday 0 … Sunday 6 of a date 'YYYY-MM-DD' (a calendar date: no zone). */
export const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** "Thứ Hai, 02/03" / "Monday, 02/03" of a date. */
export function dayName(date: string, english: boolean): string {
  const names = english ? WEEKDAY_NAMES_EN : WEEKDAY_NAMES_VI;
  return `${names[weekdayOf(date)] ?? ''}, ${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/**
 * The month as a calendar, Monday first, as employees know it from their phone's: each day its
 * number and its symbol, rest days and holidays shaded, today outlined, a tap selects the day
 * (its details are shown under the calendar by the page).
 */
export function MonthCalendar({
  month,
  today,
  selected,
  onSelect,
  text,
}: {
  month: MyTimekeepingMonth;
  today: string;
  selected: number | null;
  onSelect: (day: number) => void;
  text: MyTexts;
}) {
  const styles = useStyles();
  const lead = month.days[0] ? weekdayOf(month.days[0]) : 0;
  const slots: (number | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...month.days.map((_, i) => i),
  ];
  while (slots.length % 7 !== 0) slots.push(null);
  const weeks = Array.from({ length: slots.length / 7 }, (_, w) => slots.slice(w * 7, w * 7 + 7));
  const headers = text.english ? WEEKDAYS_EN : WEEKDAYS_VI;
  const names = text.english ? WEEKDAY_NAMES_EN : WEEKDAY_NAMES_VI;
  return (
    <table className={styles.table} aria-label={text('calendar', { month: monthTitle(month.month) })}>
      <thead>
        <tr>
          {headers.map((header, i) => (
            <th key={header} scope="col" abbr={names[i]} className={styles.weekday}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((index, d) => {
              if (index === null) return <td key={`blank-${d}`} className={styles.cell} />;
              const date = month.days[index] as string;
              const cell = dayCell(month.texts, month.columns, index);
              // the unit's calendar, else what the engine wrote of the day (REST_DAY, HOLIDAY)
              const shade =
                dayShade(month.dayTypes[index]) ??
                (cell?.dayType === 'HOLIDAY' ? 'holiday' : cell?.dayType === 'REST_DAY' ? 'rest' : null);
              const symbol = cell?.symbol ?? '';
              const late = (cell?.lateMinutes ?? 0) > 0 || (cell?.earlyMinutes ?? 0) > 0;
              const isToday = date === today;
              return (
                <td key={date} className={styles.cell}>
                  <button
                    type="button"
                    className={mergeClasses(
                      styles.day,
                      shade === 'rest' && styles.rest,
                      shade === 'holiday' && styles.holiday,
                      isToday && styles.today,
                      selected === index && styles.selected,
                    )}
                    aria-pressed={selected === index}
                    onClick={() => onSelect(index)}
                  >
                    {/* the name said, in words; the figures below are for the eye (an aria-label
                        would not hold the day's bare number as it is shown: axe's label-in-name) */}
                    <span className={styles.hidden}>
                      {text('dayButton', {
                        date: `${dayName(date, text.english)}${isToday ? ` (${text('today')})` : ''}`,
                        symbol: symbol || text('noSymbol'),
                      })}
                    </span>
                    <span className={styles.number} aria-hidden="true">
                      {index + 1}
                    </span>
                    <span className={mergeClasses(styles.symbol, late && styles.late)} aria-hidden="true">
                      {symbol}
                    </span>
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "03/2026" of '2026-03'. */
export const monthTitle = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;
