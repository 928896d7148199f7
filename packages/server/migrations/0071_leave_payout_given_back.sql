-- 0071 a leaver's payout given back (issue 31, docs/leave.md "A resignation canceled or moved
-- after its payout"): when the resignation a PAID_OUT entry was written for is no longer approved
-- with that last day, the daily leave run gives the payout back — a positive PAID_OUT of the same
-- number, on the payout's own day — and, once given back, a new payout for a new last day may be
-- written. The ledger stays insert-only: nothing is updated or deleted by the product.

-- The worker's payouts of a year are numbered from 1; a payout and the entry giving it back share
-- the number.
ALTER TABLE tm_leave_ledger ADD COLUMN payout_no smallint;
--> statement-breakpoint
-- The payouts already written are each their worker's first of the year (0065's key: one a year).
-- The row policy is forced even for the owner: each tenant's scope is set in turn, and cleared
-- after.
DO $$
DECLARE
  t uuid;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t::text, true);
    UPDATE tm_leave_ledger SET payout_no = 1 WHERE tenant_id = t AND kind = 'PAID_OUT';
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;
--> statement-breakpoint
ALTER TABLE tm_leave_ledger
  ADD CONSTRAINT tm_leave_ledger_payout_no_check CHECK ((kind = 'PAID_OUT') = (payout_no IS NOT NULL)
    AND (payout_no IS NULL OR payout_no >= 1));
--> statement-breakpoint
-- A PAID_OUT is negative, or positive when it gives back the payout of its number (the key below
-- keeps one of each); the other kinds as 0065 said.
ALTER TABLE tm_leave_ledger DROP CONSTRAINT tm_leave_ledger_sign_check;
--> statement-breakpoint
ALTER TABLE tm_leave_ledger
  ADD CONSTRAINT tm_leave_ledger_sign_check CHECK (CASE kind WHEN 'ACCRUED' THEN amount > 0
    WHEN 'CARRIED_OVER' THEN amount > 0 WHEN 'ADJUSTED' THEN amount <> 0
    WHEN 'TAKEN' THEN amount < 0 OR (amount > 0 AND document_id IS NOT NULL)
    WHEN 'PAID_OUT' THEN amount <> 0 ELSE amount < 0 END);
--> statement-breakpoint
-- 0065's one payout per worker and year becomes one payout per worker, year and number, and at most
-- one entry giving it back: a rerun writes nothing twice, and a payout given back lets the next one
-- (number + 1) be written.
DROP INDEX tm_leave_ledger_paid_out_key;
--> statement-breakpoint
CREATE UNIQUE INDEX tm_leave_ledger_paid_out_key ON tm_leave_ledger (tenant_id, worker_id, year, payout_no, (amount > 0))
  WHERE kind = 'PAID_OUT';
--> statement-breakpoint
-- What the daily run reads to find the settlements of leavers no longer leaving on that day: the
-- payouts and the adjustments (HR's, the months', the leavers' pro rata), few beside the accruals
-- and the leave taken.
CREATE INDEX tm_leave_ledger_settlement_idx ON tm_leave_ledger (tenant_id, year)
  WHERE kind IN ('PAID_OUT', 'ADJUSTED');
