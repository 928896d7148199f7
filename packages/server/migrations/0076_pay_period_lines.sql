-- 0076 result lines belong to pay periods (issue 32 item 7, docs/payroll-periods.md "The model").
--
-- 1. payroll_result_lines.run_id names a pay period (0075), no longer a salary period: the bulk
--    writer's lock (services/payroll/tables/result-lines.ts `lockedBy`) moves to pay_periods, and a
--    salary period is approved only once its sheets are (services/pm/salary-periods). Lines
--    written before this migration named their salary period: each such salary period gets a
--    sheet with ITS OWN id (no line changes), its code and name, computed, in the salary period's
--    approval status, with the workers its lines name. Such a sheet has no template: it is
--    reviewed, approved and deleted like any other, not computed again.
-- 2. A component of type TEXT, ENUM or DATE keeps its value as text (value_type TEXT, text_value).
-- 3. 0052's trigger deleting a salary period's lines goes: a salary period with sheets is not
--    deleted (0075's restricting key), and a sheet deleted takes its lines (0075's trigger).

ALTER TABLE payroll_result_lines ADD COLUMN text_value varchar(200);
--> statement-breakpoint
ALTER TABLE payroll_result_lines DROP CONSTRAINT payroll_result_lines_value_check;
--> statement-breakpoint
ALTER TABLE payroll_result_lines ADD CONSTRAINT payroll_result_lines_value_check CHECK (
  (value_type = 'AMOUNT' AND amount IS NOT NULL AND quantity IS NULL AND text_value IS NULL)
  OR (value_type = 'NUMBER' AND quantity IS NOT NULL AND amount IS NULL AND text_value IS NULL)
  OR (value_type = 'TEXT' AND text_value IS NOT NULL AND amount IS NULL AND quantity IS NULL));
--> statement-breakpoint
DROP TRIGGER salary_periods_lines_cascade ON salary_periods;
--> statement-breakpoint
DROP FUNCTION hcm_delete_salary_period_lines();
--> statement-breakpoint
-- The row policies are forced even for the owner: each tenant's scope is set in turn, and cleared after.
DO $$
DECLARE
  t uuid;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t::text, true);
    INSERT INTO pay_periods (tenant_id, id, code, name, salary_period_id, period_month, description,
                             compute_status, computed_at, approval_status, workers_total, workers_done,
                             created_at, created_by, last_modified_at, last_modified_by)
    SELECT s.tenant_id, s.id, s.code, s.name, s.id, s.period_month, s.description,
           'COMPUTED', s.last_modified_at, s.approval_status, l.workers, l.workers,
           s.created_at, s.created_by, s.last_modified_at, s.last_modified_by
      FROM salary_periods s
      JOIN (SELECT period_month, run_id, count(DISTINCT worker_id)::int AS workers
              FROM payroll_result_lines WHERE tenant_id = t GROUP BY period_month, run_id) l
        ON l.run_id = s.id AND l.period_month = s.period_month
     WHERE s.tenant_id = t;
    INSERT INTO pay_period_workers (tenant_id, pay_period_id, worker_id, organization_unit_id,
                                    unit_code, unit_name, worker_code, full_name, status, computed_at)
    SELECT p.tenant_id, p.id, w.id, w.organization_unit_id, coalesce(u.code, ''), coalesce(u.name, ''),
           w.code, w.full_name, 'OK', p.computed_at
      FROM pay_periods p
      JOIN (SELECT DISTINCT period_month, run_id, worker_id
              FROM payroll_result_lines WHERE tenant_id = t) l
        ON l.run_id = p.id AND l.period_month = p.period_month
      JOIN workers w ON w.tenant_id = p.tenant_id AND w.id = l.worker_id
      LEFT JOIN organization_units u ON u.tenant_id = w.tenant_id AND u.id = w.organization_unit_id
     WHERE p.tenant_id = t;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;
