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
import { ActionLabels, ResourceLabels, resourceLabel } from '../permission-labels.ts';
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

// the actions' and resources' labels are the catalogue's (permission-labels.ts): a 403 names them too
export { ActionLabels, ResourceLabels, resourceLabel };

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
