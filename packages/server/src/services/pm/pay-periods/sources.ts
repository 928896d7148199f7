import type { FieldError } from '@hcm/contracts';
import type { Tx } from '../../../db/database.ts';
import type { RunComponent, RunPlan } from './run-plan.ts';
import type { WorkerError } from './worker-error.ts';

/*
 * What a pay period's computation reads from the rest of the payroll module, said as one
 * interface so the run (compute-job.ts, recompute-worker.ts, trace.ts) depends on no table of
 * theirs: the template compiled once per run (services/pm/templates), who the template applies
 * to, and each worker's values and the lookup tables for the month (services/pm/variables).
 * payroll-sources.ts wires the real ones.
 */

/** The month a sheet pays: its first and last day (YYYY-MM-DD). */
export interface PayMonth {
  readonly first: string;
  readonly last: string;
}

export type PlanResult =
  | { readonly ok: true; readonly plan: RunPlan }
  /** the template no longer checks (a parameter removed, a component changed): each error on its component */
  | { readonly ok: false; readonly errors: readonly FieldError[]; readonly message: string };

/** A worker's values for the month, or why they cannot be had (no contract, no grade, a timesheet not locked). */
export type LoadedWorker =
  | { readonly ok: true; readonly values: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly error: WorkerError };

export interface PayrollSources {
  /**
   * The template's current version, checked against the tenant's catalogue as of the month's last
   * day, compiled, and bound to the lookup tables in force that day: once per run.
   */
  runPlan(tx: Tx, tenantId: string, templateId: string, month: PayMonth): Promise<PlanResult>;
  /** The template's current version and its components in order, uncompiled (the review table's columns). */
  templateComponents(
    tx: Tx,
    tenantId: string,
    templateId: string,
  ): Promise<{ readonly version: number; readonly components: readonly RunComponent[] } | null>;
  /**
   * Of `workerIds`, those the template applies to on the month's last day (its units, subjects
   * of labour and contract types; the most specific template winning where several do): who a
   * sheet naming no units computes.
   */
  workersOfTemplate(
    tx: Tx,
    tenantId: string,
    templateId: string,
    month: PayMonth,
    workerIds: readonly string[],
  ): Promise<readonly string[]>;
  /**
   * Every worker's values for the month (a chunk of ~2,000 in a handful of statements), or the
   * data missing that the template reads (`reads`: the catalogue variables it names).
   */
  loadWorkers(
    tx: Tx,
    tenantId: string,
    month: PayMonth,
    workerIds: readonly string[],
    reads: readonly string[],
  ): Promise<ReadonlyMap<string, LoadedWorker>>;
}
