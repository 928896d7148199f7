import {
  bigint,
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { defineBulkTable } from '../../../bulk/index.ts';

/** A component's value is an amount of money (integer đồng) or a number (days, hours, a rate). */
export const ResultValueTypes = ['AMOUNT', 'NUMBER'] as const;
export type ResultValueType = (typeof ResultValueTypes)[number];

/*
 * The typed mirror of migration 0050's payroll_result_lines: a payroll run's values, one line per
 * worker and component, partitioned by the month the run pays (period_month, its first day).
 */
export const payrollResultLines = pgTable(
  'payroll_result_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    periodMonth: date('period_month').notNull(),
    runId: uuid('run_id').notNull(),
    workerId: uuid('worker_id').notNull(),
    componentCode: varchar('component_code', { length: 50 }).notNull(),
    valueType: varchar('value_type', { length: 8 }).$type<ResultValueType>().notNull(),
    /** integer đồng, for AMOUNT */
    amount: bigint('amount', { mode: 'number' }),
    /** a decimal as text, for NUMBER */
    quantity: numeric('quantity', { precision: 18, scale: 4 }),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'payroll_result_lines_pkey',
      columns: [t.tenantId, t.periodMonth, t.runId, t.workerId, t.componentCode],
    }),
    index('payroll_result_lines_worker_idx').on(t.tenantId, t.workerId, t.periodMonth),
  ],
);

/** Result lines in bulk: a run computed again replaces its lines; pages by run, worker, component. */
export const resultLineStore = defineBulkTable({
  table: payrollResultLines,
  resource: 'payroll_result',
  partitionBy: 'periodMonth',
  conflict: { key: ['periodMonth', 'runId', 'workerId', 'componentCode'], onConflict: 'update' },
  order: ['periodMonth', 'runId', 'workerId', 'componentCode'],
  references: [{ column: 'workerId', table: 'workers' }],
  // a run's lines are its salary period's (run_id): approved with it, as one record
  lockedBy: { column: 'runId', table: 'salary_periods' },
});
