import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import {
  benefitContract,
  disciplineContract,
  displacementContract,
  resignationContract,
  rewardContract,
  salaryReviewContract,
  type ApprovalStatus,
} from '@hcm/contracts/personnel-changes';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/database.ts';
import { categoryTables, jobTitles, organizationUnits, positions } from '../../../db/schema.ts';
import {
  benefits,
  disciplines,
  displacements,
  resignations,
  rewards,
  salaryReviews,
} from '../../../db/tables/personnel-changes.ts';
import {
  benefitFiles,
  disciplineFiles,
  displacementFiles,
  resignationFiles,
  rewardFiles,
  salaryReviewFiles,
} from '../../../db/tables/file-lists.ts';
import { salaryGrades } from '../../../db/tables/wage-categories.ts';
import { workers } from '../../../db/tables/workers.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import { bindResource, fileListOf, type ResourceHooks } from '../../../resources/index.ts';
import { byWorkerDataScope } from '../workers/worker-reach.ts';

type Row = Record<string, unknown>;
type FieldError = { field: string; code: string; message: string };

/**
 * Catalogues §3.1 and issue 13: a decision is changed or deleted only while it is its
 * requester's (NEW, REJECTED, CANCELED); one in approval, approved or applied is history.
 */
export const EDITABLE_STATUSES: readonly ApprovalStatus[] = ['NEW', 'REJECTED', 'CANCELED'];

function refuseUnlessEditable(record: Row, doing: 'changed' | 'deleted'): void {
  const status = String(record.approvalStatus) as ApprovalStatus;
  if (EDITABLE_STATUSES.includes(status) && record.appliedAt == null) return;
  throw new AppError(
    409,
    ErrorCodes.conflict,
    `This decision is ${status}${record.appliedAt == null ? '' : ' and applied'}: it can no longer be ${doing}`,
  );
}

/** The employee's current place and pay: what a decision's "from" fields keep. */
async function workerNow(tx: Tx, workerId: unknown) {
  if (typeof workerId !== 'string') return undefined;
  const [row] = await tx
    .select({
      organizationUnitId: workers.organizationUnitId,
      jobPositionId: workers.jobPositionId,
      jobTitleId: workers.jobTitleId,
      salaryGradeId: workers.salaryGradeId,
      salaryCoefficient: workers.salaryCoefficient,
      salary: workers.salary,
    })
    .from(workers)
    .where(eq(workers.id, workerId));
  return row;
}

type Snapshot = (now: NonNullable<Awaited<ReturnType<typeof workerNow>>>) => Row;

/**
 * The hooks every kind shares: edits and deletes only while the decision is its requester's,
 * the kind's own checks on the record as it will be, and the "from" fields copied from the
 * employee when the decision is written (and again if it is moved to another employee).
 */
function changeHooks(check?: (record: Row) => FieldError[], snapshot?: Snapshot): ResourceHooks {
  const copyFrom = async (tx: Tx, target: Row, workerId: unknown) => {
    const now = snapshot ? await workerNow(tx, workerId) : undefined;
    if (snapshot && now) Object.assign(target, snapshot(now));
  };
  return {
    validate: (_context, changes, before) => {
      if (before) refuseUnlessEditable(before, 'changed');
      const errors = check?.({ ...before, ...changes }) ?? [];
      if (errors.length > 0) throw validationFailed(errors);
    },
    beforeCreate: ({ tx }, values) => copyFrom(tx, values, values.workerId),
    beforeUpdate: async ({ tx }, before, changes) => {
      if ('workerId' in changes && changes.workerId !== before.workerId)
        await copyFrom(tx, changes, changes.workerId);
    },
    beforeDelete: (_context, record) => refuseUnlessEditable(record, 'deleted'),
  };
}

const invalid = (field: string, message: string): FieldError => ({
  field,
  code: FieldErrorKeys.invalidValue,
  message,
});

const rewardTypes: PgTable = categoryTables.reward_type;
const disciplineTypes: PgTable = categoryTables.discipline_type;

export const displacementResource = bindResource(displacementContract, {
  table: displacements,
  dataScope: byWorkerDataScope(),
  fileLists: { files: fileListOf(displacementFiles) },
  references: {
    workerId: workers,
    fromUnitId: organizationUnits,
    toUnitId: organizationUnits,
    fromPositionId: positions,
    toPositionId: positions,
    fromJobTitleId: jobTitles,
    toJobTitleId: jobTitles,
  },
  hooks: changeHooks(undefined, (now) => ({
    fromUnitId: now.organizationUnitId,
    fromPositionId: now.jobPositionId,
    fromJobTitleId: now.jobTitleId,
  })),
});

export const resignationResource = bindResource(resignationContract, {
  table: resignations,
  dataScope: byWorkerDataScope(),
  fileLists: { files: fileListOf(resignationFiles) },
  references: { workerId: workers, handoverWorkerId: workers },
  hooks: changeHooks((record) =>
    record.handoverWorkerId != null && record.handoverWorkerId === record.workerId
      ? [invalid('handoverWorkerId', 'must be someone other than the employee leaving')]
      : [],
  ),
});

export const rewardResource = bindResource(rewardContract, {
  table: rewards,
  dataScope: byWorkerDataScope(),
  fileLists: { files: fileListOf(rewardFiles) },
  references: { workerId: workers, rewardTypeId: rewardTypes },
  hooks: changeHooks(),
});

export const disciplineResource = bindResource(disciplineContract, {
  table: disciplines,
  dataScope: byWorkerDataScope(),
  fileLists: { files: fileListOf(disciplineFiles) },
  references: { workerId: workers, disciplineTypeId: disciplineTypes },
  hooks: changeHooks((record) =>
    typeof record.expiryDate === 'string' && record.expiryDate < String(record.effectiveDate)
      ? [invalid('expiryDate', 'must not be before effectiveDate')]
      : [],
  ),
});

export const benefitResource = bindResource(benefitContract, {
  table: benefits,
  dataScope: byWorkerDataScope(),
  fileLists: { files: fileListOf(benefitFiles) },
  references: { workerId: workers },
  hooks: changeHooks(),
});

export const salaryReviewResource = bindResource(salaryReviewContract, {
  table: salaryReviews,
  dataScope: byWorkerDataScope(),
  fileLists: { files: fileListOf(salaryReviewFiles) },
  references: {
    workerId: workers,
    fromSalaryGradeId: salaryGrades,
    toSalaryGradeId: salaryGrades,
  },
  hooks: changeHooks(
    (record) =>
      record.toSalaryGradeId == null && record.toCoefficient == null && record.toSalary == null
        ? [invalid('toSalary', 'a salary review must set a new grade, coefficient or salary')]
        : [],
    (now) => ({
      fromSalaryGradeId: now.salaryGradeId,
      fromCoefficient: now.salaryCoefficient,
      fromSalary: now.salary,
    }),
  ),
});

export const personnelChangeResources = [
  displacementResource,
  resignationResource,
  rewardResource,
  disciplineResource,
  benefitResource,
  salaryReviewResource,
] as const;
