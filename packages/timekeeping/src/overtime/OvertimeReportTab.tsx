import {
  OVERTIME_REPORT_PATH,
  OvertimeReportLabels as L,
  type OvertimeReport,
} from '@hcm/contracts/overtime-registrations';
import { Body1, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@hcm/ui';
import { ColumnChart, FIGURE_COLORS, type ChartPoint } from '../reports/ColumnChart.tsx';
import { periodQuery, useReport, type Filters } from '../reports/ReportFilters.tsx';
import { ReportTable, type ReportColumn } from '../reports/ReportTable.tsx';
import { hoursText, useReportTexts } from '../reports/texts.ts';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
});

/** 'YYYY-MM' as the chart's axis writes it: '03/2026'. */
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/**
 * The period's months, each with the hours registered and the overtime worked of every unit shown:
 * the chart's points (the table keeps them by unit).
 */
function monthPoints(rows: readonly Row[]): ChartPoint[] {
  const months = [...new Set(rows.map((row) => row.month))].sort();
  return months.map((month) => {
    const of = rows.filter((row) => row.month === month);
    const hours = (pick: (row: Row) => number) => of.reduce((sum, row) => sum + pick(row), 0) / 60;
    return {
      label: monthLabel(month),
      values: { registered: hours((r) => r.registeredMinutes), worked: hours((r) => r.workedMinutes) },
    };
  });
}

type Row = OvertimeReport['rows'][number];
type Figures = OvertimeReport['total'];

/**
 * Overtime registered vs worked, by unit and month (a tab of Timekeeping › Troop report;
 * docs/overtime-registrations.md): a chart of the hours registered beside those worked, month by
 * month, then per unit and month of the period the approved registrations' hours, the overtime
 * the timesheet counted, what it is paid as, and the workers with either.
 */
export function OvertimeReportTab({ filters }: { filters: Filters }) {
  const styles = useStyles();
  const { text, label, english } = useReportTexts();
  const loaded = useReport<OvertimeReport>(OVERTIME_REPORT_PATH, periodQuery(filters), filters.round);
  if (loaded.state === 'loading') return <Spinner size="tiny" label={text('loading')} />;
  if (loaded.state === 'failed')
    return (
      <MessageBar intent="error">
        <MessageBarBody>{text('failed')}</MessageBarBody>
      </MessageBar>
    );
  const report = loaded.data;
  if (report.total.workers === 0) return <Body1 className={styles.muted}>{text('nothing')}</Body1>;
  const figures: ReportColumn<Figures>[] = [
    {
      key: 'registered',
      header: label(L.registered),
      numeric: true,
      cell: (r) => hoursText(r.registeredMinutes, english),
    },
    {
      key: 'worked',
      header: label(L.worked),
      numeric: true,
      cell: (r) => hoursText(r.workedMinutes, english),
    },
    { key: 'paid', header: label(L.paid), numeric: true, cell: (r) => hoursText(r.paidMinutes, english) },
    { key: 'workers', header: label(L.workers), numeric: true, cell: (r) => r.workers },
  ];
  const isRow = (row: Row | Figures): row is Row => 'month' in row;
  const columns: ReportColumn<Row | Figures>[] = [
    { key: 'unit', header: label(L.unit), cell: (r) => (isRow(r) ? r.name || r.code : label(L.total)) },
    { key: 'month', header: label(L.month), cell: (r) => (isRow(r) ? r.month : '') },
    ...(figures as ReportColumn<Row | Figures>[]),
  ];
  return (
    <div className={styles.tab}>
      <ColumnChart
        title={text('chart', { title: label(L.tab) })}
        stacked={false}
        series={[
          { key: 'registered', label: label(L.registered), color: FIGURE_COLORS.main },
          { key: 'worked', label: label(L.worked), color: FIGURE_COLORS.overtime },
        ]}
        points={monthPoints(report.rows)}
      />
      <ReportTable
        caption={label(L.tab)}
        columns={columns}
        rows={report.rows}
        rowKey={(row) => (isRow(row) ? `${row.organizationUnitId}-${row.month}` : 'total')}
        total={report.total}
      />
    </div>
  );
}
