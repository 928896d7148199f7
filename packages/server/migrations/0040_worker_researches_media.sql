-- 0040 two more of an employee's lists (catalogues §2.1 "researches, media information"; the
-- spec names them only): the research works they took part in (title, their role, the level of
-- the work, from and to, the result of its acceptance) and the channels they can be reached on
-- beyond phone and e-mail (Zalo, Facebook, LinkedIn…: a kind and an address), kept in order as
-- the other child lists of 0031 are.
CREATE TABLE worker_researches (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  worker_id uuid NOT NULL,
  position smallint NOT NULL,
  title varchar(255) NOT NULL,
  role varchar(100),
  level varchar(100),
  from_date date,
  to_date date,
  result varchar(255),
  CONSTRAINT worker_researches_pkey PRIMARY KEY (tenant_id, worker_id, position),
  CONSTRAINT worker_researches_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT worker_researches_dates_check CHECK (to_date IS NULL OR from_date IS NULL OR to_date >= from_date)
);
--> statement-breakpoint
CREATE TABLE worker_media (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  worker_id uuid NOT NULL,
  position smallint NOT NULL,
  kind varchar(16) NOT NULL,
  address varchar(255) NOT NULL,
  CONSTRAINT worker_media_pkey PRIMARY KEY (tenant_id, worker_id, position),
  CONSTRAINT worker_media_worker_fkey FOREIGN KEY (tenant_id, worker_id)
    REFERENCES workers (tenant_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
SELECT hcm_secure_tenant_table('worker_researches');
--> statement-breakpoint
SELECT hcm_secure_tenant_table('worker_media');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON worker_researches, worker_media TO hcm_app;
