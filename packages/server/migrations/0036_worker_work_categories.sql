-- 0036 worker statistics (issue 11 item 7): an employee's nature of work and subject of labour,
-- two categories of Admin › Categories the head-count charts count by.
ALTER TABLE workers ADD COLUMN nature_of_work_id uuid,
  ADD COLUMN subject_of_labor_id uuid,
  ADD CONSTRAINT workers_nature_of_work_fkey FOREIGN KEY (tenant_id, nature_of_work_id)
    REFERENCES natures_of_work (tenant_id, id) ON DELETE RESTRICT,
  ADD CONSTRAINT workers_subject_of_labor_fkey FOREIGN KEY (tenant_id, subject_of_labor_id)
    REFERENCES subjects_of_labor (tenant_id, id) ON DELETE RESTRICT;
--> statement-breakpoint
CREATE INDEX workers_nature_of_work_idx ON workers (tenant_id, nature_of_work_id);
--> statement-breakpoint
CREATE INDEX workers_subject_of_labor_idx ON workers (tenant_id, subject_of_labor_id);
--> statement-breakpoint
-- the monthly fluctuation counts joiners by their joining date
CREATE INDEX workers_joined_date_idx ON workers (tenant_id, joined_date);
