import { FieldErrorKeys } from '@hcm/contracts';
import { workerContract } from '@hcm/contracts/workers';
import { readSelfServiceFields } from '../../system/configuration/read-configuration.ts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import Type from 'typebox';
import { users } from '../../../db/schema.ts';
import {
  ethnicities,
  jobTitles,
  naturesOfWork,
  positions,
  religions,
  subjectsOfLabor,
} from '../tables/categories.ts';
import { organizationUnits } from '../tables/organization-units.ts';
import {
  workerAcademics,
  workerBankAccounts,
  workerEmployments,
  workerMedia,
  workerRelatedPersons,
  workerResearches,
  workers,
} from '../tables/workers.ts';
import { salaryGrades } from '../tables/wage-categories.ts';
import { workerFiles } from '../tables/file-lists.ts';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { validationFailed } from '../../../http/errors.ts';
import { workerDataScope, workerReachOf } from './worker-reach.ts';
import { workerDerivedColumns } from './derived-columns.ts';
import { bindResource, fileListOf } from '../../../resources/index.ts';
import { listOf } from '../../../resources/search/repeated-param.ts';

type Row = Record<string, unknown>;

/** The most ids one auto-complete filter takes (a workflow step names a handful). */
const MAX_FILTER_IDS = 100;

const ids = (description: string) =>
  Type.Union(
    [
      Type.String({ format: 'uuid' }),
      Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: MAX_FILTER_IDS }),
    ],
    { description },
  );

/** Pairs of dates where the second, when both are given, may not come before the first. */
const DATE_ORDER: readonly (readonly [string, string])[] = [
  ['partyReservedJoiningDate', 'partyOfficialJoiningDate'],
  ['militaryEnlistDate', 'militaryDischargeDate'],
  ['dateOfBirth', 'joinedDate'],
  ['dateOfBirth', 'citizenIdentityIssueDate'],
];

/**
 * 400 on the later field of a pair whose dates run backwards, and on an employment that ends
 * before it starts or a second salary account: checked on the record as it will be.
 */
/**
 * Which account an employee is decides what its holder reaches (worker-reach.ts): only a user
 * who reaches the whole tenant (HR) links or unlinks one, so that a manager cannot link himself
 * to another record and so widen his own reach.
 */
async function refuseAccountLinkOutsideHr(tx: Tx, caller: Scope, changes: Row, before: Row | null) {
  if (!('userId' in changes) || (changes.userId ?? null) === (before?.userId ?? null)) return;
  if ((await workerReachOf(tx, caller)).all) return;
  throw validationFailed([
    {
      field: 'userId',
      code: FieldErrorKeys.invalidValue,
      message: 'only a user who reaches the whole organisation may link an account to an employee',
    },
  ]);
}

/** Whether a sent value is the stored one (numbers as numbers: "12000000" is "12000000.00"). */
function sameValue(sent: unknown, stored: unknown): boolean {
  // a list of ids (the papers) sent back as stored, in its order, is no change
  if (Array.isArray(sent) && Array.isArray(stored))
    return (
      sent.length === stored.length &&
      sent.every(
        (item, i) => typeof item === 'string' && item.toLowerCase() === String(stored[i]).toLowerCase(),
      )
    );
  if (Array.isArray(sent) || Array.isArray(stored)) return false;
  const a = sent ?? null;
  const b = stored ?? null;
  if (a === null || b === null) return a === b;
  const text = String(a);
  if (text === String(b)) return true;
  return /^-?\d+(\.\d+)?$/.test(text) && Number(text) === Number(b);
}

/**
 * On one's own record, only the fields the tenant's configuration lets employees change
 * (readSelfServiceFields; by default WORKER_SELF_SERVICE_FIELDS) change, unless one reaches the
 * whole organisation (HR, root): 400 naming each other field changed. A field sent with the value it
 * has already (a whole form saved) is no change.
 */
async function refuseOwnRecordBeyondSelfService(tx: Tx, caller: Scope, changes: Row, before: Row | null) {
  if (!before) return;
  const reach = await workerReachOf(tx, caller);
  if (reach.all || reach.self?.id !== before.id) return;
  const allowed = new Set<string>(await readSelfServiceFields(tx, caller.tenantId));
  const refused = Object.keys(changes).filter(
    (name) => name in workerContract.fields && !allowed.has(name) && !sameValue(changes[name], before[name]),
  );
  if (refused.length > 0)
    throw validationFailed(
      refused.map((field) => ({
        field,
        code: FieldErrorKeys.invalidValue,
        message: 'only HR changes this on your own record',
      })),
    );
}

function refuseInconsistentDates(changes: Row, before: Row | null): void {
  const value = (name: string) => (name in changes ? changes[name] : before?.[name]);
  const errors: { field: string; code: string; message: string }[] = [];
  for (const [first, second] of DATE_ORDER) {
    const a = value(first);
    const b = value(second);
    if (typeof a === 'string' && typeof b === 'string' && b < a)
      errors.push({
        field: second,
        code: FieldErrorKeys.invalidValue,
        message: `must not be before ${first}`,
      });
  }
  // a period of past work or of a research work ends on or after it starts
  for (const list of ['employments', 'researches'])
    ((value(list) ?? []) as Row[]).forEach((row, index) => {
      if (typeof row.toDate === 'string' && typeof row.fromDate === 'string' && row.toDate < row.fromDate)
        errors.push({
          field: `${list}[${index}].toDate`,
          code: FieldErrorKeys.invalidValue,
          message: 'must not be before fromDate',
        });
    });
  const accounts = (value('bankAccounts') ?? []) as Row[];
  if (accounts.filter((row) => row.isDefault === true).length > 1)
    errors.push({
      field: 'bankAccounts',
      code: FieldErrorKeys.invalidValue,
      message: 'only one account receives the salary',
    });
  if (errors.length > 0) throw validationFailed(errors);
}

/**
 * Workers bound to their table and child tables. The auto-complete also takes unit, position
 * and job-title ids (catalogues §7.3 "worker autocomplete (keyword plus jobPositionIds or
 * jobTitleIds)"): a workflow step assigned to a position offers the workers holding it.
 */
export const workerResource = bindResource(workerContract, {
  table: workers,
  // a manager reaches the employees of the units he leads, an employee his own record
  dataScope: workerDataScope,
  // Who files a document naming an employee without worker.view (an employee's own leave
  // application) picks, and files for, the record linked to their own account only
  // (resources/pickers.ts); worker.view's holders pick anyone their data scope reaches.
  picker: {
    rows: (scope) => (scope.userId === null ? sql`false` : eq(workers.userId, scope.userId)),
  },
  // name, code, e-mail and phone folded (migration 0032): "nguyen van an" finds "Nguyễn Văn An"
  foldedSearch: 'searchText',
  // contract type and expiry, probation, seniority: list columns and filters computed in SQL
  derived: workerDerivedColumns,
  references: {
    organizationUnitId: organizationUnits,
    jobPositionId: positions,
    jobTitleId: jobTitles,
    ethnicityId: ethnicities,
    religionId: religions,
    salaryGradeId: salaryGrades,
    natureOfWorkId: naturesOfWork,
    subjectOfLaborId: subjectsOfLabor,
    userId: users,
  },
  children: {
    academics: { table: workerAcademics, parent: workerAcademics.workerId, order: workerAcademics.position },
    employments: {
      table: workerEmployments,
      parent: workerEmployments.workerId,
      order: workerEmployments.position,
    },
    relatedPersons: {
      table: workerRelatedPersons,
      parent: workerRelatedPersons.workerId,
      order: workerRelatedPersons.position,
    },
    bankAccounts: {
      table: workerBankAccounts,
      parent: workerBankAccounts.workerId,
      order: workerBankAccounts.position,
    },
    researches: {
      table: workerResearches,
      parent: workerResearches.workerId,
      order: workerResearches.position,
    },
    mediaInformation: { table: workerMedia, parent: workerMedia.workerId, order: workerMedia.position },
  },
  fileLists: { files: fileListOf(workerFiles) },
  hooks: {
    validate: async ({ tx, caller }, changes, before) => {
      refuseInconsistentDates(changes, before);
      await refuseAccountLinkOutsideHr(tx, caller, changes, before);
      await refuseOwnRecordBeyondSelfService(tx, caller, changes, before);
    },
  },
  autoCompleteFilters: {
    params: {
      jobPositionIds: ids('workers holding any of these positions'),
      jobTitleIds: ids('workers holding any of these job titles'),
      organizationUnitIds: ids('workers of any of these units'),
    },
    where(query) {
      const conditions: SQL[] = [];
      const positionIds = listOf(query.jobPositionIds);
      const titleIds = listOf(query.jobTitleIds);
      const unitIds = listOf(query.organizationUnitIds);
      if (positionIds.length > 0) conditions.push(inArray(workers.jobPositionId, positionIds));
      if (titleIds.length > 0) conditions.push(inArray(workers.jobTitleId, titleIds));
      if (unitIds.length > 0) conditions.push(inArray(workers.organizationUnitId, unitIds));
      return conditions.length > 0 ? and(...conditions) : undefined;
    },
  },
});
