import { ensureMonthPartitions } from '../../../bulk/index.ts';
import { connectionOf } from '../../../bulk/connection.ts';
import { ANALYZE_AFTER_ROWS, noteBulkWrite } from '../../../db/analyze.ts';
import type { Tx } from '../../../db/database.ts';
import { recordActions, type ActionContext } from '../../../resources/action-log/record-actions.ts';
import { dayRecordStore } from '../tables/day-records.ts';
import { DAY_ENGINE_VERSION } from './compute-day.ts';
import { COMPUTED, DayColumns, SQL_TYPE, type Column } from './day-columns.ts';
import type { DayRecordRow } from './day-record-row.ts';

/** The columns compared with the stored row: what the computation gives, the held mark and the version. */
const COMPARED = [...COMPUTED.slice(2).map((c) => c.name), 'held_at', 'engine_version'];

const NAMES = COMPUTED.map((c) => c.name);
/** The statements' array parameters from $2 on, one per column, unnested as `k`. */
const UNNESTED = `unnest(${COMPUTED.map((c, i) => `$${i + 2}::${SQL_TYPE[c.kind]}[]`).join(', ')}) AS k (${NAMES.join(', ')})`;
/** A column's value in the statements: an instant's milliseconds made a timestamptz (exactly: integer microseconds). */
const valueOf = (c: Column) =>
  c.kind === 'instant' ? `(timestamptz 'epoch' + k.${c.name} * interval '1 millisecond')` : `k.${c.name}`;

const UPSERT = (() => {
  const last = COMPUTED.length + 2;
  return `INSERT INTO tm_day_records AS d (tenant_id, ${NAMES.join(', ')}, held_at, engine_version, computed_at)
  SELECT $1::uuid, ${COMPUTED.map(valueOf).join(', ')}, NULL::timestamptz, $${last}::smallint, $${last + 1}::timestamptz
    FROM ${UNNESTED}
  ON CONFLICT (tenant_id, work_date, worker_id) DO UPDATE SET ${[...COMPARED, 'computed_at']
    .map((name) => `${name} = EXCLUDED.${name}`)
    .join(', ')}
  WHERE (${COMPARED.map((name) => `d.${name}`).join(', ')})
        IS DISTINCT FROM (${COMPARED.map((name) => `EXCLUDED.${name}`).join(', ')})`;
})();

/**
 * The held marks of a locked month's days (docs/timesheet-engine.md, "Locked months"): a day is
 * marked held only when what it would now come to differs from what is stored (or it has no row
 * yet and punches would give it one), so that a late punch marks its own day, not the
 * neighbours asked with it that would come out the same. Nothing else of the row is written.
 */
const HOLD = (() => {
  const compared = COMPUTED.slice(2);
  const last = COMPUTED.length + 2;
  return `INSERT INTO tm_day_records AS d (tenant_id, work_date, worker_id, held_at)
  SELECT $1::uuid, k.work_date, k.worker_id, $${last}::timestamptz
    FROM ${UNNESTED}
    LEFT JOIN tm_day_records s
      ON s.tenant_id = $1::uuid AND s.work_date = k.work_date AND s.worker_id = k.worker_id
   WHERE CASE WHEN s.worker_id IS NULL THEN k.punch_count > 0
              ELSE (${compared.map((c) => `s.${c.name}`).join(', ')})
                   IS DISTINCT FROM (${compared.map(valueOf).join(', ')}) END
  ON CONFLICT (tenant_id, work_date, worker_id)
  DO UPDATE SET held_at = coalesce(d.held_at, EXCLUDED.held_at)`;
})();

/** Rows per statement: a batch of the job is one statement. */
const ROWS_PER_STATEMENT = 5000;

export interface DayRecordsWritten {
  /** rows inserted, or updated because a value changed */
  readonly written: number;
  /** rows whose stored values were already these: left as they were (computed_at included) */
  readonly unchanged: number;
}

/**
 * Writes computed days into tm_day_records in the caller's tenant transaction: one
 * `INSERT … SELECT FROM unnest(<one array per column>) ON CONFLICT DO UPDATE` per 5,000 rows,
 * then one action-log entry. Lighter than the general bulk writer (COPY into a staging table,
 * checks as a set, INSERT … SELECT; bulk/write-batch.ts) and for these rows alone: the values
 * come from the computation, not from a file, the workers were read in this transaction just
 * before (recompute-days.ts), and a batch's keys are distinct. The rows keep their period and
 * HR's correction (those columns are not written), and a row whose computed values, held mark and
 * engine version are already stored is not rewritten: a day computed again from the same inputs
 * writes nothing (its computed_at stays the time its values were written).
 */
export async function writeDayRecords(
  tx: Tx,
  days: readonly DayRecordRow[] | DayColumns,
  options: {
    actor: ActionContext;
    computedAt: Date;
    describe?: Readonly<Record<string, string | number>>;
  },
): Promise<DayRecordsWritten> {
  const tenantId = options.actor.scope.tenantId;
  if (tenantId === null) throw new Error('day records: a system scope writes none');
  const rows = days instanceof DayColumns ? days : DayColumns.of(days);
  if (rows.length === 0) return { written: 0, unchanged: 0 };
  let from = rows.workDate(0);
  let to = from;
  const perMonth = new Map<string, number>();
  for (let i = 0; i < rows.length; i++) {
    const workDate = rows.workDate(i);
    if (workDate < from) from = workDate;
    if (workDate > to) to = workDate;
    const month = workDate.slice(0, 7);
    perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
  }
  await ensureMonthPartitions(tx, dayRecordStore, from, to);
  const connection = connectionOf(tx);
  let written = 0;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const arrays = rows.literals(start, Math.min(rows.length, start + ROWS_PER_STATEMENT));
    const { count } = await connection.query(UPSERT, [
      tenantId,
      ...arrays,
      DAY_ENGINE_VERSION,
      options.computedAt.toISOString(),
    ]);
    written += count;
  }
  // the months written are analysed after the commit when the batch was large (db/analyze.ts);
  // a few days (a late punch's) are not noted at all: noting costs a look at pg_class after
  // every commit, and autovacuum analyses a partition that only ever gets a few rows at a time
  if (written >= ANALYZE_AFTER_ROWS)
    for (const [month, count] of perMonth)
      noteBulkWrite(tx, `tm_day_records_${month.replace('-', '_')}`, Math.min(count, written));
  const after = (value: string | number) => ({ before: null, after: value });
  await recordActions(tx, options.actor, [
    {
      resource: dayRecordStore.resource,
      recordId: null,
      action: 'UPDATE',
      changes: {
        table: after('tm_day_records'),
        received: after(rows.length),
        written: after(written),
        unchanged: after(rows.length - written),
        workDateFrom: after(from),
        workDateTo: after(to),
        ...Object.fromEntries(Object.entries(options.describe ?? {}).map(([k, v]) => [k, after(v)])),
      },
    },
  ]);
  return { written, unchanged: rows.length - written };
}

/**
 * Marks held the days of a locked month whose computation differs from what is stored (HOLD),
 * in the caller's tenant transaction; answers how many were marked (or kept their earlier mark).
 */
export async function holdChangedDays(
  tx: Tx,
  tenantId: string,
  days: readonly DayRecordRow[],
  now: Date,
): Promise<number> {
  if (days.length === 0) return 0;
  const rows = DayColumns.of(days);
  const dates = days.map((row) => row.workDate).sort();
  await ensureMonthPartitions(tx, dayRecordStore, dates[0] as string, dates[dates.length - 1] as string);
  const connection = connectionOf(tx);
  let held = 0;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const arrays = rows.literals(start, Math.min(rows.length, start + ROWS_PER_STATEMENT));
    const { count } = await connection.query(HOLD, [tenantId, ...arrays, now.toISOString()]);
    held += count;
  }
  return held;
}
