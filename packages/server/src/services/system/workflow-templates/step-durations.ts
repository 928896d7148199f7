import type { FieldError } from '@hcm/contracts';
import { isSlaUnit, slaAmountErrors, slaMilliseconds } from '@hcm/contracts/settings';

/**
 * Each step's SLA within its unit's largest amount (slaAmountErrors: 30 days in every unit),
 * refused at `steps[i].slaAmount` with error.max and its values; when all are, each step gets its
 * calendar milliseconds in slaTime (whatever the body said), as assignmentName gets its name.
 */
export function fillStepDurations(steps: readonly object[]): FieldError[] {
  const errors = slaAmountErrors(steps);
  if (errors.length > 0) return errors;
  for (const step of steps as { slaAmount?: unknown; slaUnit?: unknown; slaTime?: unknown }[])
    if (typeof step.slaAmount === 'number' && isSlaUnit(step.slaUnit))
      step.slaTime = slaMilliseconds(step.slaUnit, step.slaAmount);
  return errors;
}
