import type { ReferenceTarget } from '../resource/fields.ts';
import { label, type Label } from '../resource/label.ts';

/*
 * Dashboard › Worker statistics (issue 11 item 7, catalogues §7.5): the head count of the
 * employees at work, by one dimension at a time, and the joiners and leavers of each month of a
 * year; each narrowed to a unit and the units below it, and to the caller's data scope.
 */

export const WORKER_STATISTICS_PATH = '/api/om/worker-statistics';
/**
 * Every head count and a year's joiners and leavers in one call (`?organizationUnitId=&year=`),
 * answered as @hcm/contracts/dashboard's WorkforceStatistics: what the dashboard asks when the
 * user narrows it to a unit or moves to another year.
 */
export const WORKER_STATISTICS_SUMMARY_PATH = `${WORKER_STATISTICS_PATH}/summary`;

/** The unit the statistics narrow to, picked as the forms pick one (its auto-complete). */
export const STATISTICS_UNIT_TARGET: ReferenceTarget = {
  resource: 'organization_unit',
  apiPath: '/api/om/organization-units',
  display: 'name',
};

/** What the head count is counted by (catalogues §7.5 "by organisation, contract type, …"). */
export const HEAD_COUNT_DIMENSIONS = [
  'organization',
  'contractType',
  'jobTitle',
  'natureOfWork',
  'subjectOfLabor',
  'responsibility',
  'gender',
] as const;
export type HeadCountDimension = (typeof HEAD_COUNT_DIMENSIONS)[number];

const l = (key: string, vi: string, en: string) => label(`workerStatistics.${key}`, vi, en);

export const HeadCountLabels: Readonly<Record<HeadCountDimension, Label>> = {
  organization: l('byOrganization', 'Theo đơn vị', 'By unit'),
  contractType: l('byContractType', 'Theo loại hợp đồng', 'By contract type'),
  jobTitle: l('byJobTitle', 'Theo chức danh', 'By job title'),
  natureOfWork: l('byNatureOfWork', 'Theo tính chất công việc', 'By nature of work'),
  subjectOfLabor: l('bySubjectOfLabor', 'Theo đối tượng lao động', 'By subject of labour'),
  // the area a person answers for is their position (chức vụ)
  responsibility: l('byResponsibility', 'Theo chức vụ', 'By position'),
  gender: l('byGender', 'Theo giới tính', 'By gender'),
};

export const WorkerStatisticsLabels = {
  title: l('title', 'Thống kê nhân sự', 'Workforce statistics'),
  fluctuation: l('fluctuation', 'Biến động nhân sự theo tháng', 'Joiners and leavers by month'),
  joined: l('joined', 'Vào làm', 'Joined'),
  left: l('left', 'Nghỉ việc', 'Left'),
  headCount: l('headCount', 'Số nhân viên', 'Employees'),
  notSet: l('notSet', 'Chưa xác định', 'Not set'),
  noContract: l('noContract', 'Chưa có hợp đồng hiệu lực', 'No contract in force'),
  month: l('month', 'Tháng', 'Month'),
  unit: l('unit', 'Đơn vị', 'Unit'),
  // the row that sums the units, titles… past the shown bars (topRows)
  others: l('others', 'Khác', 'Others'),
};

/** One bar of a head count: the value counted by (null: not set), its name, how many. */
export interface HeadCountRow {
  key: string | null;
  name: string;
  count: number;
}

/**
 * The bars a head-count card shows (issue 29): the dashboard's answer and GET
 * /api/om/worker-statistics/summary carry each dimension trimmed to them (topRows), the
 * per-dimension route and the workbook every row.
 */
export const HEAD_COUNT_BARS = 8;

/**
 * The key of the row that sums the rows past the shown bars (topRows). No counted value has it
 * (ids are uuids, genders upper case); the shell names the row in its own language and never
 * narrows by it.
 */
export const OTHERS_KEY = '__others';

/**
 * The bars of a head-count card: rows (most first) as they are when there are at most `limit`,
 * else the first `limit - 1` and one row `{ key: OTHERS_KEY, name: others, count }` summing the
 * rest, so the bars always add up to the rows' total.
 */
export function topRows(
  rows: readonly HeadCountRow[],
  limit: number = HEAD_COUNT_BARS,
  others: string = WorkerStatisticsLabels.others.vi,
): HeadCountRow[] {
  if (rows.length <= limit) return [...rows];
  const rest = rows.slice(limit - 1);
  return [
    ...rows.slice(0, limit - 1),
    { key: OTHERS_KEY, name: others, count: rest.reduce((sum, row) => sum + row.count, 0) },
  ];
}

/** One month of a year (1–12): employees who joined, and resignations that took effect. */
export interface FluctuationRow {
  month: number;
  joined: number;
  left: number;
}
