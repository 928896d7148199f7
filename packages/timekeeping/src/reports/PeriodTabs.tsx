import { useState, type ReactNode } from 'react';
import {
  TROOP_COUNT_KEYS,
  TimekeepingReportLabels as L,
  TimekeepingReportLimits,
  TroopCountLabels,
  type DailyWorkers,
  type HoursGrouping,
  type HoursReport,
  type LateEarlyFrequency,
} from '@hcm/contracts/timekeeping-reports';
import { Body1, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@hcm/ui';
import { ColumnChart, FIGURE_COLORS } from './ColumnChart.tsx';
import { LateEarlyNames } from './LateEarlyNames.tsx';
import { ReportTable } from './ReportTable.tsx';
import { ReportPaths } from './reports-api.ts';
import { periodQuery, useReport, type Filters, type Loaded } from './ReportFilters.tsx';
import { hoursText, useReportTexts } from './texts.ts';
import { shownDate } from './shown-date.ts';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  figure: {
    padding: 0,
    border: 'none',
    background: 'none',
    font: 'inherit',
    color: tokens.colorBrandForegroundLink,
    cursor: 'pointer',
    textDecorationLine: 'underline',
  },
});

/** The spinner, the failure, or the report drawn by `draw`. */
function Shown<T>({ loaded, draw }: { loaded: Loaded<T>; draw: (data: T) => ReactNode }) {
  const { text } = useReportTexts();
  if (loaded.state === 'loading') return <Spinner size="tiny" label={text('loading')} />;
  if (loaded.state === 'failed')
    return (
      <MessageBar intent="error">
        <MessageBarBody>{text('failed')}</MessageBarBody>
      </MessageBar>
    );
  return <>{draw(loaded.data)}</>;
}

const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
const STACKED = [
  'present',
  'businessTrip',
  'paidLeave',
  'unpaidLeave',
  'absent',
  'dayOff',
  'notCheckedIn',
] as const;

/** Daily worker number: the troop report's figures for every day of the period. */
export function DailyWorkersTab({ filters }: { filters: Filters }) {
  const { text, label } = useReportTexts();
  const loaded = useReport<DailyWorkers>(ReportPaths.dailyWorkers, periodQuery(filters), filters.round);
  return (
    <Shown
      loaded={loaded}
      draw={(report) => (
        <>
          <ColumnChart
            title={text('chart', { title: label(L.dailyWorkers) })}
            stacked
            series={STACKED.map((key) => ({
              key,
              label: label(TroopCountLabels[key]),
              color: FIGURE_COLORS[key],
            }))}
            points={report.days.map((day) => ({ label: dayLabel(day.date), values: day }))}
          />
          <ReportTable
            caption={`${label(L.dailyWorkers)} ${shownDate(report.from)} – ${shownDate(report.to)}`}
            rowKey={(day) => day.date}
            rows={report.days}
            columns={[
              { key: 'date', header: label(L.date), cell: (day) => dayLabel(day.date) },
              ...TROOP_COUNT_KEYS.map((key) => ({
                key,
                header: label(TroopCountLabels[key]),
                numeric: true,
                cell: (day: DailyWorkers['days'][number]) => day[key],
              })),
            ]}
          />
        </>
      )}
    />
  );
}

/** Late and early frequency: workers by times (6: six or more); a group's figure lists its workers. */
export function LateEarlyTab({ filters }: { filters: Filters }) {
  const styles = useStyles();
  const { text, label } = useReportTexts();
  const query = periodQuery(filters);
  const loaded = useReport<LateEarlyFrequency>(ReportPaths.lateEarly, query, filters.round);
  const [chosen, setChosen] = useState<{ kind?: 'late' | 'early'; times?: number }>({});
  const last = TimekeepingReportLimits.frequencyGroups;
  const timesText = (times: number) => (times === last ? label(L.sixOrMore) : String(times));
  type Group = LateEarlyFrequency['groups'][number];
  const figure = (kind: 'late' | 'early') => (group: Group) =>
    group[kind] === 0 ? (
      '0'
    ) : (
      <button
        type="button"
        className={styles.figure}
        aria-label={`${text(kind)} ${timesText(group.times)}: ${group[kind]}`}
        onClick={() => setChosen({ kind, times: group.times })}
      >
        {group[kind]}
      </button>
    );
  return (
    <Shown
      loaded={loaded}
      draw={(report) => (
        <>
          <ColumnChart
            title={text('chart', { title: label(L.lateEarly) })}
            stacked={false}
            series={[
              { key: 'late', label: label(L.lateWorkers), color: FIGURE_COLORS.late },
              { key: 'early', label: label(L.earlyWorkers), color: FIGURE_COLORS.early },
            ]}
            points={report.groups.map((group) => ({
              label: group.times === last ? `${last}+` : String(group.times),
              values: group,
            }))}
          />
          <ReportTable
            caption={`${label(L.lateEarly)} ${shownDate(report.from)} – ${shownDate(report.to)}`}
            rowKey={(group) => String(group.times)}
            rows={report.groups}
            total={{ times: 0, late: report.lateWorkers, early: report.earlyWorkers }}
            columns={[
              {
                key: 'times',
                header: label(L.times),
                cell: (g) => (g.times === 0 ? label(L.total) : timesText(g.times)),
              },
              {
                key: 'late',
                header: label(L.lateWorkers),
                numeric: true,
                cell: (g) => (g.times === 0 ? g.late : figure('late')(g)),
              },
              {
                key: 'early',
                header: label(L.earlyWorkers),
                numeric: true,
                cell: (g) => (g.times === 0 ? g.early : figure('early')(g)),
              },
            ]}
          />
          <LateEarlyNames
            query={{ ...query, kind: chosen.kind, times: chosen.times }}
            onAll={() => setChosen({})}
          />
        </>
      )}
    />
  );
}

/** Working hours number or night working hours: by day or month of the period, and by unit. */
export function HoursTab({ filters, measure }: { filters: Filters; measure: 'working' | 'night' }) {
  const { text, label, english } = useReportTexts();
  const [by, setBy] = useState<HoursGrouping>('day');
  const path = measure === 'working' ? ReportPaths.workingHours : ReportPaths.nightHours;
  const loaded = useReport<HoursReport>(path, { ...periodQuery(filters), by }, filters.round);
  const [main, overtime] =
    measure === 'working' ? [L.hours, L.overtimeHours] : [L.nightWork, L.nightOvertime];
  const styles = useStyles();
  type Figures = HoursReport['total'];
  const figures = [
    {
      key: 'minutes',
      header: label(main),
      numeric: true,
      cell: (r: Figures) => hoursText(r.minutes, english),
    },
    {
      key: 'overtime',
      header: label(overtime),
      numeric: true,
      cell: (r: Figures) => hoursText(r.overtimeMinutes, english),
    },
    { key: 'workers', header: label(L.workers), numeric: true, cell: (r: Figures) => r.workers },
  ];
  const title = label(measure === 'working' ? L.workingHours : L.nightHours);
  return (
    <>
      <div role="group" aria-label={label(L.period)} style={{ display: 'flex', gap: 8 }}>
        {(['day', 'month'] as const).map((grouping) => (
          <button
            key={grouping}
            type="button"
            aria-pressed={by === grouping}
            className={styles.figure}
            style={{
              textDecorationLine: by === grouping ? 'none' : 'underline',
              fontWeight: by === grouping ? 600 : 400,
            }}
            onClick={() => setBy(grouping)}
          >
            {text(grouping === 'day' ? 'byDay' : 'byMonth')}
          </button>
        ))}
      </div>
      <Shown
        loaded={loaded}
        draw={(report) =>
          report.total.workers === 0 ? (
            <Body1 className={styles.muted}>{text('nothing')}</Body1>
          ) : (
            <>
              <ColumnChart
                title={text('chart', { title })}
                stacked
                series={[
                  { key: 'minutes', label: label(main), color: FIGURE_COLORS.main },
                  { key: 'overtimeMinutes', label: label(overtime), color: FIGURE_COLORS.overtime },
                ]}
                points={report.periods.map((p) => ({
                  label: report.by === 'day' ? dayLabel(p.period) : p.period,
                  values: p,
                }))}
              />
              <ReportTable
                caption={`${title} ${shownDate(report.from)} – ${shownDate(report.to)}`}
                rowKey={(row) => row.period}
                rows={report.periods}
                total={{ period: label(L.total), ...report.total }}
                columns={[{ key: 'period', header: label(L.period), cell: (row) => row.period }, ...figures]}
              />
              <ReportTable
                caption={`${title}: ${text('byUnit')}`}
                rowKey={(row) => row.organizationUnitId}
                rows={report.units}
                columns={[{ key: 'unit', header: label(L.unit), cell: (row) => row.name }, ...figures]}
              />
            </>
          )
        }
      />
    </>
  );
}
