import { useState } from 'react';
import {
  TIMEKEEPING_REPORT_EXPORT_PERMISSIONS,
  TIMEKEEPING_REPORT_TABS,
  TROOP_REPORT_ROUTE,
  TimekeepingReportLabels as L,
  type TimekeepingReportTab,
} from '@hcm/contracts/timekeeping-reports';
import type { Label } from '@hcm/contracts/resource';
import {
  ReportNotFound,
  Title2,
  goTo,
  makeStyles,
  mergeClasses,
  tokens,
  useBrowserLocation,
  useHasAuthority,
} from '@hcm/ui';
import { OVERTIME_REPORT_PATH, OvertimeReportLabels } from '@hcm/contracts/overtime-registrations';
import { OvertimeReportTab } from '../overtime/OvertimeReportTab.tsx';
import { LEAVE_STATISTICS_PATH, LeaveStatisticsLabels } from '@hcm/contracts/leave-statistics';
import { LeaveStatisticsTab } from './LeaveStatisticsTab.tsx';
import { DailyWorkersTab, HoursTab, LateEarlyTab } from './PeriodTabs.tsx';
import { ReportFilters, initialFilters, periodQuery, type Filters } from './ReportFilters.tsx';
import { ReportPaths, downloadReport } from './reports-api.ts';
import { useReportTexts } from './texts.ts';
import { TroopTab, troopQuery } from './TroopTab.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  tabs: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  tab: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderBottom: '3px solid transparent',
    background: 'none',
    font: 'inherit',
    color: tokens.colorNeutralForeground2,
    cursor: 'pointer',
    ':hover': { color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  current: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    borderBottomColor: tokens.colorBrandStroke1,
  },
});

const TAB_LABELS: Readonly<Record<TimekeepingReportTab, Label>> = {
  troop: L.troop,
  'daily-workers': L.dailyWorkers,
  'late-early': L.lateEarly,
  'working-hours': L.workingHours,
  'night-hours': L.nightHours,
  overtime: OvertimeReportLabels.tab,
  'leave-statistics': LeaveStatisticsLabels.tab,
};
const pathOf = (tab: TimekeepingReportTab) =>
  tab === 'troop' ? TROOP_REPORT_ROUTE : `${TROOP_REPORT_ROUTE}/${tab}`;
const EXPORTS: Readonly<Record<TimekeepingReportTab, { path: string; file: string }>> = {
  troop: { path: ReportPaths.troop, file: 'quan-so' },
  'daily-workers': { path: ReportPaths.dailyWorkers, file: 'lao-dong-hang-ngay' },
  'late-early': { path: ReportPaths.lateEarly, file: 'di-muon-ve-som' },
  'working-hours': { path: ReportPaths.workingHours, file: 'gio-cong' },
  'night-hours': { path: ReportPaths.nightHours, file: 'gio-lam-dem' },
  overtime: { path: OVERTIME_REPORT_PATH, file: 'lam-them-gio' },
  'leave-statistics': { path: LEAVE_STATISTICS_PATH, file: 'nghi-phep' },
};

/**
 * Timekeeping › Troop report (docs/timekeeping-reports.md): the troop report of a day by unit, and
 * below its route the other timekeeping reports of catalogues §7.5 as tabs (daily worker number,
 * late and early frequency, working hours, night working hours), each a chart and its table, by
 * unit (none: every unit the user may see) and day or period, and its table as a workbook for a
 * user who may export. The filters stay as the user moves between tabs.
 */
export default function TroopReportPage() {
  const styles = useStyles();
  const { text, label } = useReportTexts();
  const { pathname } = useBrowserLocation();
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const mayExport = useHasAuthority(TIMEKEEPING_REPORT_EXPORT_PERMISSIONS);
  const rest = pathname.replace(/\/+$/, '').slice(TROOP_REPORT_ROUTE.length).replace(/^\//, '');
  const tab = rest === '' ? 'troop' : TIMEKEEPING_REPORT_TABS.find((t) => t === rest);
  if (!tab) return <ReportNotFound />;

  const exportTable = () => {
    const query = tab === 'troop' ? troopQuery(filters) : periodQuery(filters);
    const { path, file } = EXPORTS[tab];
    void downloadReport(path, query, `${file}-${tab === 'troop' ? filters.date : filters.from}.xlsx`).catch(
      () => undefined,
    );
  };
  return (
    <div className={styles.page}>
      <Title2 as="h1">{label(L.title)}</Title2>
      <nav aria-label={text('reports')}>
        <ul className={styles.tabs}>
          {TIMEKEEPING_REPORT_TABS.map((each) => (
            <li key={each}>
              <button
                type="button"
                className={mergeClasses(styles.tab, each === tab && styles.current)}
                aria-current={each === tab ? 'page' : undefined}
                onClick={() => goTo(pathOf(each))}
              >
                {label(TAB_LABELS[each])}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <ReportFilters
        filters={filters}
        kind={tab === 'troop' ? 'day' : 'period'}
        onShow={setFilters}
        onExport={mayExport ? exportTable : undefined}
      />
      {tab === 'troop' && <TroopTab filters={filters} />}
      {tab === 'daily-workers' && <DailyWorkersTab filters={filters} />}
      {tab === 'late-early' && <LateEarlyTab filters={filters} />}
      {tab === 'working-hours' && <HoursTab filters={filters} measure="working" />}
      {tab === 'night-hours' && <HoursTab filters={filters} measure="night" />}
      {tab === 'overtime' && <OvertimeReportTab filters={filters} />}
      {tab === 'leave-statistics' && <LeaveStatisticsTab filters={filters} />}
    </div>
  );
}
