import Type from 'typebox';
import { ApiPaths } from '../api-paths.ts';
import { ApplicationModules, type ApplicationModule, UserLevels } from '../enums.ts';
import { FieldLimits, Paging, Patterns } from '../limits.ts';
import {
  ApprovalActions,
  BaseActions,
  PermissionResources,
  type ApprovalAction,
  type BaseAction,
  type PermissionResource,
} from '../permissions.ts';
import { f } from '../resource/fields.ts';
import { label, type Label } from '../resource/label.ts';

/**
 * @hcm/contracts/users-roles: the administration of users and roles (catalogues §7.4): the API
 * paths, the bodies and answers of every call, and the labels of the permission matrix (every
 * module, resource and action of the permission catalogue, in Vietnamese and English). Tenant
 * administrators manage their tenant's users and roles; system administrators the system users
 * and system roles, through the same calls.
 */

const USERS = '/api/iam/users';
const ROLES = '/api/iam/roles';

export const UsersRolesPaths = {
  users: {
    search: USERS,
    create: USERS,
    detail: `${USERS}/:id`,
    update: `${USERS}/:id/update`,
    assignRoles: `${USERS}/:id/assign-roles`,
    lock: `${USERS}/:id/lock`,
    unlock: `${USERS}/:id/unlock`,
    changePassword: `${USERS}/:id/change-password`,
    unlockByUsernames: `${USERS}/unlock-by-usernames`,
    autoComplete: `${USERS}/auto-complete`,
    autoCompleteByRole: `${USERS}/auto-complete-by-role`,
    findByIds: ApiPaths.iam.usersByIds,
    userLevel: `${USERS}/user-level`,
    findAllUsers: `${USERS}/find-all-users`,
    downloadTemplate: `${USERS}/download-template`,
    import: `${USERS}/import`,
    /** POST: a system administrator adds a contact (administrator) account to a tenant */
    tenantContact: `${USERS}/tenant`,
  },
  roles: {
    search: ROLES,
    create: ROLES,
    detail: `${ROLES}/:id`,
    update: `${ROLES}/:id/update`,
    delete: `${ROLES}/:id/delete`,
    updatePermissions: `${ROLES}/:id/update-permissions`,
    findByIds: `${ROLES}/find-by-ids`,
    fullAutoComplete: `${ROLES}/full-auto-complete`,
    roleLevel: `${ROLES}/role-level`,
    properties: `${ROLES}/properties`,
  },
} as const;

const closed = <P extends Type.TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });
const Uuid = Type.String({ format: 'uuid' });
const nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const StatusValue = Type.Union([Type.Literal('ACTIVE'), Type.Literal('INACTIVE')]);
const Level = Type.Union([Type.Literal(UserLevels[0]), Type.Literal(UserLevels[1])]);
const Version = Type.Integer({ minimum: 1, maximum: FieldLimits.integer });
const Keyword = Type.Optional(Type.String({ maxLength: FieldLimits.search }));
const PageIndex = Type.Optional(Type.Integer({ minimum: 1, maximum: Paging.maxPageIndex }));
const PageSize = Type.Optional(Type.Integer({ minimum: 1, maximum: Paging.maxPageSize }));
/** One value or several (`status=ACTIVE&status=INACTIVE`). */
const oneOrMore = <T extends Type.TSchema>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Array(schema, { minItems: 1, maxItems: Paging.maxPageSize })]));
const sortOf = (fields: readonly string[]) =>
  Type.Optional(Type.String({ maxLength: 100, pattern: `^(?:${fields.join('|')})\\.(?:asc|desc)$` }));
const RoleIds = Type.Array(Uuid, { maxItems: 100, uniqueItems: true });

export const Username = Type.String({
  minLength: FieldLimits.usernameMin,
  maxLength: FieldLimits.usernameMax,
  pattern: Patterns.username,
});
const FullName = Type.String({ minLength: 1, maxLength: FieldLimits.name });
const Email = Type.String({ maxLength: FieldLimits.email, format: 'email' });
const Phone = Type.String({
  minLength: FieldLimits.phoneMin,
  maxLength: FieldLimits.phoneMax,
  pattern: Patterns.phone,
});
const Password = Type.String({
  minLength: 1,
  maxLength: FieldLimits.passwordMax,
  pattern: Patterns.password,
});
const RoleCode = Type.String({ minLength: 1, maxLength: FieldLimits.code, pattern: '^[A-Za-z0-9_.-]+$' });
const RoleName = Type.String({ minLength: 1, maxLength: FieldLimits.name });
const Description = Type.String({ maxLength: FieldLimits.description });
const PermissionCodes = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 2000 });

// ---------------------------------------------------------------------------------------- users

/** A role as a user's record names it. */
export const RoleSummary = Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() });
export type RoleSummary = Type.Static<typeof RoleSummary>;

/** A user as the administration pages show it. */
export const AdminUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  fullName: Type.String(),
  email: nullable(Type.String()),
  phone: nullable(Type.String()),
  status: StatusValue,
  userLevel: Level,
  isRoot: Type.Boolean(),
  roles: Type.Array(RoleSummary),
  lastLoginAt: nullable(Type.String()),
  createdAt: Type.String(),
  lastModifiedAt: Type.String(),
  version: Type.Integer(),
});
export type AdminUser = Type.Static<typeof AdminUser>;

/** What look-ups answer about a user. */
export const UserSummary = Type.Object({
  id: Type.String(),
  username: Type.String(),
  fullName: Type.String(),
  email: nullable(Type.String()),
  status: StatusValue,
});
export type UserSummary = Type.Static<typeof UserSummary>;

export const USER_SORT_FIELDS = [
  'username',
  'fullName',
  'email',
  'status',
  'lastLoginAt',
  'createdAt',
  'lastModifiedAt',
] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** GET /api/iam/users: keyword on user name, full name and e-mail; default username.asc. */
export const UserSearchQuery = closed({
  keyword: Keyword,
  status: oneOrMore(StatusValue),
  roleIds: oneOrMore(Uuid),
  pageIndex: PageIndex,
  pageSize: PageSize,
  sortBy: sortOf(USER_SORT_FIELDS),
});
export type UserSearchQuery = Type.Static<typeof UserSearchQuery>;

/** POST /api/iam/users. No password: one is generated and answered once. */
export const CreateUserBody = closed({
  username: Username,
  fullName: FullName,
  email: Type.Optional(nullable(Email)),
  phone: Type.Optional(nullable(Phone)),
  roleIds: Type.Optional(RoleIds),
  password: Type.Optional(Password),
  /** the user must choose their own password at first sign-in (default true) */
  passwordChangeRequired: Type.Optional(Type.Boolean()),
});
export type CreateUserBody = Type.Static<typeof CreateUserBody>;

/** The new user, and the generated password when none was given (shown once, never again). */
export const CreatedUser = Type.Object({ user: AdminUser, generatedPassword: nullable(Type.String()) });
export type CreatedUser = Type.Static<typeof CreatedUser>;

/** POST /api/iam/users/{id}/update: the user name never changes. */
export const UpdateUserBody = closed({
  fullName: Type.Optional(FullName),
  email: Type.Optional(nullable(Email)),
  phone: Type.Optional(nullable(Phone)),
  version: Version,
});
export type UpdateUserBody = Type.Static<typeof UpdateUserBody>;

/** POST /api/iam/users/{id}/assign-roles: the user's whole set of roles. */
export const AssignRolesBody = closed({ roleIds: RoleIds, version: Version });
export type AssignRolesBody = Type.Static<typeof AssignRolesBody>;

/**
 * POST /api/iam/users/{id}/change-password: `newPassword`, or `generate: true` for a generated
 * one, answered once as `{ generatedPassword }`.
 */
export const SetUserPasswordBody = closed({
  newPassword: Type.Optional(Password),
  generate: Type.Optional(Type.Literal(true)),
  /** the user must choose their own password at next sign-in (default true) */
  passwordChangeRequired: Type.Optional(Type.Boolean()),
});
export type SetUserPasswordBody = Type.Static<typeof SetUserPasswordBody>;
export const GeneratedPassword = Type.Object({ generatedPassword: Type.String() });
export type GeneratedPassword = Type.Static<typeof GeneratedPassword>;

/**
 * POST /api/iam/users/tenant (system administrators, tenant.update): another contact of an
 * existing ACTIVE tenant, an administrator account of it (its role HR_ADMIN) whose password
 * the contact sets through a one-time link.
 */
export const CreateTenantContactBody = closed({
  tenantId: Uuid,
  username: Username,
  fullName: FullName,
  email: Email,
  phoneNumber: Type.Optional(Phone),
});
export type CreateTenantContactBody = Type.Static<typeof CreateTenantContactBody>;

/** The new contact, and its one-time set-password link (shown once, never again). */
export const CreatedTenantContact = Type.Object({
  user: Type.Object({
    id: Type.String(),
    tenantId: Type.String(),
    username: Type.String(),
    fullName: Type.String(),
    email: Type.String(),
    phone: nullable(Type.String()),
    roleCode: Type.String(),
  }),
  handOver: Type.Object({
    kind: Type.Literal('LINK'),
    username: Type.String(),
    /** `/set-password?token=…`, relative to the portal */
    link: Type.String(),
    expiresAt: Type.String(),
  }),
});
export type CreatedTenantContact = Type.Static<typeof CreatedTenantContact>;

/** GET /api/iam/users/auto-complete: ACTIVE users only. */
export const UserAutoCompleteQuery = closed({ keyword: Keyword, pageIndex: PageIndex, pageSize: PageSize });
export type UserAutoCompleteQuery = Type.Static<typeof UserAutoCompleteQuery>;

/** GET /api/iam/users/auto-complete-by-role: ACTIVE users holding any of the roles. */
export const UserAutoCompleteByRoleQuery = closed({
  keyword: Keyword,
  roleIds: oneOrMore(Uuid),
  sortBy: sortOf(['username', 'fullName']),
  pageIndex: PageIndex,
  pageSize: PageSize,
});
export type UserAutoCompleteByRoleQuery = Type.Static<typeof UserAutoCompleteByRoleQuery>;

export const FindByIdsBody = closed({
  ids: Type.Array(Uuid, { minItems: 1, maxItems: Paging.maxFindByIds }),
});
export type FindByIdsBody = Type.Static<typeof FindByIdsBody>;

/** POST /api/iam/users/find-all-users: every user (at most 1000); the page filters by status. */
export const FindAllUsersBody = closed({ keyword: Keyword });
export type FindAllUsersBody = Type.Static<typeof FindAllUsersBody>;

/** GET /api/iam/users/user-level and /api/iam/roles/role-level: the levels the caller manages. */
export const ManagedLevels = Type.Array(Level);

/** An e-mail address as the form and the import check it (the API also checks format: email). */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

/**
 * The fields of a user's form and of the import template, with their labels and limits (the
 * browser's validators and the template's rules come from them). `roleCodes`: the import's
 * roles, as role codes separated by commas.
 */
export const userFields = {
  username: f.text({
    label: label('userAccount.username', 'Tên đăng nhập', 'User name'),
    required: true,
    unique: true,
    minLength: FieldLimits.usernameMin,
    maxLength: FieldLimits.usernameMax,
    pattern: Patterns.username,
    example: (n: number) => `nguoi_dung_${n}`,
  }),
  fullName: f.text({
    label: label('userAccount.fullName', 'Họ và tên', 'Full name'),
    required: true,
    maxLength: FieldLimits.name,
  }),
  email: f.text({
    label: label('userAccount.email', 'Email', 'E-mail'),
    maxLength: FieldLimits.email,
    pattern: EMAIL_PATTERN,
    example: (n: number) => `nguoi.dung${n}@example.com`,
  }),
  phone: f.text({
    label: label('userAccount.phone', 'Số điện thoại', 'Phone'),
    minLength: FieldLimits.phoneMin,
    maxLength: FieldLimits.phoneMax,
    pattern: Patterns.phone,
    example: (n: number) => `09${String(n).padStart(8, '0')}`,
  }),
  roleCodes: f.text({
    label: label(
      'userAccount.roleCodes',
      'Mã vai trò (cách nhau bởi dấu phẩy)',
      'Role codes (separated by commas)',
    ),
    maxLength: FieldLimits.description,
    example: () => 'HR_ADMIN',
  }),
} as const;

/** The import template's columns, in order. */
export const USER_IMPORT_COLUMNS = ['username', 'fullName', 'email', 'phone', 'roleCodes'] as const;

// ---------------------------------------------------------------------------------------- roles

/**
 * Which employees' records a role reaches (issue 11 "data scope"): the whole tenant, the units
 * its holder leads (those a position they hold directly manages) with every unit below them, or
 * only their own record (the employee linked to their account). A user holding several roles
 * reaches the widest. Only tenant roles have one; a system role's is TENANT and means nothing.
 */
export const DATA_SCOPES = ['TENANT', 'UNITS', 'SELF'] as const;
export type DataScopeValue = (typeof DATA_SCOPES)[number];
export const DataScopeLabels: Readonly<Record<DataScopeValue, Label>> = {
  TENANT: label('role.dataScopes.tenant', 'Toàn bộ đơn vị', 'The whole organisation'),
  UNITS: label('role.dataScopes.units', 'Các đơn vị mình quản lý', 'The units they lead'),
  SELF: label('role.dataScopes.self', 'Chỉ hồ sơ của mình', 'Their own record only'),
};
const DataScopeValue = Type.Union([Type.Literal('TENANT'), Type.Literal('UNITS'), Type.Literal('SELF')]);

export const AdminRole = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  description: nullable(Type.String()),
  status: StatusValue,
  /** which employees' records it reaches (DATA_SCOPES) */
  dataScope: DataScopeValue,
  /** the built-in administrator role: never deleted, its permissions never changed */
  builtIn: Type.Boolean(),
  /** how many users hold it */
  userCount: Type.Integer({ minimum: 0 }),
  version: Type.Integer(),
  createdAt: Type.String(),
  lastModifiedAt: Type.String(),
});
export type AdminRole = Type.Static<typeof AdminRole>;

/** GET /api/iam/roles/{id}: the role and the codes it grants, sorted. */
export const AdminRoleDetail = Type.Intersect([
  AdminRole,
  Type.Object({ permissions: Type.Array(Type.String()) }),
]);
export type AdminRoleDetail = AdminRole & { permissions: string[] };

export const ROLE_SORT_FIELDS = ['code', 'name', 'status', 'createdAt', 'lastModifiedAt'] as const;

/** GET /api/iam/roles: keyword on code and name; default name.asc. */
export const RoleSearchQuery = closed({
  keyword: Keyword,
  status: oneOrMore(StatusValue),
  pageIndex: PageIndex,
  pageSize: PageSize,
  sortBy: sortOf(ROLE_SORT_FIELDS),
});
export type RoleSearchQuery = Type.Static<typeof RoleSearchQuery>;

export const CreateRoleBody = closed({
  code: RoleCode,
  name: RoleName,
  description: Type.Optional(nullable(Description)),
  dataScope: Type.Optional(DataScopeValue),
  permissions: Type.Optional(PermissionCodes),
});
export type CreateRoleBody = Type.Static<typeof CreateRoleBody>;

export const UpdateRoleBody = closed({
  code: Type.Optional(RoleCode),
  name: Type.Optional(RoleName),
  description: Type.Optional(nullable(Description)),
  status: Type.Optional(StatusValue),
  dataScope: Type.Optional(DataScopeValue),
  version: Version,
});
export type UpdateRoleBody = Type.Static<typeof UpdateRoleBody>;

/** POST /api/iam/roles/{id}/update-permissions: the role's whole set of codes. */
export const UpdatePermissionsBody = closed({ permissions: PermissionCodes, version: Version });
export type UpdatePermissionsBody = Type.Static<typeof UpdatePermissionsBody>;

/** GET /api/iam/roles/full-auto-complete: ACTIVE roles, at most 1000. */
export const RoleAutoCompleteQuery = closed({ keyword: Keyword });

// ------------------------------------------------------------------------- the permission matrix

export type MatrixAction = BaseAction | ApprovalAction;
export const MATRIX_ACTIONS: readonly MatrixAction[] = [...BaseActions, ...ApprovalActions];

const LabelSchema = Type.Object({ key: Type.String(), vi: Type.String(), en: Type.String() });

/** GET /api/iam/roles/properties: what a role of the caller's level may grant, by module. */
export const PermissionMatrix = Type.Object({
  level: Level,
  actions: Type.Array(Type.Object({ action: Type.String(), label: LabelSchema })),
  modules: Type.Array(
    Type.Object({
      module: Type.String(),
      label: LabelSchema,
      resources: Type.Array(
        Type.Object({ resource: Type.String(), label: LabelSchema, actions: Type.Array(Type.String()) }),
      ),
    }),
  ),
});
export type PermissionMatrix = Type.Static<typeof PermissionMatrix>;

export const ActionLabels: Record<MatrixAction, Label> = {
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

export const ModuleLabels: Record<ApplicationModule, Label> = {
  MM: label('permission.module.mm', 'Giao việc và KPI', 'Assignments and KPI'),
  TALENT: label('permission.module.talent', 'Tuyển dụng và đánh giá', 'Recruitment and evaluation'),
  OM: label('permission.module.om', 'Tổ chức và nhân sự', 'Organisation and personnel'),
  TM: label('permission.module.tm', 'Chấm công', 'Timekeeping'),
  PM: label('permission.module.pm', 'Tiền lương', 'Payroll'),
  SS: label('permission.module.ss', 'Tự phục vụ', 'Self-service'),
  WORK_SPACE: label('permission.module.workSpace', 'Không gian làm việc', 'Workspace'),
  SYSTEM: label('permission.module.system', 'Hệ thống', 'System'),
  SETTING: label('permission.module.setting', 'Thiết lập', 'Settings'),
  LOCAL: label('permission.module.local', 'Nội bộ', 'Local'),
};

const r = (key: string, vi: string, en: string) => label(`permission.resource.${key}`, vi, en);

/**
 * The resources of the permission catalogue, named for people: one for every declared resource
 * (a resource added to the catalogue without its label here does not compile).
 */
export const ResourceLabels: Record<PermissionResource, Label> = {
  tenant: r('tenant', 'Khách hàng (tenant)', 'Tenants'),
  service_pack: r('servicePack', 'Gói dịch vụ', 'Service packs'),
  client: r('client', 'Ứng dụng tích hợp', 'API clients'),
  configuration: r('configuration', 'Cấu hình hệ thống', 'System configuration'),
  language: r('language', 'Ngôn ngữ', 'Languages'),
  event_configuration: r('eventConfiguration', 'Cấu hình sự kiện', 'Event configuration'),
  action_log: r('actionLog', 'Nhật ký thao tác', 'Action log'),
  file: r('file', 'Quản lý tệp', 'Files'),
  notification: r('notification', 'Thông báo', 'Notifications'),
  user: r('user', 'Người dùng', 'Users'),
  role: r('role', 'Vai trò', 'Roles'),
  tenant_configuration: r('tenantConfiguration', 'Cấu hình đơn vị', 'Tenant configuration'),
  document_template: r('documentTemplate', 'Mẫu văn bản', 'Document templates'),
  email_template: r('emailTemplate', 'Mẫu email', 'Email templates'),
  notification_template: r('notificationTemplate', 'Mẫu thông báo', 'Notification templates'),
  workflow_template: r('workflowTemplate', 'Mẫu quy trình (SLA)', 'Workflow (SLA) templates'),
  user_manual: r('userManual', 'Hướng dẫn sử dụng', 'User manuals'),
  pick_list: r('pickList', 'Danh sách chọn', 'Pick lists'),
  region: r('region', 'Vùng', 'Regions'),
  province: r('province', 'Tỉnh, thành phố', 'Provinces'),
  ethnicity: r('ethnicity', 'Dân tộc', 'Ethnicities'),
  religion: r('religion', 'Tôn giáo', 'Religions'),
  military_rank: r('militaryRank', 'Cấp bậc quân hàm', 'Military ranks'),
  technical_level: r('technicalLevel', 'Bậc kỹ thuật', 'Technical levels'),
  bank: r('bank', 'Ngân hàng', 'Banks'),
  dashboard: r('dashboard', 'Trang chủ', 'Dashboard'),
  contacts: r('contacts', 'Danh bạ', 'Contacts'),
  organization_unit: r('organizationUnit', 'Đơn vị tổ chức', 'Organisation units'),
  job_position: r('jobPosition', 'Vị trí công việc', 'Job positions'),
  position: r('position', 'Chức vụ', 'Positions'),
  job_title: r('jobTitle', 'Chức danh', 'Job titles'),
  job_category: r('jobCategory', 'Nhóm công việc', 'Job categories'),
  job_nature: r('jobNature', 'Tính chất lao động', 'Labour natures'),
  nature_of_work: r('natureOfWork', 'Tính chất công việc', 'Natures of work'),
  occupation: r('occupation', 'Nghề nghiệp', 'Occupations'),
  subject_of_labor: r('subjectOfLabor', 'Đối tượng lao động', 'Subjects of labour'),
  reward_type: r('rewardType', 'Loại khen thưởng', 'Reward types'),
  discipline_type: r('disciplineType', 'Loại kỷ luật', 'Discipline types'),
  worker_group: r('workerGroup', 'Tổ, nhóm làm việc', 'Working groups'),
  contract_type: r('contractType', 'Loại hợp đồng', 'Contract types'),
  military_group: r('militaryGroup', 'Nhóm quân hàm', 'Military groups'),
  technical_group: r('technicalGroup', 'Nhóm kỹ thuật', 'Technical groups'),
  unspecialized_job_title: r(
    'unspecializedJobTitle',
    'Chức danh không chuyên trách',
    'Non-professional titles',
  ),
  worker: r('worker', 'Hồ sơ nhân sự', 'Employees'),
  worker_academic: r('workerAcademic', 'Trình độ học vấn', 'Education records'),
  worker_employment: r('workerEmployment', 'Quá trình công tác', 'Employment history'),
  worker_related_person: r('workerRelatedPerson', 'Quan hệ gia đình', 'Related persons'),
  worker_file: r('workerFile', 'Tài liệu nhân sự', 'Employee documents'),
  worker_reward: r('workerReward', 'Khen thưởng của nhân sự', 'Employee rewards'),
  worker_discipline: r('workerDiscipline', 'Kỷ luật của nhân sự', 'Employee disciplines'),
  worker_military_employment: r('workerMilitaryEmployment', 'Quá trình quân ngũ', 'Military service'),
  worker_research: r('workerResearch', 'Nghiên cứu khoa học', 'Research'),
  fixed_compensation: r('fixedCompensation', 'Lương cố định', 'Fixed compensation'),
  contract: r('contract', 'Hợp đồng lao động', 'Contracts'),
  displacement: r('displacement', 'Điều chuyển, bổ nhiệm', 'Position assignments'),
  resignation: r('resignation', 'Nghỉ việc', 'Resignations'),
  reward: r('reward', 'Khen thưởng', 'Rewards'),
  discipline: r('discipline', 'Kỷ luật', 'Disciplines'),
  benefit: r('benefit', 'Phúc lợi', 'Benefits'),
  compensation_revision: r('compensationRevision', 'Điều chỉnh lương', 'Salary reviews'),
  shift: r('shift', 'Ca làm việc', 'Work shifts'),
  timekeeping: r('timekeeping', 'Dữ liệu chấm công', 'Timekeeping'),
  holiday: r('holiday', 'Ngày nghỉ lễ', 'Holidays'),
  device: r('device', 'Thiết bị chấm công', 'Timekeeping devices'),
  user_access_control: r('userAccessControl', 'Dữ liệu kiểm soát ra vào', 'Access control data'),
  weekly_off: r('weeklyOff', 'Ngày nghỉ hằng tuần', 'Weekly days off'),
  standard_working_day: r('standardWorkingDay', 'Ngày công chuẩn', 'Standard working days'),
  leave_policy: r('leavePolicy', 'Chính sách nghỉ phép', 'Leave policies'),
  leave_type: r('leaveType', 'Loại nghỉ', 'Leave types'),
  timesheet: r('timesheet', 'Bảng chấm công', 'Timesheets'),
  work_calendar: r('workCalendar', 'Lịch làm việc', 'Work calendars'),
  timekeeping_change_request: r('timekeepingChangeRequest', 'Đề nghị cập nhật công', 'Work update requests'),
  overtime_registration: r('overtimeRegistration', 'Đăng ký làm thêm giờ', 'Overtime registrations'),
  leave_request: r('leaveRequest', 'Đơn nghỉ phép', 'Leave applications'),
  swap_application: r('swapApplication', 'Đơn đổi ca', 'Shift swaps'),
  business_trip_application: r('businessTripApplication', 'Đơn công tác', 'Business trips'),
  conference_application: r('conferenceApplication', 'Đơn hội họp', 'Conferences'),
  salary_coefficient: r('salaryCoefficient', 'Hệ số lương', 'Salary coefficients'),
  position_coefficient: r('positionCoefficient', 'Hệ số chức vụ', 'Position coefficients'),
  coefficient: r('coefficient', 'Hệ số', 'Coefficients'),
  payroll_coefficient: r('payrollCoefficient', 'Hệ số tính lương', 'Payroll coefficients'),
  time_salary_coefficient: r('timeSalaryCoefficient', 'Hệ số lương thời gian', 'Time salary coefficients'),
  salary_grade: r('salaryGrade', 'Ngạch, bậc lương', 'Salary grades'),
  region_wage: r('regionWage', 'Lương tối thiểu vùng', 'Region wages'),
  allowance_type: r('allowanceType', 'Loại phụ cấp', 'Allowance types'),
  salary_configuration: r('salaryConfiguration', 'Cấu hình lương', 'Salary configuration'),
  salary_composition: r('salaryComposition', 'Cơ cấu lương', 'Salary compositions'),
  salary_slip_template: r('salarySlipTemplate', 'Mẫu phiếu lương', 'Salary slip templates'),
  timesheet_summary: r('timesheetSummary', 'Tổng hợp công', 'Timesheet summaries'),
  kpi_summary: r('kpiSummary', 'Tổng hợp KPI', 'KPI summaries'),
  product_summary: r('productSummary', 'Tổng hợp sản phẩm', 'Product summaries'),
  deduction_summary: r('deductionSummary', 'Tổng hợp khấu trừ', 'Deduction summaries'),
  other_income_summary: r('otherIncomeSummary', 'Tổng hợp thu nhập khác', 'Other income summaries'),
  advance_summary: r('advanceSummary', 'Tổng hợp tạm ứng', 'Advance summaries'),
  worker_bank_account: r('workerBankAccount', 'Tài khoản ngân hàng nhân sự', 'Employee bank accounts'),
  pay_report: r('payReport', 'Báo cáo lương', 'Pay reports'),
  salary_period: r('salaryPeriod', 'Kỳ lương', 'Salary periods'),
  pay_period: r('payPeriod', 'Kỳ chi trả', 'Pay periods'),
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
};

/** The label of a resource (every declared resource has one: the type says so). */
export const resourceLabel = (resource: PermissionResource): Label => ResourceLabels[resource];

/**
 * The matrix a role of `level` is edited with: the modules in the enumeration's order, each with
 * the resources a role of that level may grant (catalogue order) and their actions (the base
 * five, plus the approval four for approvable resources). Modules without such a resource are
 * left out.
 */
export function permissionMatrixOf(level: (typeof UserLevels)[number]): PermissionMatrix {
  const resources = (Object.keys(PermissionResources) as PermissionResource[]).filter((resource) =>
    (PermissionResources[resource].levels as readonly string[]).includes(level),
  );
  const anyApprovable = resources.some((resource) => PermissionResources[resource].approvable);
  return {
    level,
    actions: (anyApprovable ? MATRIX_ACTIONS : BaseActions).map((action) => ({
      action,
      label: ActionLabels[action],
    })),
    modules: ApplicationModules.map((module) => ({
      module,
      label: ModuleLabels[module],
      resources: resources
        .filter((resource) => PermissionResources[resource].module === module)
        .map((resource) => ({
          resource,
          label: resourceLabel(resource),
          actions: PermissionResources[resource].approvable ? [...MATRIX_ACTIONS] : [...BaseActions],
        })),
    })).filter((group) => group.resources.length > 0),
  };
}

/** Every label of this module (the admin app registers them). */
export const usersRolesLabels = (): Label[] => [
  ...Object.values(userFields).map((field) => field.label),
  ...Object.values(ActionLabels),
  ...Object.values(ModuleLabels),
  ...Object.values(ResourceLabels),
];
