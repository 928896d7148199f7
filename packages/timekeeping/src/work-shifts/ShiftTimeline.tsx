import {
  DAY_MINUTES,
  STATUTORY_NIGHT_WINDOW,
  ShiftRuleTexts,
  clockOf,
  layoutShift,
  nightMinutesOf,
  nightRangesOf,
  workShiftContract,
  type MinuteRange,
  type ShiftLayout,
  type ShiftTimes,
} from '@hcm/contracts/work-shifts';
import {
  Caption1,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  mergeClasses,
  tokens,
} from '@hcm/ui';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';

const HOUR = 60;

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  chart: {
    position: 'relative',
    height: '84px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    overflow: 'hidden',
  },
  night: { position: 'absolute', top: 0, bottom: '20px', backgroundColor: tokens.colorNeutralBackground5 },
  bar: { position: 'absolute', borderRadius: tokens.borderRadiusSmall },
  checkIn: { top: '6px', height: '8px', backgroundColor: tokens.colorPaletteGreenBackground3 },
  checkOut: { top: '18px', height: '8px', backgroundColor: tokens.colorPalettePurpleBorderActive },
  work: { top: '32px', height: '22px', backgroundColor: tokens.colorBrandBackground },
  core: {
    top: '30px',
    height: '26px',
    border: `2px solid ${tokens.colorPaletteDarkOrangeBorderActive}`,
    boxSizing: 'border-box',
  },
  unpaid: {
    top: '32px',
    height: '22px',
    backgroundImage: `repeating-linear-gradient(45deg, ${tokens.colorNeutralBackground1} 0 4px, ${tokens.colorNeutralStroke1} 4px 8px)`,
  },
  paid: { top: '32px', height: '22px', backgroundColor: tokens.colorBrandBackground2 },
  tick: {
    position: 'absolute',
    bottom: 0,
    height: '20px',
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  // on a phone every other label (6-hourly) is enough to read the axis
  minorLabel: { '@media (max-width: 600px)': { display: 'none' } },
  tickLabel: {
    position: 'absolute',
    bottom: '2px',
    transform: 'translateX(-50%)',
    fontSize: tokens.fontSizeBase100,
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'nowrap',
  },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
  },
  key: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: { display: 'inline-block', width: '14px', height: '10px', borderRadius: tokens.borderRadiusSmall },
  swWork: { backgroundColor: tokens.colorBrandBackground },
  swUnpaid: {
    backgroundImage: `repeating-linear-gradient(45deg, ${tokens.colorNeutralBackground1} 0 3px, ${tokens.colorNeutralStroke1} 3px 6px)`,
  },
  swCheckIn: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  swCheckOut: { backgroundColor: tokens.colorPalettePurpleBorderActive },
  swNight: {
    backgroundColor: tokens.colorNeutralBackground5,
    outline: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  facts: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: `2px ${tokens.spacingHorizontalM}`,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0 },
  issues: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

/** 'HH:mm', with "(+1)" on the next day and "(−1)" the evening before. */
function at(minute: number, days: { next: string; previous: string }) {
  const day = Math.floor(minute / DAY_MINUTES);
  return `${clockOf(minute)}${day > 0 ? ` ${days.next}` : day < 0 ? ` ${days.previous}` : ''}`;
}

/** Hours as people say them: 7.5 → "7,5" in Vietnamese. */
const hours = (minutes: number, language: string) =>
  (minutes / HOUR).toLocaleString(language === 'en' ? 'en' : 'vi', { maximumFractionDigits: 2 });

export interface ShiftTimelineProps {
  /** the shift's times (a form's values or a record's) */
  times: ShiftTimes;
  /** what describes the chart beside its own summary (a heading's id) */
  labelledBy?: string;
  /**
   * the record's night hours, derived by the server from the tenant's night window; without it
   * (a form being typed) the law's 22:00–06:00 is counted and said
   */
  nightHours?: string | null;
}

/**
 * A shift over its day, as HR reads it in their usual tools: the hours of work, the breaks (unpaid
 * hatched), the core hours of a flexible shift, the check-in and check-out windows above, the night
 * window shaded; the axis reaches into the evening before and the next morning when the shift does.
 * The same facts follow as text (the chart is an image for assistive technology, named by them).
 * A shift that breaks a rule shows the rules it breaks instead, as the server would say them.
 */
export function ShiftTimeline({ times, labelledBy, nightHours }: ShiftTimelineProps) {
  const { t, i18n } = useTimekeepingTranslation();
  const styles = useStyles();
  const language = i18n.language === 'en' ? 'en' : 'vi';
  const { layout, issues } = layoutShift(times);
  if (!times.startTime || !times.endTime) return <Caption1>{t('workShifts.timeline.empty')}</Caption1>;
  if (!layout) {
    const fieldLabel = (name: string) => {
      const field = (workShiftContract.fields as Record<string, { label: { vi: string; en: string } }>)[name];
      return field ? field.label[language] : name;
    };
    return (
      <MessageBar intent="warning" aria-live="polite">
        <MessageBarBody>
          <MessageBarTitle>{t('workShifts.timeline.invalid')}</MessageBarTitle>
          <ul className={styles.issues}>
            {issues.map((issue) => (
              <li key={`${issue.field}-${issue.rule}-${issue.row ?? 0}`}>
                {issue.row === undefined
                  ? t('workShifts.timeline.issue', {
                      field: fieldLabel(issue.field),
                      rule: ShiftRuleTexts[issue.rule][language],
                    })
                  : t('workShifts.timeline.rowIssue', {
                      field: fieldLabel(issue.field),
                      row: issue.row,
                      rule: ShiftRuleTexts[issue.rule][language],
                    })}
              </li>
            ))}
          </ul>
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <LaidTimeline
      layout={layout}
      labelledBy={labelledBy}
      nightHours={nightHours ?? null}
      language={language}
      styles={styles}
    />
  );
}

function LaidTimeline({
  layout,
  labelledBy,
  nightHours,
  language,
  styles,
}: {
  layout: ShiftLayout;
  labelledBy: string | undefined;
  nightHours: string | null;
  language: 'vi' | 'en';
  styles: ReturnType<typeof useStyles>;
}) {
  const { t } = useTimekeepingTranslation();
  const days = { next: t('workShifts.timeline.nextDay'), previous: t('workShifts.timeline.previousDay') };
  // 00:00–24:00 when the shift and its windows keep to the day; else 24 hours from an hour
  // before its first window (a night shift from 20:00 to 20:00), longer only if they need it
  const first = Math.min(...layout.segments.map((s) => s.checkIn.start));
  const last = Math.max(...layout.segments.map((s) => s.checkOut.end));
  const inDay = first >= 0 && last <= DAY_MINUTES;
  const from = inDay ? 0 : Math.floor(first / HOUR) * HOUR - HOUR;
  const to = inDay ? DAY_MINUTES : Math.max(from + DAY_MINUTES, Math.ceil(last / HOUR) * HOUR);
  const span = to - from;
  const place = ({ start, end }: MinuteRange) => ({
    left: `${((Math.max(start, from) - from) / span) * 100}%`,
    width: `${((Math.min(end, to) - Math.max(start, from)) / span) * 100}%`,
  });
  const step = span > DAY_MINUTES + 6 * HOUR ? 6 * HOUR : 3 * HOUR;
  const ticks: number[] = [];
  for (let minute = Math.ceil(from / step) * step; minute <= to; minute += step) ticks.push(minute);
  const range = (r: MinuteRange) => `${at(r.start, days)} – ${at(r.end, days)}`;
  // a window's last minute counts: shown as typed
  const window = (r: MinuteRange) => range({ start: r.start, end: r.end - 1 });
  const night = nightMinutesOf(layout, STATUTORY_NIGHT_WINDOW);
  const facts: [string, string][] = [
    ...layout.segments.flatMap((segment, index): [string, string][] => [
      [
        layout.segments.length > 1
          ? t('workShifts.timeline.segmentN', { n: index + 1 })
          : t('workShifts.timeline.segment'),
        `${range(segment)} (${t('workShifts.timeline.hours', { hours: hours(segment.end - segment.start, language) })})`,
      ],
      [t('workShifts.timeline.checkIn'), window(segment.checkIn)],
      [t('workShifts.timeline.checkOut'), window(segment.checkOut)],
    ]),
    ...(layout.core ? ([[t('workShifts.timeline.core'), range(layout.core)]] as [string, string][]) : []),
    ...layout.breaks.map((b): [string, string] => [
      b.paid ? t('workShifts.timeline.paidBreak') : t('workShifts.timeline.unpaidBreak'),
      range(b),
    ]),
    [
      t('workShifts.timeline.work'),
      t('workShifts.timeline.hours', { hours: hours(layout.workMinutes, language) }),
    ],
    nightHours === null
      ? [
          t('workShifts.timeline.statutoryNight'),
          t('workShifts.timeline.hours', { hours: hours(night, language) }),
        ]
      : [
          t('workShifts.timeline.night'),
          t('workShifts.timeline.hours', { hours: hours(Number(nightHours) * HOUR, language) }),
        ],
  ];
  const summary = facts.map(([term, value]) => `${term}: ${value}`).join('; ');
  return (
    <div className={styles.frame}>
      <div
        className={styles.chart}
        role="img"
        aria-label={summary}
        {...(labelledBy ? { 'aria-describedby': labelledBy } : {})}
      >
        {nightRangesOf(STATUTORY_NIGHT_WINDOW)
          .filter((r) => r.end > from && r.start < to)
          .map((r) => (
            <div key={`n${r.start}`} className={styles.night} style={place(r)} />
          ))}
        {layout.segments.map((s) => (
          <div key={`s${s.start}`}>
            <div className={mergeClasses(styles.bar, styles.checkIn)} style={place(s.checkIn)} />
            <div className={mergeClasses(styles.bar, styles.checkOut)} style={place(s.checkOut)} />
            <div className={mergeClasses(styles.bar, styles.work)} style={place(s)} />
          </div>
        ))}
        {layout.breaks.map((b) => (
          <div
            key={`b${b.start}`}
            className={mergeClasses(styles.bar, b.paid ? styles.paid : styles.unpaid)}
            style={place(b)}
          />
        ))}
        {layout.core && <div className={mergeClasses(styles.bar, styles.core)} style={place(layout.core)} />}
        {ticks.map((minute) => (
          <div
            key={`t${minute}`}
            className={styles.tick}
            style={{ left: `${((minute - from) / span) * 100}%` }}
          >
            {minute > from && minute < to && (
              <span
                className={mergeClasses(styles.tickLabel, minute % (6 * HOUR) !== 0 && styles.minorLabel)}
              >
                {clockOf(minute)}
              </span>
            )}
          </div>
        ))}
      </div>
      <div className={styles.legend} aria-hidden="true">
        <Key styles={styles} swatch={styles.swWork} text={t('workShifts.timeline.work')} />
        <Key styles={styles} swatch={styles.swUnpaid} text={t('workShifts.timeline.unpaidBreak')} />
        <Key styles={styles} swatch={styles.swCheckIn} text={t('workShifts.timeline.checkIn')} />
        <Key styles={styles} swatch={styles.swCheckOut} text={t('workShifts.timeline.checkOut')} />
        <Key styles={styles} swatch={styles.swNight} text={t('workShifts.timeline.nightWindow')} />
      </div>
      <dl className={styles.facts}>
        {facts.map(([term, value], index) => (
          <div key={`${term}-${index}`} style={{ display: 'contents' }}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Key({
  styles,
  swatch,
  text,
}: {
  styles: ReturnType<typeof useStyles>;
  swatch: string;
  text: string;
}) {
  return (
    <span className={styles.key}>
      <span className={mergeClasses(styles.swatch, swatch)} />
      <Caption1>{text}</Caption1>
    </span>
  );
}
