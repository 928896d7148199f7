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

/**
 * A component's value is an amount of money (integer đồng), a number (days, hours, a rate) or, for
 * a TEXT, ENUM or DATE component, text (migration 0076).
 */
export const ResultValueTypes = ['AMOUNT', 'NUMBER', 'TEXT'] as const;
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
    /** for TEXT: a text, an enumeration's code, or a date as YYYY-MM-DD */
    textValue: varchar('text_value', { length: 200 }),
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

/**
 * Result lines in bulk: a run computed again replaces its lines; pages by run, worker, component.
 * The run is a pay period (services/pm/pay-periods, docs/payroll-periods.md).
 */
export const resultLineStore = defineBulkTable({
  table: payrollResultLines,
  resource: 'payroll_result',
  partitionBy: 'periodMonth',
  conflict: { key: ['periodMonth', 'runId', 'workerId', 'componentCode'], onConflict: 'update' },
  order: ['periodMonth', 'runId', 'workerId', 'componentCode'],
  references: [{ column: 'workerId', table: 'workers' }],
  // a run's lines are its pay period's (run_id, migration 0076): approved with it, as one record
  lockedBy: { column: 'runId', table: 'pay_periods' },
});
