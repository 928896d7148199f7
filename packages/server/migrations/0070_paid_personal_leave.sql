-- 0070 paid personal leave (issue 31, docs/leave.md "Paid personal leave"): the Labour Code 2019
-- art. 115(1) days — the worker's own marriage 3 days, a child's marriage 1 day, the death of a
-- parent (or a spouse's parent), the spouse or a child 3 days, all paid — get a timesheet reason of
-- their own, PAID_PERSONAL (symbol R, "nghỉ việc riêng có lương"), instead of being written as
-- annual leave (P). The symbol is the tenant's data (tm_timekeeping_settings, 0064): a version
-- stored before this key reads its seeded R (storedVersionSymbols, @hcm/contracts/timekeeping-config).

ALTER TABLE leave_types DROP CONSTRAINT leave_types_timesheet_reason_check;
--> statement-breakpoint
ALTER TABLE leave_types
  ADD CONSTRAINT leave_types_timesheet_reason_check CHECK (timesheet_reason IN ('ANNUAL_LEAVE', 'SICK',
    'CHILD_SICK', 'MATERNITY', 'WORK_ACCIDENT', 'MEETING_STUDY', 'COMPENSATORY', 'PAID_PERSONAL',
    'UNPAID_LEAVE', 'STOPPED_WORK', 'LABOUR_DUTY'));
--> statement-breakpoint
-- The tenants' seeded marriage and bereavement types (seed-data/om/leave-types.json's codes) as
-- 0065 left them: paid, written as annual leave, not drawing on the annual balance. A type the
-- tenant made, or one whose settings HR changed since (another reason, the balance, unpaid), is
-- left as it is. The row policy is forced even for the owner: each tenant's scope is set in
-- turn, and cleared after. Days already computed keep P until they are computed again.
DO $$
DECLARE
  t uuid;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t::text, true);
    UPDATE leave_types SET timesheet_reason = 'PAID_PERSONAL'
     WHERE tenant_id = t AND code IN ('MARRIAGE_LEAVE', 'CHILD_MARRIAGE_LEAVE', 'BEREAVEMENT_LEAVE')
       AND timesheet_reason = 'ANNUAL_LEAVE' AND NOT uses_annual_balance AND paid;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;
