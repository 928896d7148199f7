import type { ScheduledStep } from '@hcm/contracts/settings';

/**
 * What a fake GET {workflow-templates}/{id}/schedule?start= answers for steps of calendar time
 * (minutes, hours, days: the engine's times are their sums): each step from when the previous one
 * ends. A test of working days answers its own times instead.
 */
export function calendarSchedule(
  steps: readonly { slaTime: number | null }[],
  start: string | null,
): ScheduledStep[] {
  let at = Date.parse(start ?? '');
  return steps.map(({ slaTime }) => {
    const step = { start: new Date(at).toISOString(), end: new Date(at + (slaTime ?? 0)).toISOString() };
    at += slaTime ?? 0;
    return step;
  });
}
