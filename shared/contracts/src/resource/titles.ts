import type { PermissionResource } from '../permissions.ts';
import { label, type Label } from './label.ts';

/**
 * The title of each resource contract (its plural name), by the contract's permission resource:
 * the contract's `title` is this Label, and so are the label of its menu entry (menu.ts) and of
 * its permission resource (permission-labels.ts), the same object with one key and one text per
 * language. They are declared here, not inline in the contracts, because the menu and the
 * permission catalogue are in the library every page loads (the sign-in page's size budget) and
 * the contracts are not, and because category contracts read their route from the menu.
 */
export const ResourceTitles = {
  // Organisation
  // the page at the route is the chart (its list a view of it): named as the chart is headed
  organization_unit: label('organizationUnit.title', 'Sơ đồ tổ chức', 'Organisation chart'),
  worker: label('worker.title', 'Danh sách nhân viên', 'Employees'),
  contract: label('contract.title', 'Hợp đồng', 'Contracts'),
  displacement: label('personnelChange.displacement.title', 'Điều động, bổ nhiệm', 'Position assignments'),
  resignation: label('personnelChange.resignation.title', 'Nghỉ việc', 'Resignations'),
  reward: label('personnelChange.reward.title', 'Khen thưởng', 'Rewards'),
  discipline: label('personnelChange.discipline.title', 'Kỷ luật', 'Disciplines'),
  benefit: label('personnelChange.benefit.title', 'Phúc lợi', 'Benefits'),
  compensation_revision: label('personnelChange.salaryReview.title', 'Xét duyệt lương', 'Salary reviews'),
  // Timekeeping and salary
  holiday: label('category.holiday.title', 'Ngày lễ', 'Holidays'),
  // the timekeeping permission guards the rules page (its contract: modules/labour-calendar.ts)
  timekeeping: label('labourRule.title', 'Quy tắc chấm công', 'Timekeeping rules'),
  check_in_setting: label(
    'tm.checkIn.settings.title',
    'Thiết lập chấm công trên web, di động',
    'Web and phone check-in settings',
  ),
  weekly_off: label('weeklyOff.title', 'Ngày nghỉ hằng tuần', 'Weekly days off'),
  standard_working_day: label('standardWorkingDay.title', 'Ngày công chuẩn', 'Standard working days'),
  position_coefficient: label('positionCoefficient.title', 'Thang bảng lương', 'Payroll scales'),
  salary_period: label('salaryPeriod.title', 'Kỳ trả lương', 'Salary periods'),
  // one payroll sheet of a salary period (modules/pay-periods.ts), approvable and locked
  pay_period: label('payPeriod.title', 'Bảng lương', 'Pay periods'),
  salary_composition: label('salaryComponent.title', 'Thành phần lương', 'Salary components'),
  salary_slip_template: label('payrollTemplate.title', 'Mẫu bảng lương', 'Payroll templates'),
  shift: label('workShift.title', 'Ca làm việc', 'Work shifts'),
  work_calendar: label('workCalendar.title', 'Lịch làm việc', 'Work calendars'),
  // the approvable unit-month record (modules/timesheets.ts); its approval locks the month
  timesheet: label('tm.timesheet.title', 'Bảng chấm công', 'Timesheets'),
  timekeeping_change_request: label(
    'workUpdateRequest.title',
    'Đề nghị cập nhật công',
    'Work update requests',
  ),
  leave_request: label('leaveApplication.title', 'Đơn nghỉ phép', 'Leave applications'),
  // the presence documents (modules/presence-requests.ts)
  business_trip_application: label('businessTrip.title', 'Đơn công tác', 'Business trips'),
  conference_application: label('conference.title', 'Đăng ký hội họp', 'Conference applications'),
  overtime_registration: label(
    'overtimeRegistration.title',
    'Đăng ký làm thêm giờ',
    'Overtime registrations',
  ),
  swap_application: label('shiftChangeRequest.title', 'Đơn đổi ca', 'Shift changes'),
  leave_policy: label('leavePolicy.title', 'Quy định nghỉ phép', 'Leave rules'),
  device: label('tm.device.title', 'Máy chấm công', 'Timekeepers'),
  // guards the users on each device and the raw punch search (the punches of those users)
  user_access_control: label('tm.device.users.title', 'Khai báo người dùng trên máy', 'Users on devices'),
  // Administration: the categories
  job_category: label('category.jobCategory.title', 'Nhóm công việc', 'Job categories'),
  job_title: label('category.jobTitle.title', 'Chức danh', 'Job titles'),
  job_position: label('category.jobPosition.title', 'Vị trí công việc', 'Job positions'),
  position: label('category.position.title', 'Chức vụ', 'Positions'),
  nature_of_work: label('category.natureOfWork.title', 'Tính chất công việc', 'Nature of work'),
  region_wage: label('category.regionWage.title', 'Lương tối thiểu vùng', 'Regional minimum wages'),
  salary_grade: label('category.salaryGrade.title', 'Ngạch bậc lương', 'Salary scales'),
  occupation: label('category.occupation.title', 'Ngành nghề', 'Occupations'),
  subject_of_labor: label('category.subjectOfLabor.title', 'Đối tượng lao động', 'Subjects of labour'),
  reward_type: label('category.rewardType.title', 'Loại khen thưởng', 'Reward types'),
  discipline_type: label('category.disciplineType.title', 'Loại kỷ luật', 'Discipline types'),
  ethnicity: label('category.ethnicity.title', 'Dân tộc', 'Ethnicities'),
  religion: label('category.religion.title', 'Tôn giáo', 'Religions'),
  leave_type: label('category.leaveType.title', 'Loại nghỉ', 'Leave types'),
  contract_type: label('category.contractType.title', 'Loại hợp đồng', 'Contract types'),
  worker_group: label('category.workerGroup.title', 'Nhóm lao động', 'Working groups'),
  job_nature: label('category.jobNature.title', 'Tính chất lao động', 'Labour nature'),
  military_group: label('scaleGroup.military.title', 'Nhóm quân hàm', 'Military groups'),
  technical_group: label('scaleGroup.technical.title', 'Nhóm kỹ thuật', 'Technical groups'),
  bank: label('category.bank.title', 'Ngân hàng', 'Banks'),
  unspecialized_job_title: label(
    'category.unspecializedJobTitle.title',
    'Chức danh không chuyên trách',
    'Non-professional titles',
  ),
  allowance_type: label('category.allowanceType.title', 'Loại phụ cấp', 'Allowance types'),
  // Administration: templates and settings
  document_template: label('setting.documentTemplate.title', 'Mẫu tài liệu', 'Document templates'),
  email_template: label(
    'setting.messageTemplate.title',
    'Mẫu email, thông báo',
    'Email and notification templates',
  ),
  workflow_template: label(
    'setting.workflowTemplate.title',
    'Mẫu quy trình (SLA)',
    'Workflow (SLA) templates',
  ),
  user_manual: label('setting.userManual.title', 'Hướng dẫn sử dụng', 'User manuals'),
  tenant_configuration: label('setting.parameter.title', 'Quản lý tham số', 'Parameter management'),
  // System
  tenant: label('system.tenant.title', 'Đơn vị thuê bao', 'Tenants'),
  service_pack: label('system.servicePack.title', 'Gói dịch vụ', 'Service packs'),
  language: label('system.language.title', 'Ngôn ngữ', 'Languages'),
  coefficient: label('systemCatalogue.coefficient.title', 'Hệ số', 'Coefficients'),
  // not "Hệ số lương": that names salary_coefficient in the same module of the permission matrix
  payroll_coefficient: label(
    'systemCatalogue.payrollCoefficient.title',
    'Hệ số tính lương',
    'Payroll coefficients',
  ),
  time_salary_coefficient: label(
    'systemCatalogue.timeSalaryCoefficient.title',
    'Hệ số lương thời gian',
    'Time salary coefficients',
  ),
  technical_level: label('systemCatalogue.technicalLevel.title', 'Bậc kỹ thuật', 'Technical levels'),
  // Notifications sent to an audience
  notification: label('notification.event.title', 'Gửi thông báo', 'Send notifications'),
} as const satisfies Partial<Record<PermissionResource, Label>>;

/** A permission resource that has a contract, named by the contract's title. */
export type TitledResource = keyof typeof ResourceTitles;
