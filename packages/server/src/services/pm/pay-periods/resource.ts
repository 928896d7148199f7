import { ConflictReasons } from '@hcm/contracts';
import { EDITABLE_APPROVAL_STATUSES } from '@hcm/contracts/approvals';
import { payPeriodContract } from '@hcm/contracts/pay-periods';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { conflictBecause } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import { organizationUnits } from '../../om/tables/organization-units.ts';
import { payPeriods, payPeriodUnits } from '../tables/pay-periods.ts';
import { payrollTemplates } from '../tables/payroll-templates.ts';
import { salaryPeriods } from '../tables/salary-periods.ts';
import { computationLives } from './guards.ts';

type Row = Record<string, unknown>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What decides who a sheet computes: a change to one of them makes its values stale (DRAFT). */
const SCOPE_FIELDS = ['templateId', 'organizationUnitIds', 'includeSubUnits'] as const;

const computing = (row: Row) =>
  conflictBecause(
    ConflictReasons.payPeriodComputing,
    `The pay period ${String(row.code)} is being computed: wait for it or cancel it`,
    { code: String(row.code), jobId: String(row.computeJobId ?? '') },
  );

const lives = (tx: Tx, row: Row) =>
  computationLives(tx, {
    compute_status: String(row.computeStatus),
    compute_job_id: (row.computeJobId as string | null) ?? null,
  });

/**
 * A new sheet belongs to a salary period still open (NEW, REJECTED, CANCELED): one waiting for
 * approval or approved pays what its sheets hold (a year-end recomputation is the exception:
 * lock.ts makes it beside its approved sheet).
 */
async function takeSalaryPeriod(tx: Tx, values: Row): Promise<void> {
  const id = values.salaryPeriodId;
  if (typeof id !== 'string') return;
  const [period] = rowsOf<{ code: string; month: string; status: string }>(
    await tx.execute(sql`
      select code, period_month::text as month, approval_status as status
        from salary_periods where id = ${id}::uuid`),
  );
  if (!period) return; // the reference check answers it
  // the month itself is written by the database (0075's trigger): the salary period's
  if (
    values.kind !== 'FINALISATION' &&
    !(EDITABLE_APPROVAL_STATUSES as readonly string[]).includes(period.status)
  )
    throw conflictBecause(
      ConflictReasons.salaryPeriodClosed,
      `The salary period ${period.code} is ${period.status}: no pay period can be added to it`,
      { code: period.code },
    );
}

/**
 * Salary › Payroll period (Bảng lương) bound to its tables (migration 0075), approvable: the
 * approval engine moves approval_status, refuses a request while the sheet is not computed to its
 * end (beforeAction), and the bulk writer refuses its lines once it is in approval
 * (payroll/tables/result-lines.ts `lockedBy`). The engine keeps edits and deletes to the
 * requester's states; a computation running also refuses a change of who it computes and a
 * delete. Deleting a sheet deletes its lines, workers and inputs (0075: its trigger and keys).
 */
export const payPeriodResource = bindResource(payPeriodContract, {
  table: payPeriods,
  approval: {
    beforeAction: async ({ tx }, record, action) => {
      if (action !== 'REQUEST_APPROVAL') return;
      if (await lives(tx, record)) throw computing(record);
      const status = String(record.computeStatus);
      if (status !== 'COMPUTED' && status !== 'COMPUTED_WITH_ERRORS')
        throw conflictBecause(
          ConflictReasons.payPeriodNotComputed,
          `The pay period ${String(record.code)} is ${status}: compute it before sending it for approval`,
          { code: String(record.code), status },
        );
    },
  },
  references: { salaryPeriodId: salaryPeriods, templateId: payrollTemplates, sourceId: payPeriods },
  referenceLists: {
    organizationUnitIds: {
      table: payPeriodUnits,
      parent: payPeriodUnits.payPeriodId,
      value: payPeriodUnits.organizationUnitId,
      order: payPeriodUnits.ordinal,
      target: organizationUnits,
    },
  },
  hooks: {
    validate: async ({ tx }, changes, before) => {
      if (before === null) return;
      const scopeChanges = SCOPE_FIELDS.some((name) => changes[name] !== undefined);
      if (scopeChanges && (await lives(tx, before))) throw computing(before);
    },
    beforeCreate: async ({ tx }, values) => {
      await takeSalaryPeriod(tx, values);
    },
    beforeUpdate: (_context, before, changes) => {
      const changed = SCOPE_FIELDS.some(
        (name) =>
          changes[name] !== undefined && JSON.stringify(changes[name]) !== JSON.stringify(before[name]),
      );
      // the values computed were of another template or other workers: computed again before approval
      if (changed && before.computeStatus !== 'DRAFT') changes.computeStatus = 'DRAFT';
    },
    beforeDelete: async ({ tx }, record) => {
      if (await lives(tx, record)) throw computing(record);
    },
  },
});
