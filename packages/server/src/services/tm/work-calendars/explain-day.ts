import type {
  WorkCalendarCandidate,
  WorkCalendarTieBreak,
  WorkCalendarVerdict,
} from '@hcm/contracts/work-calendars';
import { decides, outcomeOn } from './calendar-rule.ts';
import { dayNumber } from './calendar-days.ts';
import { tieBreakBetween, type Candidate } from './precedence.ts';
import { CalendarIndex, type UnitNode, type WorkerPlace } from './resolve-days.ts';
import type { CalendarRule } from './calendar-rule.ts';

export interface DayExplanation {
  readonly candidates: readonly Omit<WorkCalendarCandidate, 'workShiftCode' | 'approvalStatus'>[];
  readonly winnerId: string | null;
  readonly decidedBy: WorkCalendarTieBreak | null;
}

/**
 * Why a worker has the shift they have on a day: every calendar that reaches them (approved or
 * not) in precedence order, what each holds that day and its verdict, and the comparison that
 * decided between the winner and the runner-up that also claimed the day. The same index and
 * the same comparison as the resolver, so the explanation cannot disagree with the timesheet.
 */
export function explainDay(
  worker: WorkerPlace,
  units: readonly UnitNode[],
  calendars: readonly CalendarRule[],
  date: string,
): DayExplanation {
  const day = dayNumber(date);
  const candidates = new CalendarIndex(calendars, units).candidatesOf(worker);
  const claiming = (candidate: Candidate) =>
    candidate.compiled.rule.approved && decides(outcomeOn(candidate.compiled, day));
  const winner = candidates.find(claiming);
  const runnerUp = winner ? candidates.find((c) => c !== winner && claiming(c)) : undefined;
  return {
    candidates: candidates.map((candidate) => {
      const outcome = outcomeOn(candidate.compiled, day);
      const rule = candidate.compiled.rule;
      const verdict: WorkCalendarVerdict =
        candidate === winner
          ? 'WINNER'
          : !rule.approved
            ? 'NOT_APPROVED'
            : outcome.kind === 'OUT_OF_RANGE' || outcome.kind === 'NOT_THIS_WEEKDAY'
              ? outcome.kind
              : 'OUTRANKED';
      return {
        calendarId: rule.id,
        code: rule.code,
        name: rule.name,
        targetType: rule.targetType,
        unitDistance: candidate.distance,
        fromDate: rule.fromDate,
        toDate: rule.toDate,
        approvedAt: rule.approvedAt,
        workShiftId: outcome.kind === 'SHIFT' ? outcome.workShiftId : null,
        off: outcome.kind === 'OFF',
        verdict,
        lostBy: verdict === 'OUTRANKED' && winner ? tieBreakBetween(winner, candidate).by : null,
      };
    }),
    winnerId: winner?.compiled.rule.id ?? null,
    decidedBy: winner && runnerUp ? tieBreakBetween(winner, runnerUp).by : null,
  };
}
