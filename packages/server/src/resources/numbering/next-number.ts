import {
  formatNumber,
  NUMBERING_KINDS,
  numberingPeriod,
  parseNumberingPattern,
  type NumberingKind,
} from '@hcm/contracts/resource';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { readTenantSettings } from '../../db/tenant-settings.ts';
import { recordCounters } from '../../db/tables/record-numbering.ts';
import { todayInVietnam } from '../search/find-latest-effective.ts';
import type { ResourceDefinition } from '../types.ts';

type Row = Record<string, unknown>;

/** The setting of System › Configuration that holds each kind's pattern. */
const SETTING = { employeeCode: 'employeeCodePattern', contractNumber: 'contractNumberPattern' } as const;

/** How many taken numbers (typed by hand earlier) a create steps over before it gives up. */
const MAX_SKIPS = 1000;

/**
 * The tenant's pattern of `kind`: its own configuration's, else the system defaults', else the
 * built-in one. A stored pattern that no longer parses falls back to the built-in one too.
 */
export async function numberingPattern(tx: Tx, tenantId: string, kind: NumberingKind): Promise<string> {
  const stored = (await readTenantSettings(tx, tenantId))?.[SETTING[kind]];
  return typeof stored === 'string' && typeof parseNumberingPattern(stored) !== 'string'
    ? stored
    : NUMBERING_KINDS[kind].defaultPattern;
}

/**
 * The next counter value of `kind` in `period`: one atomic upsert that returns the value taken
 * and moves the row on. The row stays locked until the caller's transaction ends, so concurrent
 * creates queue, and one that rolls back returns its value: numbers are unique and gapless.
 */
export async function takeCounter(tx: Tx, tenantId: string, kind: string, period: string): Promise<number> {
  const [row] = await tx
    .insert(recordCounters)
    .values({ tenantId, kind, period, nextValue: 2 })
    .onConflictDoUpdate({
      target: [recordCounters.tenantId, recordCounters.kind, recordCounters.period],
      set: { nextValue: sql`${recordCounters.nextValue} + 1` },
    })
    .returning({ next: recordCounters.nextValue });
  if (!row) throw new Error('the counter upsert returned no row');
  return row.next - 1;
}

/**
 * The next number of `kind` for a record of `definition` created on `day`: the pattern applied
 * to the next counter, stepping over numbers a record already holds (typed by hand).
 */
export async function nextNumber(
  tx: Tx,
  definition: ResourceDefinition,
  field: string,
  tenantId: string,
  kind: NumberingKind,
  day: string,
): Promise<string> {
  const tokens = parseNumberingPattern(await numberingPattern(tx, tenantId, kind));
  if (typeof tokens === 'string') throw new Error(`the built-in ${kind} pattern is invalid: ${tokens}`);
  const period = numberingPeriod(tokens, day);
  const column = definition.column(field);
  for (let skip = 0; skip <= MAX_SKIPS; skip++) {
    const candidate = formatNumber(tokens, await takeCounter(tx, tenantId, kind, period), day);
    const [taken] = await tx
      .select({ id: definition.columns.id })
      .from(definition.table)
      .where(sql`lower(${column}) = lower(${candidate})`)
      .limit(1);
    if (!taken) return candidate;
  }
  throw new Error(`no free ${kind} after ${MAX_SKIPS} numbers already taken`);
}

/**
 * Fills each numbered field (`autoNumber` in the contract) that a create leaves empty, in the
 * create's transaction. A tenant-less (system) resource has no numbering.
 */
export async function fillAutoNumbers(
  tx: Tx,
  definition: ResourceDefinition,
  tenantId: string | null,
  values: Row,
  day = todayInVietnam(),
): Promise<void> {
  if (tenantId === null) return;
  for (const [name, spec] of Object.entries(definition.fields)) {
    const empty = values[name] === undefined || values[name] === null || values[name] === '';
    if (spec.autoNumber && empty)
      values[name] = await nextNumber(tx, definition, name, tenantId, spec.autoNumber, day);
  }
}
