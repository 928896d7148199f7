import { FieldErrorKeys } from '@hcm/contracts';
import {
  benefitContract,
  disciplineContract,
  displacementContract,
  resignationContract,
  rewardContract,
  salaryReviewContract,
  type HistoryKind,
} from '@hcm/contracts/personnel-changes';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/database.ts';
import { categoryTables, jobTitles, positions } from '../tables/categories.ts';
import { organizationUnits } from '../tables/organization-units.ts';
import {
  benefits,
  disciplines,
  displacements,
  resignations,
  rewards,
  salaryReviews,
} from '../tables/personnel-changes.ts';
import {
  benefitFiles,
  disciplineFiles,
  displacementFiles,
  resignationFiles,
  rewardFiles,
  salaryReviewFiles,
} from '../tables/file-lists.ts';
import { salaryGrades } from '../tables/wage-categories.ts';
import { workers } from '../tables/workers.ts';
import { validationFailed } from '../../../http/errors.ts';
import { bindResource, fileListOf, type ResourceHooks } from '../../../resources/index.ts';
import { byWorkerDataScope } from '../workers/worker-reach.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { applyDueChanges } from './apply-due-changes.ts';

type Row = Record<string, unknown>;
type FieldError = { field: string; code: string; message: string };

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
 * The hooks every kind shares: the kind's own checks on the record as it will be, and the "from"
 * fields copied from the employee when the decision is written (and again if it is moved to
 * another employee). The approval engine keeps edits and deletes to the requester's states
 * (NEW, REJECTED, CANCELED): an approved decision, applied or not, is history.
 */
function changeHooks(check?: (record: Row) => FieldError[], snapshot?: Snapshot): ResourceHooks {
  const copyFrom = async (tx: Tx, target: Row, workerId: unknown) => {
    const now = snapshot ? await workerNow(tx, workerId) : undefined;
    if (snapshot && now) Object.assign(target, snapshot(now));
  };
  return {
    validate: (_context, changes, before) => {
      const errors = check?.({ ...before, ...changes }) ?? [];
      if (errors.length > 0) throw validationFailed(errors);
    },
    beforeCreate: ({ tx }, values) => copyFrom(tx, values, values.workerId),
    beforeUpdate: async ({ tx }, before, changes) => {
      if ('workerId' in changes && changes.workerId !== before.workerId)
        await copyFrom(tx, changes, changes.workerId);
    },
  };
}

/**
 * Approval applies a decision whose effective date has come at once (the date sweep applies the
 * others on their day): the employee's record changes in the approving transaction.
 */
const appliedOnApproval = (kind: Exclude<HistoryKind, 'contract'>) => ({
  onApproved: async ({ tx }: { tx: Tx }, record: Row) => {
    await applyDueChanges(tx, todayInVietnam(), { kind, id: String(record.id) });
  },
});

const invalid = (field: string, message: string): FieldError => ({
  field,
  code: FieldErrorKeys.invalidValue,
  message,
});

const rewardTypes: PgTable = categoryTables.reward_type;
const disciplineTypes: PgTable = categoryTables.discipline_type;

export const displacementResource = bindResource(displacementContract, {
  table: displacements,
  approval: appliedOnApproval('displacement'),
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
  approval: appliedOnApproval('resignation'),
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
  approval: appliedOnApproval('reward'),
  dataScope: byWorkerDataScope(),
  fileLists: { files: fileListOf(rewardFiles) },
  references: { workerId: workers, rewardTypeId: rewardTypes },
  hooks: changeHooks(),
});

export const disciplineResource = bindResource(disciplineContract, {
  table: disciplines,
  approval: appliedOnApproval('discipline'),
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
  approval: appliedOnApproval('benefit'),
  dataScope: byWorkerDataScope(),
  fileLists: { files: fileListOf(benefitFiles) },
  references: { workerId: workers },
  hooks: changeHooks(),
});

export const salaryReviewResource = bindResource(salaryReviewContract, {
  table: salaryReviews,
  approval: appliedOnApproval('salaryReview'),
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
