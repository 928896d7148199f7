import type { UserLevel } from '@hcm/contracts';
import {
  CONFIGURATION_API_PATH,
  ClientApiPaths,
  DEFAULT_TIME_ZONE,
  DEFAULT_WORKING_WEEK,
  type ApiClient,
  type Configuration,
} from '@hcm/contracts/system';
import {
  UsersRolesPaths,
  permissionMatrixOf,
  type AdminRole,
  type AdminUser,
} from '@hcm/contracts/users-roles';
import type {
  FakeResourceCall,
  FakeResourceReply,
} from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { ACTION_LOGS_PATH, type ActionLogEntry } from '../action-log/action-log-api.ts';
import { FILES_PATH, LIMITS_PATH, type FileRecord, type OwnerTypeLimit } from '../files/files-api.ts';
import { OUTBOUND_LOGS_PATH, type OutboundLogEntry } from '../outbound-log/outbound-log-api.ts';

/**
 * What the admin app's pages of their own ask beyond the contracts' routes (which the fake
 * answers from the contracts), answered as the server does, with one row each: so that a
 * walk of the menu (menu-walk.browser.test.tsx) reads those pages with content, as the e2e
 * walk read the seeded portal.
 */
const AT = '2026-11-22T08:30:00.000Z';
const ROLE: AdminRole = {
  id: '5f0b3c1e-2d4a-4b6c-8e9f-0a1b2c3d4e5f',
  code: 'KE_TOAN',
  name: 'Kế toán',
  description: null,
  status: 'ACTIVE',
  dataScope: 'TENANT',
  builtIn: false,
  userCount: 2,
  version: 3,
  createdAt: AT,
  lastModifiedAt: AT,
};
const USER: AdminUser = {
  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  username: 'nguyen.van.a',
  fullName: 'Nguyễn Văn A',
  email: 'nguyen.van.a@minhan.vn',
  phone: null,
  status: 'ACTIVE',
  userLevel: 'TENANT',
  isRoot: false,
  roles: [{ id: ROLE.id, code: ROLE.code, name: ROLE.name }],
  lastLoginAt: AT,
  createdAt: AT,
  lastModifiedAt: AT,
  version: 1,
};
const ACTION_LOG: ActionLogEntry = {
  id: '0b6c6f4e-1d2a-4c55-9a1e-5f1c2d3e4f50',
  userId: USER.id,
  username: USER.username,
  resource: 'job_title',
  recordId: 'b2828a91-0d7e-4a8f-956a-226d59c94cd9',
  action: 'UPDATE',
  changes: { name: { before: 'Trưởng phòng', after: 'Trưởng phòng Nhân sự' } },
  ip: '10.0.0.7',
  userAgent: 'Chromium',
  createdAt: AT,
};
const OUTBOUND_LOG: OutboundLogEntry = {
  id: '6f1d2c3b-4a59-4e8f-9d0c-1b2a3c4d5e6f',
  tenantId: null,
  requestId: 'req-upload-1',
  target: 'file-store',
  method: 'PUT',
  url: 'https://s3.example.com/hcm-files/5b0c1d2e',
  status: 200,
  durationMs: 48,
  bytesSent: 1_572_864,
  bytesReceived: 0,
  error: null,
  createdAt: AT,
};
const FILE_ID = '5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3';
const FILE: FileRecord = {
  id: FILE_ID,
  tenantId: 't-1',
  originalName: 'Hợp đồng lao động Nguyễn Văn A.pdf',
  fileName: `${FILE_ID}.pdf`,
  path: `t-1/${FILE_ID}`,
  hashed: 'a'.repeat(64),
  ownerId: 'worker-1',
  ownerType: 'WORKER_FILE',
  version: 1,
  size: 1_572_864,
  type: 'application/pdf',
  deleted: false,
  public: false,
  createdAt: AT,
  createdBy: USER.id,
  createdByName: USER.fullName,
  downloadUrl: `${FILES_PATH}/${FILE_ID}/download`,
  viewUrl: `${FILES_PATH}/${FILE_ID}/view`,
  thumbUrl: null,
};
const CLIENT: ApiClient = {
  id: '6a1f0c2d-3b4e-4f5a-8b6c-7d8e9f0a1b2c',
  name: 'Máy chấm công',
  description: 'Tầng 1',
  clientId: 'hcm_00112233445566778899aabb',
  scopes: ['job_title.view'],
  status: 'ACTIVE',
  expiresOn: null,
  lastUsedAt: null,
  createdAt: AT,
  version: 3,
};
const LIMIT: OwnerTypeLimit = {
  ownerType: 'GENERAL',
  maxBytes: 10_485_760,
  maxSize: '10 MB',
  extensions: ['pdf'],
};
const DAY = 86_400;
const lifetimes = {
  refreshTtlSeconds: DAY,
  sessionMaxAgeSeconds: DAY,
  rememberMeRefreshTtlSeconds: 30 * DAY,
  rememberMeSessionMaxAgeSeconds: 30 * DAY,
};
const configuration = (level: UserLevel): Configuration => ({
  timeZone: DEFAULT_TIME_ZONE,
  workingWeek: DEFAULT_WORKING_WEEK,
  ...lifetimes,
  language: 'vi',
  dateFormat: 'DD/MM/YYYY',
  workerSelfServiceFields: ['email', 'phone'],
  requesterMayApprove: false,
  employeeCodePattern: 'NV{0000}',
  contractNumberPattern: '{number}/{yyyy}/HĐLĐ',
  contractExpiryNoticeDays: 30,
  actionLogRetentionMonths: 24,
  version: 0,
  scope: level === 'TENANT' ? 'tenant' : 'system',
  inherited: level === 'TENANT',
  limits: lifetimes,
  updatedAt: null,
});

const page = (rows: readonly unknown[]) => ({
  status: 200,
  body: { data: rows, page: { pageIndex: 1, pageSize: 25, total: rows.length } },
});

/** The fake's answers to the own pages' first reads, for an administrator of `level`. */
export function ownPageAnswers(level: UserLevel): (call: FakeResourceCall) => FakeResourceReply | null {
  const answers: Readonly<Record<string, () => FakeResourceReply>> = {
    [UsersRolesPaths.roles.search]: () => page([ROLE]),
    [UsersRolesPaths.roles.properties]: () => ({ status: 200, body: { data: permissionMatrixOf(level) } }),
    [UsersRolesPaths.roles.fullAutoComplete]: () => ({ status: 200, body: { data: [ROLE] } }),
    [UsersRolesPaths.users.search]: () => page([USER]),
    [ACTION_LOGS_PATH]: () => page([ACTION_LOG]),
    [OUTBOUND_LOGS_PATH]: () => page([OUTBOUND_LOG]),
    [FILES_PATH]: () => page([FILE]),
    [LIMITS_PATH]: () => ({ status: 200, body: { data: [LIMIT] } }),
    [ClientApiPaths.list]: () => ({ status: 200, body: { data: [CLIENT] } }),
    [CONFIGURATION_API_PATH]: () => ({ status: 200, body: { data: configuration(level) } }),
  };
  return (call) => (call.method === 'GET' ? (answers[call.path]?.() ?? null) : null);
}
