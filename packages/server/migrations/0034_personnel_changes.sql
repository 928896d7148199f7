-- 0034 personnel changes (Organisation › Position assignments, Quit job, Reward, Discipline,
-- Benefit, Salary review): the decisions that change an employee's record. Their shared columns
-- (the employee, the decision, the approval status, when it was applied) are made by one
-- function, as the categories' are (0009); each kind then adds its own. A decision is applied on
-- its effective date once APPROVED (services/om/personnel-changes/apply-due-changes.ts).
--
-- The employee gains the pay a salary review moves: grade, coefficient and salary.
ALTER TABLE workers
  ADD COLUMN salary_grade_id uuid,
  ADD COLUMN salary_coefficient numeric(6, 2),
  ADD COLUMN salary numeric(18, 2),
  ADD CONSTRAINT workers_salary_grade_fkey FOREIGN KEY (tenant_id, salary_grade_id)
    REFERENCES salary_grades (tenant_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT workers_salary_check CHECK (salary >= 0 AND salary_coefficient >= 0);
--> statement-breakpoint
-- decision_number is required by every kind but the benefits (`decision_required`)
CREATE OR REPLACE FUNCTION hcm_create_personnel_change_table(name text, decision_required boolean DEFAULT true)
RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
  IF name !~ '^[a-z][a-z0-9_]*$' THEN
    RAISE EXCEPTION 'hcm_create_personnel_change_table: % is not a lower-case table name', name;
  END IF;
  EXECUTE format($sql$
    CREATE TABLE %1$I (
      tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      worker_id uuid NOT NULL,
      decision_number varchar(100),
      decision_date date,
      effective_date date NOT NULL,
      approval_status varchar(16) NOT NULL DEFAULT 'NEW',
      applied_at timestamptz,
      reason varchar(1000),
      version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid,
      last_modified_at timestamptz NOT NULL DEFAULT now(),
      last_modified_by uuid,
      CONSTRAINT %2$I PRIMARY KEY (tenant_id, id),
      CONSTRAINT %3$I CHECK (approval_status IN
        ('NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED', 'REJECTED', 'CANCELED')),
      CONSTRAINT %4$I CHECK (position(E'\\' in decision_number) = 0),
      CONSTRAINT %5$I CHECK (version >= 1),
      -- only an approved decision is ever applied
      CONSTRAINT %6$I CHECK (applied_at IS NULL OR approval_status = 'APPROVED'),
      -- an employee named by a decision cannot be deleted (409)
      CONSTRAINT %7$I FOREIGN KEY (tenant_id, worker_id)
        REFERENCES workers (tenant_id, id) ON DELETE RESTRICT
    )$sql$,
    name, name || '_pkey', name || '_approval_status_check', name || '_decision_number_check',
    name || '_version_check', name || '_applied_check', name || '_worker_fkey');
  IF decision_required THEN
    EXECUTE format('ALTER TABLE %I ALTER COLUMN decision_number SET NOT NULL', name);
  END IF;
  -- the default sort, a worker's history, the list's approval tabs
  EXECUTE format('CREATE INDEX %I ON %I (tenant_id, effective_date DESC, id)', name || '_effective_idx', name);
  EXECUTE format('CREATE INDEX %I ON %I (tenant_id, worker_id, effective_date)', name || '_worker_idx', name);
  EXECUTE format('CREATE INDEX %I ON %I (tenant_id, approval_status)', name || '_approval_idx', name);
  -- what the daily sweep looks for: approved and not yet applied
  EXECUTE format('CREATE INDEX %I ON %I (effective_date) WHERE approval_status = ''APPROVED'' AND applied_at IS NULL',
    name || '_due_idx', name);
  EXECUTE format('CREATE INDEX %I ON %I USING gin (tenant_id, decision_number gin_trgm_ops)',
    name || '_keyword_idx', name);
  PERFORM hcm_secure_tenant_table(name::regclass);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO hcm_app', name);
  EXECUTE format('GRANT SELECT ON %I TO hcm_search', name);
  EXECUTE format('CREATE POLICY %I ON %I FOR SELECT TO hcm_search USING (true)', name || '_keyword_search', name);
END
$$;
--> statement-breakpoint
SELECT hcm_create_personnel_change_table('displacements');
--> statement-breakpoint
ALTER TABLE displacements
  ADD COLUMN assignment_type varchar(16) NOT NULL DEFAULT 'TRANSFER',
  ADD COLUMN from_unit_id uuid,
  ADD COLUMN from_position_id uuid,
  ADD COLUMN from_job_title_id uuid,
  ADD COLUMN to_unit_id uuid NOT NULL,
  ADD COLUMN to_position_id uuid,
  ADD COLUMN to_job_title_id uuid,
  ADD CONSTRAINT displacements_type_check CHECK (assignment_type IN ('TRANSFER', 'APPOINTMENT', 'DISMISSAL')),
  ADD CONSTRAINT displacements_from_unit_fkey FOREIGN KEY (tenant_id, from_unit_id)
    REFERENCES organization_units (tenant_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT displacements_to_unit_fkey FOREIGN KEY (tenant_id, to_unit_id)
    REFERENCES organization_units (tenant_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT displacements_from_position_fkey FOREIGN KEY (tenant_id, from_position_id)
    REFERENCES positions (tenant_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT displacements_to_position_fkey FOREIGN KEY (tenant_id, to_position_id)
    REFERENCES positions (tenant_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT displacements_from_job_title_fkey FOREIGN KEY (tenant_id, from_job_title_id)
    REFERENCES job_titles (tenant_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT displacements_to_job_title_fkey FOREIGN KEY (tenant_id, to_job_title_id)
    REFERENCES job_titles (tenant_id, id) ON DELETE RESTRICT;
--> statement-breakpoint
CREATE INDEX displacements_to_unit_idx ON displacements (tenant_id, to_unit_id);
--> statement-breakpoint
SELECT hcm_create_personnel_change_table('resignations');
--> statement-breakpoint
ALTER TABLE resignations
  ADD COLUMN handover_worker_id uuid,
  ADD COLUMN handover_note varchar(1000),
  ADD CONSTRAINT resignations_handover_fkey FOREIGN KEY (tenant_id, handover_worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT resignations_handover_check CHECK (handover_worker_id <> worker_id);
--> statement-breakpoint
SELECT hcm_create_personnel_change_table('rewards');
--> statement-breakpoint
ALTER TABLE rewards
  ADD COLUMN reward_type_id uuid NOT NULL,
  ADD COLUMN form varchar(200),
  ADD COLUMN amount numeric(18, 2),
  ADD CONSTRAINT rewards_type_fkey FOREIGN KEY (tenant_id, reward_type_id)
    REFERENCES reward_types (tenant_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT rewards_amount_check CHECK (amount >= 0);
--> statement-breakpoint
SELECT hcm_create_personnel_change_table('disciplines');
--> statement-breakpoint
ALTER TABLE disciplines
  ADD COLUMN discipline_type_id uuid NOT NULL,
  ADD COLUMN form varchar(200),
  ADD COLUMN amount numeric(18, 2),
  ADD COLUMN expiry_date date,
  ADD CONSTRAINT disciplines_type_fkey FOREIGN KEY (tenant_id, discipline_type_id)
    REFERENCES discipline_types (tenant_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT disciplines_amount_check CHECK (amount >= 0),
  ADD CONSTRAINT disciplines_dates_check CHECK (expiry_date IS NULL OR expiry_date >= effective_date);
--> statement-breakpoint
SELECT hcm_create_personnel_change_table('benefits', false);
--> statement-breakpoint
ALTER TABLE benefits
  ADD COLUMN name varchar(200) NOT NULL,
  ADD COLUMN amount numeric(18, 2) NOT NULL,
  ADD CONSTRAINT benefits_amount_check CHECK (amount >= 0);
--> statement-breakpoint
SELECT hcm_create_personnel_change_table('salary_reviews');
--> statement-breakpoint
ALTER TABLE salary_reviews
  ADD COLUMN from_salary_grade_id uuid,
  ADD COLUMN to_salary_grade_id uuid,
  ADD COLUMN from_coefficient numeric(6, 2),
  ADD COLUMN to_coefficient numeric(6, 2),
  ADD COLUMN from_salary numeric(18, 2),
  ADD COLUMN to_salary numeric(18, 2),
  ADD CONSTRAINT salary_reviews_from_grade_fkey FOREIGN KEY (tenant_id, from_salary_grade_id)
    REFERENCES salary_grades (tenant_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT salary_reviews_to_grade_fkey FOREIGN KEY (tenant_id, to_salary_grade_id)
    REFERENCES salary_grades (tenant_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT salary_reviews_amounts_check CHECK (
    from_coefficient >= 0 AND to_coefficient >= 0 AND from_salary >= 0 AND to_salary >= 0),
  -- a review moves something
  ADD CONSTRAINT salary_reviews_moves_check CHECK (
    to_salary_grade_id IS NOT NULL OR to_coefficient IS NOT NULL OR to_salary IS NOT NULL);
