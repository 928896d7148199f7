import {
  OVERTIME_REPORT_PATH,
  OvertimeReportLabels as L,
  type OvertimeReport,
} from '@hcm/contracts/overtime-registrations';
import { Body1, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@hcm/ui';
import { periodQuery, useReport, type Filters } from '../reports/ReportFilters.tsx';
import { ReportTable, type ReportColumn } from '../reports/ReportTable.tsx';
import { hoursText, useReportTexts } from '../reports/texts.ts';

const useStyles = makeStyles({ muted: { color: tokens.colorNeutralForeground3 } });

type Row = OvertimeReport['rows'][number];
type Figures = OvertimeReport['total'];

/**
 * Overtime registered vs worked, by unit and month (a tab of Timekeeping › Troop report;
 * docs/overtime-registrations.md): per unit and month of the period, the approved registrations'
 * hours, the overtime the timesheet counted, what it is paid as, and the workers with either.
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
    <ReportTable
      caption={label(L.tab)}
      columns={columns}
      rows={report.rows}
      rowKey={(row) => (isRow(row) ? `${row.organizationUnitId}-${row.month}` : 'total')}
      total={report.total}
    />
  );
}
