import type { ApprovalStatus } from '@hcm/contracts/approvals';
import type { ContractValidity } from '@hcm/contracts/labor-contracts';
import { boolean, date, numeric, pgTable, primaryKey, smallint, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/*
 * The typed mirror of migration 0033. The foreign keys (worker, type, parent contract, job
 * title, allowance type) live in the SQL only, as in workers.ts.
 */

const day = (name: string) => date(name, { mode: 'string' });

/** A tenant's labour contracts and annexes. */
export const laborContracts = pgTable(
  'labor_contracts',
  {
    ...tenantKeyColumns(),
    number: varchar('number', { length: 100 }).notNull(),
    workerId: uuid('worker_id').notNull(),
    contractTypeId: uuid('contract_type_id').notNull(),
    parentContractId: uuid('parent_contract_id'),
    signingDate: day('signing_date').notNull(),
    effectiveDate: day('effective_date').notNull(),
    expiryDate: day('expiry_date'),
    validity: varchar('validity', { length: 16 })
      .$type<ContractValidity>()
      .notNull()
      .default('NOT_EFFECTIVE'),
    jobTitleId: uuid('job_title_id'),
    workplace: varchar('workplace', { length: 200 }),
    salary: numeric('salary', { precision: 18, scale: 2 }).notNull(),
    /** migration 0074: the salary is agreed net (payroll grosses it up) */
    netPay: boolean('net_pay').notNull().default(false),
    note: varchar('note', { length: 1000 }),
    approvalStatus: varchar('approval_status', { length: 16 })
      .$type<ApprovalStatus>()
      .notNull()
      .default('NEW'),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'labor_contracts_pkey', columns: [t.tenantId, t.id] })],
);

/** A contract's allowances, in the form's order. */
export const laborContractAllowances = pgTable(
  'labor_contract_allowances',
  {
    tenantId: uuid('tenant_id').notNull(),
    contractId: uuid('contract_id').notNull(),
    position: smallint('position').notNull(),
    allowanceTypeId: uuid('allowance_type_id').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'labor_contract_allowances_pkey', columns: [t.tenantId, t.contractId, t.position] }),
  ],
);

export const laborContractTables = { laborContracts, laborContractAllowances };
