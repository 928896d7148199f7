import { sql } from 'drizzle-orm';
import { writeBatch } from '../../../bulk/index.ts';
import { connectionOf } from '../../../bulk/connection.ts';
import type { Tx } from '../../../db/database.ts';
import type { ActionContext } from '../../../resources/action-log/record-actions.ts';
import { resultLineStore } from '../../payroll/tables/result-lines.ts';
import { computeWorker, workerInputs } from './compute-worker.ts';
import type { SheetRow } from './guards.ts';
import { linesOf, type ResultLine } from './lines.ts';
import { nextMonth, payMonthOf } from './roster.ts';
import type { RunPlan } from './run-plan.ts';
import type { PayrollSources } from './sources.ts';
import { runError, type WorkerError } from './worker-error.ts';

/*
 * Computes some workers of a sheet and writes what came of it (docs/payroll-periods.md,
 * "Computing"): computeWorkers reads (the loader's values, the INPUT values typed, the compiled
 * template's run), writeWorkers writes (their lines by the bulk path, each worker's row settled OK
 * or FAILED with the reason) — a chunk of the computation's job reads one chunk while it writes the
 * one before; one worker computed again does both in its request's transaction (settleWorkers). A
 * worker whose formula fails is reported and the others go on, and nothing stale of theirs is left.
 */

export interface Settled {
  readonly done: number;
  readonly failed: number;
  readonly lines: number;
}

interface Settlement {
  worker_id: string;
  status: 'OK' | 'FAILED';
  error_component: string | null;
  error_code: string | null;
  error_vi: string | null;
  error_en: string | null;
  error_params: Record<string, string> | null;
  solved_gross: number | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The INPUT values typed for these workers of the sheet, by worker and component code. */
export async function typedInputs(
  tx: Tx,
  sheetId: string,
  workerIds: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  const rows = rowsOf<{ worker_id: string; component_code: string; value: string }>(
    await tx.execute(sql`
      select worker_id, component_code, value from pay_period_inputs
       where pay_period_id = ${sheetId}::uuid and worker_id = any(${`{${workerIds.join(',')}}`}::uuid[])`),
  );
  const typed = new Map<string, Record<string, string>>();
  for (const row of rows) {
    const own = typed.get(row.worker_id) ?? {};
    own[row.component_code] = row.value;
    typed.set(row.worker_id, own);
  }
  return typed;
}

const failedWith = (workerId: string, error: WorkerError): Settlement => ({
  worker_id: workerId,
  status: 'FAILED',
  error_component: error.component,
  error_code: error.code,
  error_vi: error.message.vi.slice(0, 1000),
  error_en: error.message.en.slice(0, 1000),
  error_params: { ...error.params },
  solved_gross: null,
});

export interface SettleContext {
  readonly tenantId: string;
  readonly sheet: SheetRow;
  readonly plan: RunPlan;
  readonly sources: PayrollSources;
  readonly actor: ActionContext;
  readonly now: Date;
}

/** Some workers computed, nothing written: their lines and how each came out. */
export interface ComputedWorkers {
  readonly lines: readonly ResultLine[];
  readonly settled: readonly Settlement[];
}

/**
 * Loads and computes the workers, in a transaction of the caller's (reads only): the loader's
 * values (one call for all of them), the INPUT values typed for the sheet, the compiled
 * template's run, the lines of those who came out OK.
 */
export async function computeWorkers(
  tx: Tx,
  context: Omit<SettleContext, 'actor'>,
  workerIds: readonly string[],
): Promise<ComputedWorkers> {
  if (workerIds.length === 0) return { lines: [], settled: [] };
  const { tenantId, sheet, plan, sources } = context;
  const loaded = await sources.loadWorkers(
    tx,
    tenantId,
    payMonthOf(sheet.period_month),
    workerIds,
    plan.reads,
  );
  const typed = await typedInputs(tx, sheet.id, workerIds);
  const lines: ResultLine[] = [];
  const settled: Settlement[] = [];
  for (const workerId of workerIds) {
    const values = loaded.get(workerId);
    if (!values) {
      settled.push(failedWith(workerId, runError('workerMissing', {})));
      continue;
    }
    if (!values.ok) {
      settled.push(failedWith(workerId, values.error));
      continue;
    }
    const outcome = computeWorker(plan, workerInputs(plan, values.values, typed.get(workerId)));
    if (!outcome.ok) {
      settled.push(failedWith(workerId, outcome.error));
      continue;
    }
    const kept = linesOf(
      plan,
      { periodMonth: sheet.period_month, runId: sheet.id, workerId },
      outcome.values,
      context.now,
    );
    if (!kept.ok) {
      settled.push(failedWith(workerId, kept.error));
      continue;
    }
    for (const line of kept.lines) lines.push(line);
    settled.push({
      worker_id: workerId,
      status: 'OK',
      error_component: null,
      error_code: null,
      error_vi: null,
      error_en: null,
      error_params: null,
      solved_gross: outcome.net?.gross ?? null,
    });
  }
  return { lines, settled };
}

/**
 * Writes what came of computed workers, in the caller's transaction (the sheet's row locked by
 * it): their lines by the bulk path, replacing the workers' scope — their old lines deleted, the
 * failed workers' included, so nothing stale is left; a batch with no line only deletes — and
 * each worker's row settled OK or FAILED with the reason.
 */
export async function writeWorkers(
  tx: Tx,
  context: SettleContext,
  computed: ComputedWorkers,
): Promise<Settled> {
  const { tenantId, sheet } = context;
  const { lines, settled } = computed;
  if (settled.length === 0) return { done: 0, failed: 0, lines: 0 };
  const month = payMonthOf(sheet.period_month);
  const workers = settled.map((row) => row.worker_id);
  if (lines.length > 0)
    await writeBatch(tx, resultLineStore, lines, {
      actor: context.actor,
      action: 'UPDATE',
      describe: { payPeriod: sheet.code, workers: settled.length },
      replace: {
        period: { from: month.first, to: nextMonth(month.first) },
        equals: { runId: sheet.id, workerId: workers },
      },
    });
  else
    await connectionOf(tx).query(
      `DELETE FROM payroll_result_lines
        WHERE tenant_id = $1::uuid AND period_month = $2::date AND run_id = $3::uuid AND worker_id = ANY($4::uuid[])`,
      [tenantId, sheet.period_month, sheet.id, `{${workers.join(',')}}`],
    );
  await connectionOf(tx).query(
    `UPDATE pay_period_workers p
        SET status = v.status, error_component = v.error_component, error_code = v.error_code,
            error_vi = v.error_vi, error_en = v.error_en, error_params = v.error_params,
            solved_gross = v.solved_gross, computed_at = $3::timestamptz
       FROM jsonb_to_recordset($4::jsonb) AS v(worker_id uuid, status varchar, error_component varchar,
            error_code varchar, error_vi varchar, error_en varchar, error_params jsonb, solved_gross bigint)
      WHERE p.tenant_id = $1::uuid AND p.pay_period_id = $2::uuid AND p.worker_id = v.worker_id`,
    [tenantId, sheet.id, context.now.toISOString(), JSON.stringify(settled)],
  );
  const failed = settled.filter((s) => s.status === 'FAILED').length;
  return { done: settled.length, failed, lines: lines.length };
}

/** Both, in one transaction: one worker computed again, an input typed. */
export async function settleWorkers(
  tx: Tx,
  context: SettleContext,
  workerIds: readonly string[],
): Promise<Settled> {
  return writeWorkers(tx, context, await computeWorkers(tx, context, workerIds));
}
