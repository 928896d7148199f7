import { compileRule, decides, outcomeOn, type CalendarRule, type CompiledRule } from './calendar-rule.ts';
import { dateOf, dayNumber } from './calendar-days.ts';
import { byPrecedence, type Candidate } from './precedence.ts';

/** A worker as the resolver needs them: where they sit and what they are. */
export interface WorkerPlace {
  readonly workerId: string;
  readonly organizationUnitId: string;
  readonly jobTitleId: string | null;
}

/** An organisation unit: its parent (the tree a unit calendar reaches down). */
export interface UnitNode {
  readonly id: string;
  readonly parentId: string | null;
}

/**
 * One (worker, day) as the calendars decide it. `workShiftId` is the shift of the day (an
 * overnight shift belongs to the day it starts); `off` says the deciding calendar gives the day
 * off (a rotation's off slot); neither: no approved calendar claims the day, and the week-off
 * and standard-working rules say what it is. `calendarId` is the calendar that decided.
 */
export interface ResolvedDay {
  readonly date: string;
  readonly workShiftId: string | null;
  readonly off: boolean;
  readonly calendarId: string | null;
}

export interface ResolveInput {
  readonly workers: readonly WorkerPlace[];
  readonly units: readonly UnitNode[];
  /** the calendars that may apply (the loader passes the approved ones overlapping the range) */
  readonly calendars: readonly CalendarRule[];
  readonly from: string;
  readonly to: string;
}

/**
 * The calendars that reach workers, indexed once: by worker, by unit (unit and working-group
 * calendars) and by job title. Building a worker's candidates is then a walk up their unit's
 * ancestors, never a scan of every calendar.
 */
export class CalendarIndex {
  private readonly byWorker = new Map<string, CompiledRule[]>();
  private readonly byUnit = new Map<string, CompiledRule[]>();
  private readonly byJobTitle = new Map<string, CompiledRule[]>();
  private readonly parentOf = new Map<string, string | null>();
  private readonly sharedMemo = new Map<string, readonly Candidate[]>();

  constructor(calendars: readonly CalendarRule[], units: readonly UnitNode[]) {
    const push = (map: Map<string, CompiledRule[]>, key: string | null, rule: CompiledRule) => {
      if (key === null) return;
      const list = map.get(key);
      if (list) list.push(rule);
      else map.set(key, [rule]);
    };
    for (const calendar of calendars) {
      const compiled = compileRule(calendar);
      if (calendar.targetType === 'WORKER')
        for (const workerId of calendar.workerIds) push(this.byWorker, workerId, compiled);
      else if (calendar.targetType === 'JOB_TITLE') push(this.byJobTitle, calendar.jobTitleId, compiled);
      else push(this.byUnit, calendar.organizationUnitId, compiled);
    }
    for (const unit of units) this.parentOf.set(unit.id, unit.parentId);
  }

  /** Every calendar that reaches the worker, the winner of any day it claims first. */
  candidatesOf(worker: WorkerPlace): readonly Candidate[] {
    const shared = this.sharedOf(worker);
    const own = this.byWorker.get(worker.workerId);
    if (!own) return shared;
    return [...own.map((compiled) => ({ compiled, distance: 0 })), ...shared].sort(byPrecedence);
  }

  /** Whether the worker has calendars of their own (their days cannot be shared with others). */
  hasOwn(workerId: string): boolean {
    return this.byWorker.has(workerId);
  }

  /** The candidates every worker of one unit and title shares: kept per (unit, title). */
  sharedOf(worker: WorkerPlace): readonly Candidate[] {
    const key = `${worker.organizationUnitId}|${worker.jobTitleId ?? ''}`;
    const kept = this.sharedMemo.get(key);
    if (kept) return kept;
    const found: Candidate[] = [];
    for (const compiled of worker.jobTitleId ? (this.byJobTitle.get(worker.jobTitleId) ?? []) : [])
      found.push({ compiled, distance: 0 });
    // up the tree from the worker's own unit; a unit seen twice (a broken tree) ends the walk
    const seen = new Set<string>();
    let unit: string | null | undefined = worker.organizationUnitId;
    for (let distance = 0; unit && !seen.has(unit); distance++) {
      seen.add(unit);
      for (const compiled of this.byUnit.get(unit) ?? [])
        if (distance === 0 || compiled.rule.includeSubUnits) found.push({ compiled, distance });
      unit = this.parentOf.get(unit);
    }
    found.sort(byPrecedence);
    this.sharedMemo.set(key, found);
    return found;
  }
}

/** The days of [from, to] as day numbers and dates, and the undecided day of each: made once per call. */
export interface DayRange {
  readonly from: number;
  readonly dates: readonly string[];
  readonly undecided: readonly ResolvedDay[];
}

export function dayRange(from: string, to: string): DayRange {
  const first = dayNumber(from);
  const dates = Array.from({ length: dayNumber(to) - first + 1 }, (_, i) => dateOf(first + i));
  return {
    from: first,
    dates,
    undecided: dates.map((date) => ({ date, workShiftId: null, off: false, calendarId: null })),
  };
}

/** The deciding calendar of each day of the range among candidates in precedence order. */
export function decideDays(candidates: readonly Candidate[], range: DayRange): ResolvedDay[] {
  const days: ResolvedDay[] = [];
  for (let i = 0; i < range.dates.length; i++) {
    const day = range.from + i;
    let decided: ResolvedDay | undefined;
    for (const { compiled } of candidates) {
      const outcome = outcomeOn(compiled, day);
      if (!decides(outcome)) continue;
      decided = {
        date: range.dates[i] as string,
        workShiftId: outcome.kind === 'SHIFT' ? outcome.workShiftId : null,
        off: outcome.kind === 'OFF',
        calendarId: compiled.rule.id,
      };
      break;
    }
    days.push(decided ?? (range.undecided[i] as ResolvedDay));
  }
  return days;
}

/**
 * The shift of each (worker, day) of the range, as the approved calendars decide it: for each
 * worker, the days of [from, to] in order. Workers of one unit and title with no calendar of
 * their own share one computed list (a 10,000-worker tenant has a few hundred such groups), so
 * the work grows with the groups × days, not the workers × days × calendars.
 */
export function resolveDays(input: ResolveInput): Map<string, readonly ResolvedDay[]> {
  const range = dayRange(input.from, input.to);
  const index = new CalendarIndex(input.calendars, input.units);
  const sharedDays = new Map<readonly Candidate[], readonly ResolvedDay[]>();
  const result = new Map<string, readonly ResolvedDay[]>();
  for (const worker of input.workers) {
    if (index.hasOwn(worker.workerId)) {
      result.set(worker.workerId, decideDays(index.candidatesOf(worker), range));
      continue;
    }
    const shared = index.sharedOf(worker);
    let days = sharedDays.get(shared);
    if (!days) {
      days = decideDays(shared, range);
      sharedDays.set(shared, days);
    }
    result.set(worker.workerId, days);
  }
  return result;
}
