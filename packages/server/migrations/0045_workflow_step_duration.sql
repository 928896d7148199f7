-- 0045 Approval steps measured in minutes, hours, days or working days (issue 27): a step's SLA
-- was whole minutes from 1 to 999 (16.6 hours), so "two working days" could not be said. A
-- step now keeps its amount and unit (MINUTES up to 43 200, HOURS up to 720, DAYS up to 30,
-- WORKING_DAYS up to 30: at least 30 days in every unit) and, beside them, sla_time: the same
-- duration in milliseconds on the calendar (a working day counted as one day), which the
-- workflow assignment form previews with. 30 days in milliseconds pass 2^31: sla_time becomes
-- bigint. Existing steps keep their meaning: their minutes (sla_time / 60 000) in MINUTES.
-- The contracts hold the same limits (shared/contracts/src/modules/workflow-templates.ts).
ALTER TABLE workflow_template_steps DROP CONSTRAINT workflow_template_steps_sla_time_check;
--> statement-breakpoint
ALTER TABLE workflow_template_steps ALTER COLUMN sla_time TYPE bigint;
--> statement-breakpoint
ALTER TABLE workflow_template_steps ALTER COLUMN sla_time DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE workflow_template_steps ADD COLUMN sla_unit varchar(16) NOT NULL DEFAULT 'MINUTES';
--> statement-breakpoint
ALTER TABLE workflow_template_steps ADD COLUMN sla_amount integer;
--> statement-breakpoint
-- the owner reads every tenant's rows only without FORCE (an owner that is not a superuser)
ALTER TABLE workflow_template_steps NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE workflow_template_steps SET sla_amount = sla_time / 60000;
--> statement-breakpoint
ALTER TABLE workflow_template_steps FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE workflow_template_steps ALTER COLUMN sla_amount SET NOT NULL;
--> statement-breakpoint
ALTER TABLE workflow_template_steps ADD CONSTRAINT workflow_template_steps_sla_unit_check
  CHECK (sla_unit IN ('MINUTES', 'HOURS', 'DAYS', 'WORKING_DAYS'));
--> statement-breakpoint
-- The amount within the largest unit's (43 200 minutes); each unit's own largest (30 days) is the
-- server's error at steps[i].slaAmount, and binds sla_time here: the server writes sla_time with
-- every step it saves (a step is saved once without it while a template is being created).
ALTER TABLE workflow_template_steps ADD CONSTRAINT workflow_template_steps_sla_amount_check
  CHECK (sla_amount BETWEEN 1 AND 43200);
--> statement-breakpoint
ALTER TABLE workflow_template_steps ADD CONSTRAINT workflow_template_steps_sla_time_check CHECK (
  sla_time IS NULL OR (sla_time <= 2592000000 AND sla_time = sla_amount::bigint
    * CASE sla_unit WHEN 'MINUTES' THEN 60000 WHEN 'HOURS' THEN 3600000 ELSE 86400000 END));
--> statement-breakpoint
-- The running steps' snapshots: the unit and amount they were made with (null amount: a step
-- snapshotted before this migration, whose sla_time is its minutes on the calendar).
ALTER TABLE approval_steps ALTER COLUMN sla_time TYPE bigint;
--> statement-breakpoint
ALTER TABLE approval_steps ADD COLUMN sla_unit varchar(16) NOT NULL DEFAULT 'MINUTES';
--> statement-breakpoint
ALTER TABLE approval_steps ADD COLUMN sla_amount integer;
