import { useState } from 'react';
import {
  LEAVE_PAYERS,
  LEAVE_STATISTICS_GROUPINGS,
  LEAVE_STATISTICS_PATH,
  LeavePayerLabels,
  LeaveStatisticsGroupingLabels as G,
  LeaveStatisticsLabels as L,
  type LeaveStatistics,
  type LeaveStatisticsGrouping,
} from '@hcm/contracts/leave-statistics';
import { Body1, Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@hcm/ui';
import { ColumnChart, type ChartSeries } from './ColumnChart.tsx';
import { periodQuery, useReport, type Filters } from './ReportFilters.tsx';
import { ReportTable, type ReportColumn } from './ReportTable.tsx';
import { shownDate } from './shown-date.ts';
import { useReportTexts } from './texts.ts';

const useStyles = makeStyles({
  groups: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Colours of the leave types (by their order in the report) and of who pays. */
const TYPE_COLORS = [
  tokens.colorPaletteBlueBorderActive,
  tokens.colorPaletteDarkOrangeBackground3,
  tokens.colorPaletteGreenBackground3,
  tokens.colorPaletteLavenderBorderActive,
  tokens.colorPaletteMarigoldBackground3,
  tokens.colorPaletteTealBackground2,
  tokens.colorPaletteBerryBackground2,
  tokens.colorPaletteRedBackground3,
];
const PAYER_COLORS = {
  EMPLOYER: tokens.colorPaletteBlueBorderActive,
  SOCIAL_INSURANCE: tokens.colorPaletteGreenBackground3,
  UNPAID: tokens.colorPaletteLavenderBorderActive,
} as const;
const PAYER_FIGURE = {
  EMPLOYER: 'employerDays',
  SOCIAL_INSURANCE: 'socialInsuranceDays',
  UNPAID: 'unpaidDays',
} as const;

type Row = LeaveStatistics['rows'][number];
type Figures = LeaveStatistics['total'];

/**
 * Leave statistics (a tab of Timekeeping › Troop report; docs/timekeeping-reports.md): the days
 * of approved leave of the period by month (the chart stacked by leave type), by unit or by leave
 * type (stacked by who pays), and the table: the days, who pays them, each type's days, the
 * workers on leave and the total. The workbook (the page's Export) holds all three groupings.
 */
export function LeaveStatisticsTab({ filters }: { filters: Filters }) {
  const styles = useStyles();
  const { text, label, english } = useReportTexts();
  const [groupBy, setGroupBy] = useState<LeaveStatisticsGrouping>('month');
  const loaded = useReport<LeaveStatistics>(
    LEAVE_STATISTICS_PATH,
    { ...periodQuery(filters), groupBy },
    filters.round,
  );
  const days = (value: string) =>
    Number(value).toLocaleString(english ? 'en-US' : 'vi-VN', { maximumFractionDigits: 3 });
  const choice = (
    <div role="group" aria-label={label(L.groupBy)} className={styles.groups}>
      {LEAVE_STATISTICS_GROUPINGS.map((grouping) => (
        <Button
          key={grouping}
          size="small"
          appearance={grouping === groupBy ? 'primary' : 'secondary'}
          aria-pressed={grouping === groupBy}
          onClick={() => setGroupBy(grouping)}
        >
          {label(G[grouping])}
        </Button>
      ))}
    </div>
  );
  if (loaded.state !== 'ready')
    return (
      <>
        {choice}
        {loaded.state === 'loading' ? (
          <Spinner size="tiny" label={text('loading')} />
        ) : (
          <MessageBar intent="error">
            <MessageBarBody>{text('failed')}</MessageBarBody>
          </MessageBar>
        )}
      </>
    );
  const report = loaded.data;
  const title = `${label(L.tab)} ${shownDate(report.from)} – ${shownDate(report.to)}`;
  const typeDays = (row: Figures, typeId: string) => row.byType.find((t) => t.leaveTypeId === typeId)?.days;
  const series: ChartSeries[] =
    report.groupBy === 'month'
      ? report.types.map((t, index) => ({
          key: t.leaveTypeId,
          label: t.name,
          color: TYPE_COLORS[index % TYPE_COLORS.length] as string,
        }))
      : LEAVE_PAYERS.map((payer) => ({
          key: payer,
          label: label(LeavePayerLabels[payer]),
          color: PAYER_COLORS[payer],
        }));
  const points = report.rows.map((row) => ({
    label: row.name || row.code,
    values: Object.fromEntries(
      report.groupBy === 'month'
        ? row.byType.map((t) => [t.leaveTypeId, Number(t.days)])
        : LEAVE_PAYERS.map((payer) => [payer, Number(row[PAYER_FIGURE[payer]])]),
    ),
  }));
  const isRow = (row: Row | Figures): row is Row => 'key' in row;
  const columns: ReportColumn<Row | Figures>[] = [
    {
      key: 'row',
      header: label(report.groupBy === 'month' ? L.month : report.groupBy === 'unit' ? L.unit : L.type),
      cell: (r) => (isRow(r) ? r.name || r.code : label(L.total)),
    },
    { key: 'days', header: label(L.days), numeric: true, cell: (r) => days(r.days) },
    ...LEAVE_PAYERS.map((payer) => ({
      key: payer,
      header: label(LeavePayerLabels[payer]),
      numeric: true,
      cell: (r: Row | Figures) => days(r[PAYER_FIGURE[payer]]),
    })),
    // by type each row is one type: its columns would repeat the days
    ...(report.groupBy === 'type'
      ? []
      : report.types.map((t) => ({
          key: t.leaveTypeId,
          header: t.name,
          numeric: true,
          cell: (r: Row | Figures) => days(typeDays(r, t.leaveTypeId) ?? '0'),
        }))),
    { key: 'workers', header: label(L.workers), numeric: true, cell: (r) => r.workers },
  ];
  return (
    <>
      {choice}
      {report.total.workers === 0 ? (
        <Body1 className={styles.muted}>{text('nothing')}</Body1>
      ) : (
        <>
          <ColumnChart title={text('chart', { title })} stacked series={series} points={points} />
          <ReportTable
            caption={`${title}: ${label(G[report.groupBy])}`}
            columns={columns}
            rows={report.rows}
            rowKey={(row) => (isRow(row) ? row.key : 'total')}
            total={report.total}
          />
        </>
      )}
    </>
  );
}
