import {
  PermissionResources,
  actionsOf,
  type ApprovalAction,
  type BaseAction,
  type PermissionResource,
} from './permissions.ts';
import { label, type Label } from './resource/label.ts';
import { ResourceTitles } from './resource/titles.ts';

/**
 * The permission catalogue named for people, in Vietnamese and English: every action and every
 * resource of permissions.ts. The roles' permission matrix shows them (modules/users-roles.ts),
 * and the browser names the permissions a 403 says are needed with them, never by their codes.
 */

/** The actions, by code. */
export const ActionLabels: Record<BaseAction | ApprovalAction, Label> = {
  view: label('permission.action.view', 'Xem', 'View'),
  create: label('permission.action.create', 'Thêm', 'Create'),
  update: label('permission.action.update', 'Sửa', 'Update'),
  delete: label('permission.action.delete', 'Xóa', 'Delete'),
  export: label('permission.action.export', 'Xuất', 'Export'),
  approve: label('permission.action.approve', 'Phê duyệt', 'Approve'),
  reject: label('permission.action.reject', 'Từ chối', 'Reject'),
  'request-approval': label('permission.action.requestApproval', 'Gửi duyệt', 'Request approval'),
  'cancel-approval': label('permission.action.cancelApproval', 'Hủy gửi duyệt', 'Cancel approval'),
};

const r = (key: string, vi: string, en: string) => label(`permission.resource.${key}`, vi, en);

/**
 * The resources of the permission catalogue, named for people: one for every declared resource
 * (a resource added to the catalogue without its label here does not compile). A resource with
 * a contract is named by the contract's title, the same Label (resource/titles.ts): its label
 * is not written here, and one written before the spread below does not compile.
 */
export const ResourceLabels: Record<PermissionResource, Label> = {
  client: r('client', 'Ứng dụng tích hợp', 'API clients'),
  configuration: r('configuration', 'Cấu hình hệ thống', 'System configuration'),
  event_configuration: r('eventConfiguration', 'Cấu hình sự kiện', 'Event configuration'),
  action_log: r('actionLog', 'Nhật ký thao tác', 'Action log'),
  file: r('file', 'Quản lý tệp', 'Files'),
  user: r('user', 'Người dùng', 'Users'),
  role: r('role', 'Vai trò', 'Roles'),
  notification_template: r('notificationTemplate', 'Mẫu thông báo', 'Notification templates'),
  pick_list: r('pickList', 'Danh sách chọn', 'Pick lists'),
  region: r('region', 'Vùng', 'Regions'),
  province: r('province', 'Tỉnh, thành phố', 'Provinces'),
  military_rank: r('militaryRank', 'Cấp bậc quân hàm', 'Military ranks'),
  dashboard: r('dashboard', 'Trang chủ', 'Dashboard'),
  contacts: r('contacts', 'Danh bạ', 'Contacts'),
  worker_academic: r('workerAcademic', 'Trình độ học vấn', 'Education records'),
  worker_employment: r('workerEmployment', 'Quá trình công tác', 'Employment history'),
  worker_related_person: r('workerRelatedPerson', 'Quan hệ gia đình', 'Related persons'),
  worker_file: r('workerFile', 'Tài liệu nhân sự', 'Employee documents'),
  worker_reward: r('workerReward', 'Khen thưởng của nhân sự', 'Employee rewards'),
  worker_discipline: r('workerDiscipline', 'Kỷ luật của nhân sự', 'Employee disciplines'),
  worker_military_employment: r('workerMilitaryEmployment', 'Quá trình quân ngũ', 'Military service'),
  worker_research: r('workerResearch', 'Nghiên cứu khoa học', 'Research'),
  fixed_compensation: r('fixedCompensation', 'Lương cố định', 'Fixed compensation'),
  salary_coefficient: r('salaryCoefficient', 'Hệ số lương', 'Salary coefficients'),
  salary_configuration: r('salaryConfiguration', 'Cấu hình lương', 'Salary configuration'),
  timesheet_summary: r('timesheetSummary', 'Tổng hợp công', 'Timesheet summaries'),
  kpi_summary: r('kpiSummary', 'Tổng hợp KPI', 'KPI summaries'),
  product_summary: r('productSummary', 'Tổng hợp sản phẩm', 'Product summaries'),
  deduction_summary: r('deductionSummary', 'Tổng hợp khấu trừ', 'Deduction summaries'),
  other_income_summary: r('otherIncomeSummary', 'Tổng hợp thu nhập khác', 'Other income summaries'),
  advance_summary: r('advanceSummary', 'Tổng hợp tạm ứng', 'Advance summaries'),
  worker_bank_account: r('workerBankAccount', 'Tài khoản ngân hàng nhân sự', 'Employee bank accounts'),
  pay_report: r('payReport', 'Báo cáo lương', 'Pay reports'),
  piece_wage: r('pieceWage', 'Lương khoán', 'Piece wages'),
  fund_summary: r('fundSummary', 'Tổng hợp quỹ', 'Fund summaries'),
  task: r('task', 'Nhiệm vụ', 'Tasks'),
  work: r('work', 'Công việc', 'Jobs'),
  target: r('target', 'Mục tiêu', 'Targets'),
  kpi_criteria: r('kpiCriteria', 'Tiêu chí KPI', 'KPI criteria'),
  kpi_template: r('kpiTemplate', 'Mẫu KPI', 'KPI templates'),
  leader_work_plan: r('leaderWorkPlan', 'Kế hoạch đơn vị', 'Organisation plans'),
  work_plan: r('workPlan', 'Kế hoạch cá nhân', 'Personal plans'),
  application: r('application', 'Hồ sơ ứng tuyển', 'Applications'),
  applicant: r('applicant', 'Ứng viên', 'Applicants'),
  recruitment_plan: r('recruitmentPlan', 'Kế hoạch tuyển dụng', 'Recruitment plans'),
  recruitment_request: r('recruitmentRequest', 'Yêu cầu tuyển dụng', 'Recruitment requests'),
  interview: r('interview', 'Phỏng vấn', 'Interviews'),
  evaluation: r('evaluation', 'Đánh giá', 'Evaluations'),
  evaluation_template: r('evaluationTemplate', 'Mẫu đánh giá', 'Evaluation templates'),
  ...ResourceTitles,
};

/** The label of a resource (every declared resource has one: the type says so). */
export const resourceLabel = (resource: PermissionResource): Label => ResourceLabels[resource];

/** The names of a permission code (`contract.update`), or null when the catalogue has no such code. */
export function permissionLabelsOf(code: string): { resource: Label; action: Label } | null {
  const at = code.lastIndexOf('.');
  const resource = code.slice(0, at);
  const action = code.slice(at + 1);
  if (at < 0 || !Object.hasOwn(PermissionResources, resource)) return null;
  const known = actionsOf(resource as PermissionResource).find((candidate) => candidate === action);
  return known
    ? { resource: ResourceLabels[resource as PermissionResource], action: ActionLabels[known] }
    : null;
}
