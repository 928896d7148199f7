import { useEffect, useState } from 'react';
import type { ScheduledStep } from '@hcm/contracts/settings';
import { api } from '@hcm/session';
import type { StepTiming } from './assignment-model.ts';
import { templateScheduleUrl } from './assignee-sources.ts';

/**
 * The template's steps' times as the approval engine will set them from `start`, asked of the
 * server (working days count the tenant's week, time zone and holidays, which the browser does
 * not know). Null while asked, when the call failed, or when the answer is not one time per step
 * (the template changed meanwhile): the form then shows no times rather than wrong ones. Asked
 * again when the template or the start changes.
 */
export function useStepSchedule(
  templateId: string | null,
  start: number,
  stepCount: number,
): { timings: readonly StepTiming[] | null; pending: boolean } {
  const wanted = templateId ? `${templateId}@${start}` : null;
  const [answer, setAnswer] = useState<{ key: string; timings: StepTiming[] } | null>(null);
  // the last schedule answered or failed: until it is the one wanted, the table says it is busy
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (!templateId) return;
    let live = true;
    const key = `${templateId}@${start}`;
    // a failure only leaves the times out: nothing to tell the user
    api.get<ScheduledStep[]>(templateScheduleUrl(templateId, start), { ignoreError: true }).then(
      (steps) => {
        if (!live) return;
        setSettled(key);
        if (!Array.isArray(steps)) return;
        const timings = steps.map((step) => ({ start: new Date(step.start), end: new Date(step.end) }));
        const readable = timings.every((t) => Number.isFinite(t.start.getTime() + t.end.getTime()));
        if (readable) setAnswer({ key, timings });
      },
      () => {
        if (live) setSettled(key);
      },
    );
    return () => {
      live = false;
    };
  }, [templateId, start]);
  const timings =
    answer && answer.key === wanted && answer.timings.length === stepCount ? answer.timings : null;
  return { timings, pending: wanted !== null && settled !== wanted };
}
