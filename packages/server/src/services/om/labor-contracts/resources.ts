import { FieldErrorKeys } from '@hcm/contracts';
import { laborContractContract, validityOn } from '@hcm/contracts/labor-contracts';
import { eq } from 'drizzle-orm';
import { jobTitles } from '../tables/categories.ts';
import { contractTypes } from '../tables/wage-categories.ts';
import type { Tx } from '../../../db/database.ts';
import { laborContractAllowances, laborContracts } from '../tables/labor-contracts.ts';
import { laborContractFiles } from '../tables/file-lists.ts';
import { workers } from '../tables/workers.ts';
import { validationFailed } from '../../../http/errors.ts';
import { bindResource, fileListOf } from '../../../resources/index.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { byWorkerDataScope } from '../workers/worker-reach.ts';
import { addMonths } from './contract-term.ts';
import { renewalDue } from './renewal-due.ts';

type Row = Record<string, unknown>;
type FieldError = { field: string; code: string; message: string };

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * An annex amends a contract of the same worker, and is not itself amended by annexes: the
 * parent must be a main contract (no parent of its own) of that worker. A contract that has
 * annexes keeps its worker and stays a main contract.
 */
async function annexErrors(
  tx: Tx,
  id: string | null,
  workerId: unknown,
  parentId: unknown,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (typeof parentId === 'string') {
    const [parent] = await tx
      .select({ workerId: laborContracts.workerId, parentId: laborContracts.parentContractId })
      .from(laborContracts)
      .where(eq(laborContracts.id, parentId));
    if (parentId === id)
      errors.push({
        field: 'parentContractId',
        code: FieldErrorKeys.invalidValue,
        message: 'a contract cannot be its own annex',
      });
    else if (parent && parent.parentId !== null)
      errors.push({
        field: 'parentContractId',
        code: FieldErrorKeys.invalidValue,
        message: 'must be a main contract, not an annex',
      });
    else if (parent && parent.workerId !== workerId)
      errors.push({
        field: 'parentContractId',
        code: FieldErrorKeys.invalidValue,
        message: 'must be a contract of the same employee',
      });
  }
  if (id !== null) {
    const [annex] = await tx
      .select({ workerId: laborContracts.workerId })
      .from(laborContracts)
      .where(eq(laborContracts.parentContractId, id))
      .limit(1);
    if (annex && typeof parentId === 'string')
      errors.push({
        field: 'parentContractId',
        code: FieldErrorKeys.invalidValue,
        message: 'this contract has annexes, so it cannot become an annex',
      });
    if (annex && annex.workerId !== workerId)
      errors.push({
        field: 'workerId',
        code: FieldErrorKeys.invalidValue,
        message: 'this contract has annexes of its employee; the employee cannot change',
      });
  }
  return errors;
}

/**
 * 400 on dates that run backwards and on an annex that does not amend a main contract of the
 * same worker: checked on the record as it will be.
 */
async function refuseInconsistent(tx: Tx, changes: Row, before: Row | null): Promise<void> {
  const value = (name: string) => (name in changes ? changes[name] : before?.[name]);
  const errors: FieldError[] = [];
  const effective = text(value('effectiveDate'));
  const expiry = text(value('expiryDate'));
  if (effective && expiry && expiry < effective)
    errors.push({
      field: 'expiryDate',
      code: FieldErrorKeys.invalidValue,
      message: 'must not be before effectiveDate',
    });
  errors.push(
    ...(await annexErrors(
      tx,
      before ? String(before.id) : null,
      value('workerId'),
      value('parentContractId'),
    )),
  );
  if (errors.length > 0) throw validationFailed(errors);
}

/**
 * A new contract without an expiry date takes its type's term: effective date plus the term's
 * months, less a day (a 12-month contract from 1 March 2026 ends on 28 February 2027). A type
 * without a term (indefinite) leaves it empty.
 */
async function fillExpiry(tx: Tx, values: Row): Promise<void> {
  if (values.expiryDate !== undefined && values.expiryDate !== null) return;
  const [type] = await tx
    .select({ termMonths: contractTypes.termMonths })
    .from(contractTypes)
    .where(eq(contractTypes.id, String(values.contractTypeId)));
  const effective = text(values.effectiveDate);
  if (type?.termMonths && effective) values.expiryDate = addMonths(effective, type.termMonths, -1);
}

/** The validity of the record as it will be, on today's date in Vietnam. */
function withValidity(record: Row, target: Row): void {
  target.validity = validityOn(String(record.effectiveDate), text(record.expiryDate), todayInVietnam());
}

/**
 * Labour contracts bound to their table and allowance rows. The validity is never typed: the
 * hooks write it from the dates on every create and update, and refresh-validity.ts keeps it
 * current as days pass.
 */
export const laborContractResource = bindResource(laborContractContract, {
  table: laborContracts,
  // approved is signed: only an approved contract is in force (find-in-force.ts)
  approval: {},
  dataScope: byWorkerDataScope(),
  // a list column and filter only (renewal-due.ts)
  derived: { renewalDue },
  references: {
    workerId: workers,
    contractTypeId: contractTypes,
    parentContractId: laborContracts,
    jobTitleId: jobTitles,
  },
  children: {
    allowances: {
      table: laborContractAllowances,
      parent: laborContractAllowances.contractId,
      order: laborContractAllowances.position,
    },
  },
  fileLists: { files: fileListOf(laborContractFiles) },
  hooks: {
    validate: ({ tx }, changes, before) => refuseInconsistent(tx, changes, before),
    beforeCreate: async ({ tx }, values) => {
      await fillExpiry(tx, values);
      withValidity(values, values);
    },
    beforeUpdate: (_context, before, changes) => withValidity({ ...before, ...changes }, changes),
  },
});
