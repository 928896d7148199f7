import { PermissionResources } from '@hcm/contracts';
import { describe, expect, it } from 'vitest';
import { declaredResources } from '../../services/declared-resources.ts';

/** Issue 13, "Done when": every approvable record uses the engine (issue 28: a salary period, as one record). */
describe('the resources bound to the approval engine', () => {
  it('are exactly the declared resources whose permission the catalogue calls approvable', () => {
    const approvable = declaredResources
      .filter((definition) => PermissionResources[definition.name].approvable)
      .map((definition) => definition.basePath);
    const bound = declaredResources.filter((definition) => definition.approval).map((d) => d.basePath);
    expect(bound).toEqual(approvable);
    expect(bound).toEqual([
      '/api/om/contracts',
      '/api/om/displacements',
      '/api/om/resignations',
      '/api/om/rewards',
      '/api/om/disciplines',
      '/api/om/benefits',
      '/api/om/salary-reviews',
      '/api/pm/salary-periods',
      '/api/pm/pay-periods',
      '/api/tm/work-calendars',
      '/api/tm/timesheets',
      '/api/tm/work-update-requests',
      '/api/tm/leave-applications',
      '/api/tm/overtime-registrations',
      '/api/tm/shift-change-requests',
      '/api/tm/business-trips',
      '/api/tm/conferences',
    ]);
  });

  it('each approved by the workflow templates of its own kind, through its approvalStatus field', () => {
    const kinds = declaredResources
      .filter((definition) => definition.approval)
      .map((definition) => [
        definition.name,
        definition.approval?.templateType,
        definition.approval?.statusField,
      ]);
    expect(kinds).toEqual([
      ['contract', 'CONTRACT', 'approvalStatus'],
      ['displacement', 'DISPLACEMENT', 'approvalStatus'],
      ['resignation', 'RESIGNATION', 'approvalStatus'],
      ['reward', 'REWARD', 'approvalStatus'],
      ['discipline', 'DISCIPLINE', 'approvalStatus'],
      ['benefit', 'BENEFIT', 'approvalStatus'],
      ['compensation_revision', 'SALARY_REVIEW', 'approvalStatus'],
      ['salary_period', 'PAYROLL', 'approvalStatus'],
      ['pay_period', 'PAY_PERIOD', 'approvalStatus'],
      ['work_calendar', 'WORK_CALENDAR', 'approvalStatus'],
      ['timesheet', 'TIMESHEET', 'approvalStatus'],
      ['timekeeping_change_request', 'TIMEKEEPING_CHANGE', 'approvalStatus'],
      ['leave_request', 'LEAVE_REQUEST', 'approvalStatus'],
      ['overtime_registration', 'OVERTIME', 'approvalStatus'],
      ['swap_application', 'SHIFT_SWAP', 'approvalStatus'],
      ['business_trip_application', 'BUSINESS_TRIP', 'approvalStatus'],
      ['conference_application', 'CONFERENCE', 'approvalStatus'],
    ]);
  });
});
