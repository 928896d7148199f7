import type { ByWorkerDay, DocumentSource } from './inputs.ts';
import type { DayAdjustment } from './types.ts';

/**
 * Several kinds of document as the one DocumentSource the engine reads: each asked for the
 * batch in turn (one or two statements each), their adjustments of a (worker, day) joined in the
 * order of the sources. Issue 31's documents (leave, overtime, shift change, business trip,
 * conference) join the work update requests here, one line each in wiring.ts.
 */
export function allDocuments(...sources: readonly DocumentSource[]): DocumentSource {
  return {
    async adjustments(tx, workerIds, from, to) {
      const joined = new Map<string, Map<string, DayAdjustment[]>>();
      for (const source of sources) {
        const found = await source.adjustments(tx, workerIds, from, to);
        for (const [workerId, days] of found) {
          const into = joined.get(workerId) ?? new Map<string, DayAdjustment[]>();
          joined.set(workerId, into);
          for (const [day, list] of days) into.set(day, [...(into.get(day) ?? []), ...list]);
        }
      }
      return joined as ByWorkerDay<readonly DayAdjustment[]>;
    },
  };
}
