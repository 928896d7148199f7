import { describe, expect, it } from 'vitest';
import { ApplicationModules } from './enums.ts';
import {
  ALL_PERMISSION_CODES,
  ApprovalActions,
  BaseActions,
  PermissionResources,
  actionsOf,
  hasAuthority,
  isPermissionCode,
  permission,
  permissionCodesForLevel,
  type PermissionCode,
  type PermissionResource,
} from './permissions.ts';

const resources = Object.keys(PermissionResources) as PermissionResource[];

describe('the permission catalogue', () => {
  it('names resources in snake_case, each with a known module and at least one user level', () => {
    for (const r of resources) {
      expect(r).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(ApplicationModules).toContain(PermissionResources[r].module);
      expect(PermissionResources[r].levels.length).toBeGreaterThan(0);
    }
  });

  it('covers the resources catalogues §6 names', () => {
    const named = [
      'user',
      'role',
      'action_log',
      'configuration',
      'file',
      'notification',
      'notification_template',
      'event_configuration',
      'client',
      'dashboard',
      'region',
      'language',
      'workflow_template',
      'nature_of_work',
      'region_wage',
      'job_position',
      'organization_unit',
      'province',
      'salary_grade',
      'job_title',
      'military_rank',
      'occupation',
      'subject_of_labor',
      'technical_level',
      'religion',
      'ethnicity',
      'worker_group',
      'document_template',
      'email_template',
      'worker',
      'contract',
      'displacement',
      'leave_type',
      'shift',
      'timesheet',
      'timekeeping',
      'work_calendar',
      'holiday',
      'job_category',
      'device',
      'user_access_control',
      'tenant',
      'service_pack',
      'salary_period',
      'weekly_off',
      'leave_policy',
      'salary_configuration',
      'compensation_revision',
      'timekeeping_change_request',
      'overtime_registration',
      'leave_request',
      'swap_application',
      'business_trip_application',
      'contacts',
      'conference_application',
      'reward',
      'resignation',
      'contract_type',
      'benefit',
      'job_nature',
      'pay_period',
      'pick_list',
      'discipline',
      'piece_wage',
      'bank',
      'worker_bank_account',
      'allowance_type',
      'unspecialized_job_title',
      'user_manual',
      'pay_report',
      'task',
      'work',
      'target',
      'kpi_criteria',
      'kpi_template',
      'work_plan',
      'leader_work_plan',
      'tenant_configuration',
      'application',
      'applicant',
      // enumerated from the grouped names
      'salary_coefficient',
      'position_coefficient',
      'reward_type',
      'discipline_type',
      'worker_academic',
      'worker_employment',
      'worker_related_person',
      'worker_file',
      'worker_reward',
      'worker_discipline',
      'worker_military_employment',
      'worker_research',
      'fixed_compensation',
      'salary_composition',
      'salary_slip_template',
      'timesheet_summary',
      'kpi_summary',
      'product_summary',
      'deduction_summary',
      'other_income_summary',
      'advance_summary',
      'standard_working_day',
      'military_group',
      'technical_group',
      'fund_summary',
    ];
    expect(resources).toEqual(expect.arrayContaining(named));
  });

  it('marks exactly the approvable record types of catalogues §3.1 approvable', () => {
    const approvable = resources.filter((r) => PermissionResources[r].approvable).sort();
    expect(approvable).toEqual(
      [
        'contract',
        'displacement',
        'work_calendar',
        'timesheet',
        'salary_period',
        'pay_period',
        'leave_request',
        'swap_application',
        'business_trip_application',
        'conference_application',
        'overtime_registration',
        'reward',
        'benefit',
        'resignation',
        'timekeeping_change_request',
        'discipline',
        'piece_wage',
        'fund_summary',
        'work_plan',
        'compensation_revision',
      ].sort(),
    );
  });

  it('gives every resource the five base actions and approvable ones the four approval actions', () => {
    expect(actionsOf('job_title')).toEqual(['view', 'create', 'update', 'delete', 'export']);
    expect(actionsOf('leave_request')).toEqual([...BaseActions, ...ApprovalActions]);
    const approvableCount = resources.filter((r) => PermissionResources[r].approvable).length;
    expect(ALL_PERMISSION_CODES).toHaveLength(resources.length * 5 + approvableCount * 4);
    expect(new Set(ALL_PERMISSION_CODES).size).toBe(ALL_PERMISSION_CODES.length);
    expect(ALL_PERMISSION_CODES).toContain('leave_request.request-approval');
    expect(ALL_PERMISSION_CODES).not.toContain('job_title.approve');
  });

  it('builds codes for declared resources only (checked by the compiler)', () => {
    expect(permission('job_title', 'view')).toBe('job_title.view');
    expect(permission('contract', 'cancel-approval')).toBe('contract.cancel-approval');
    // @ts-expect-error: not a declared resource
    permission('salary_of_the_ceo', 'view');
    // @ts-expect-error: job_title is not approvable
    permission('job_title', 'approve');
    const code: PermissionCode = 'worker.export';
    expect(isPermissionCode(code)).toBe(true);
    expect(isPermissionCode('worker.fly')).toBe(false);
  });

  it('splits codes by user level: tenant roles never grant tenant or service pack administration', () => {
    const tenantCodes = permissionCodesForLevel('TENANT');
    const systemCodes = permissionCodesForLevel('SYSTEM');
    expect(tenantCodes).toContain('leave_request.approve');
    expect(tenantCodes).toContain('user.create');
    expect(tenantCodes).not.toContain('tenant.view');
    expect(tenantCodes).not.toContain('service_pack.update');
    expect(systemCodes).toContain('service_pack.update');
    expect(systemCodes).toContain('user.view');
    expect(systemCodes).not.toContain('worker.view');
  });
});

describe('hasAuthority (core §6)', () => {
  const granted = ['worker.view', 'contract.approve'];

  it('lets root pass every check', () => {
    expect(hasAuthority([], 'tenant.delete', true)).toBe(true);
    expect(hasAuthority(new Set(), ['a.b', 'c.d'], true)).toBe(true);
  });

  it('lets an empty requirement pass', () => {
    for (const required of [undefined, null, '', []]) expect(hasAuthority([], required, false)).toBe(true);
  });

  it('needs the one code when one is required', () => {
    expect(hasAuthority(granted, 'worker.view', false)).toBe(true);
    expect(hasAuthority(granted, 'worker.update', false)).toBe(false);
  });

  it('passes several codes when any one is granted', () => {
    expect(hasAuthority(granted, ['worker.update', 'contract.approve'], false)).toBe(true);
    expect(hasAuthority(new Set(granted), ['worker.update', 'contract.approve'], false)).toBe(true);
    expect(hasAuthority(granted, ['worker.update', 'contract.reject'], false)).toBe(false);
  });
});
