/**
 * The body of a leave rules version with the statutory figures (12 / 14 / 16 days, a day per
 * five years, a month counting from half its working days), changed by `overrides`: what the
 * leave jobs' suites post to /api/tm/leave-policies before their stories.
 */
export const statutoryRules = (overrides: Record<string, unknown> = {}) => ({
  effectiveFrom: '2024-01-01',
  baseDays: '12',
  heavyWorkDays: '14',
  specialDays: '16',
  seniorityStepYears: 5,
  seniorityDaysPerStep: '1',
  seniorityAsOf: 'YEAR_START',
  monthCountsFrom: '0.5',
  rounding: 'HALF_DAY_NEAREST',
  accrualMode: 'MONTHLY',
  updateDay: 1,
  carryOverMaxDays: '0',
  ...overrides,
});
