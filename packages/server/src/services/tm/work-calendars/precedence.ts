import type { WorkCalendarTargetType, WorkCalendarTieBreak } from '@hcm/contracts/work-calendars';
import type { CompiledRule } from './calendar-rule.ts';

/**
 * The precedence rule (docs/work-calendars.md): the more specific assignment wins. A calendar
 * naming the worker beats one of the worker's working group, which beats one of the worker's job
 * title, which beats one of a unit; between two unit (or two group) calendars the nearer unit
 * wins (the worker's own unit over its parent). On a tie the later-starting calendar wins, then
 * the later-approved, and last the smaller id, so that the answer never depends on the order
 * rows come back in.
 */
export const TARGET_RANK: Readonly<Record<WorkCalendarTargetType, number>> = {
  WORKER: 0,
  WORKING_GROUP: 1,
  JOB_TITLE: 2,
  UNIT: 3,
};

/** A calendar that reaches a worker, and how far up the unit tree it reaches from (0: own unit). */
export interface Candidate {
  readonly compiled: CompiledRule;
  /** UNIT and WORKING_GROUP: levels between the worker's unit and the calendar's (0 for the rest) */
  readonly distance: number;
}

/** The comparison that decided between two candidates, first to last. */
export function tieBreakBetween(a: Candidate, b: Candidate): { by: WorkCalendarTieBreak; order: number } {
  const ra = a.compiled.rule;
  const rb = b.compiled.rule;
  const steps: [WorkCalendarTieBreak, number][] = [
    ['TARGET', TARGET_RANK[ra.targetType] - TARGET_RANK[rb.targetType]],
    ['UNIT_DISTANCE', a.distance - b.distance],
    ['START_DATE', b.compiled.from - a.compiled.from],
    ['APPROVED_AT', compareDesc(ra.approvedAt, rb.approvedAt)],
    ['ID', ra.id < rb.id ? -1 : ra.id > rb.id ? 1 : 0],
  ];
  for (const [by, order] of steps) if (order !== 0) return { by, order };
  return { by: 'ID', order: 0 };
}

/** Sort order of candidates: the winner first. */
export const byPrecedence = (a: Candidate, b: Candidate): number => tieBreakBetween(a, b).order;

/** Later first; a missing time after any time. ISO timestamps of one offset compare as strings. */
function compareDesc(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a > b ? -1 : 1;
}
