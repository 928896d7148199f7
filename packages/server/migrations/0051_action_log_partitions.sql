-- 0051 the action log partitioned by month (issue 28, docs/lists.md "The action log's retention").
-- Every write adds a row to action_logs and nothing ever removed one: the purge
-- (resources/action-log/retention.ts) now deletes what each tenant's retention
-- (actionLogRetentionMonths, System › Configuration) no longer keeps, and a month that is past
-- every tenant's retention and empty is dropped whole instead of vacuumed row by row.
--
-- The table is converted in place, with its rows: the old one renamed aside, the partitioned one
-- made under the old name with the same columns, defaults, foreign key, indexes, row-level
-- security policy and grants, the rows copied in, the old one dropped. Month partitions and the
-- DEFAULT partition are made by the functions of 0050 (hcm_partition_by_month,
-- hcm_ensure_month_partitions): months begin at midnight in Vietnam (+07), each partition carries
-- the tenant policy and hcm_app's grants as the parent does. One migration, one transaction on
-- PostgreSQL: a failure leaves the unpartitioned table as it was.
--
-- The key gains created_at (a partitioned table's keys must hold its partition key):
-- (tenant_id, created_at, id). id is still a random uuid no other row repeats; nothing refers
-- to an action-log row by key.

ALTER TABLE action_logs RENAME TO action_logs_unpartitioned;
--> statement-breakpoint
ALTER INDEX action_logs_pkey RENAME TO action_logs_unpartitioned_pkey;
--> statement-breakpoint
ALTER INDEX action_logs_created_at_idx RENAME TO action_logs_unpartitioned_created_at_idx;
--> statement-breakpoint
ALTER INDEX action_logs_record_idx RENAME TO action_logs_unpartitioned_record_idx;
--> statement-breakpoint
ALTER INDEX action_logs_record_history_idx RENAME TO action_logs_unpartitioned_record_history_idx;
--> statement-breakpoint
ALTER POLICY action_logs_tenant_isolation ON action_logs_unpartitioned RENAME TO action_logs_unpartitioned_tenant_isolation;
--> statement-breakpoint

CREATE TABLE action_logs (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid,
  resource varchar(100) NOT NULL,
  record_id varchar(100),
  action varchar(32) NOT NULL,
  changes jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip varchar(64),
  user_agent varchar(500),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT action_logs_pkey PRIMARY KEY (tenant_id, created_at, id)
) PARTITION BY RANGE (created_at);
--> statement-breakpoint
-- The log's own pages (System › Action log), newest first.
CREATE INDEX action_logs_created_at_idx ON action_logs (tenant_id, created_at DESC, id);
--> statement-breakpoint
CREATE INDEX action_logs_record_idx ON action_logs (tenant_id, resource, record_id);
--> statement-breakpoint
-- A record's change history (GET /{id}/history), newest first and keyset paged (0047).
CREATE INDEX action_logs_record_history_idx
  ON action_logs (tenant_id, resource, record_id, created_at DESC, id DESC);
--> statement-breakpoint
-- Row-level security and hcm_app's grants on the parent, and the DEFAULT partition, which keeps
-- any row of a month nobody made (never refused): hcm_ensure_month_partitions moves such rows
-- into their month when it makes it.
SELECT hcm_partition_by_month('action_logs');
--> statement-breakpoint
-- Any other grant the old table had (hcm_partition_by_month gives hcm_app its four), kept.
DO $$
DECLARE
  granted record;
BEGIN
  FOR granted IN
    SELECT grantee, string_agg(privilege_type, ', ') AS privileges
      FROM information_schema.role_table_grants
     WHERE table_schema = 'public' AND table_name = 'action_logs_unpartitioned'
       AND grantee <> (SELECT tableowner FROM pg_tables WHERE schemaname = 'public' AND tablename = 'action_logs_unpartitioned')
     GROUP BY grantee
  LOOP
    EXECUTE format('GRANT %s ON action_logs TO %I', granted.privileges, granted.grantee);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A partition for every month the log already holds (at most 36 a call, as the function allows),
-- and for this month and the next two, so that new entries land in their month from the start.
DO $$
DECLARE
  months date[];
  step integer := 36;
  i integer := 1;
BEGIN
  SELECT array_agg(DISTINCT month ORDER BY month)
    INTO months
    FROM (
      SELECT date_trunc('month', (created_at AT TIME ZONE 'UTC') + interval '7 hours')::date AS month
        FROM (
          SELECT created_at FROM action_logs_unpartitioned
          UNION ALL
          SELECT now() + make_interval(months => ahead) FROM generate_series(0, 2) AS ahead
        ) AS moments
    ) AS in_vietnam;
  WHILE i <= cardinality(months) LOOP
    PERFORM hcm_ensure_month_partitions('action_logs', months[i:i + step - 1]);
    i := i + step;
  END LOOP;
END
$$;
--> statement-breakpoint
INSERT INTO action_logs (tenant_id, id, user_id, resource, record_id, action, changes, ip, user_agent, created_at)
  SELECT tenant_id, id, user_id, resource, record_id, action, changes, ip, user_agent, created_at
    FROM action_logs_unpartitioned;
--> statement-breakpoint
DROP TABLE action_logs_unpartitioned;
--> statement-breakpoint

-- Drops the month partitions of `parent` that end on or before `before` and hold no row, and
-- returns how many it dropped: the purge's last step, once the rows past every tenant's
-- retention are deleted. Called by the owner (never granted to hcm_app). The owner reads past
-- the tenant policy on a partition it is about to drop (FORCE lifted for the look, put back when
-- the month still holds rows; DDL is transactional, so no other session sees it lifted).
CREATE FUNCTION hcm_drop_empty_month_partitions(parent regclass, before timestamptz) RETURNS integer
LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
DECLARE
  bare text := (SELECT relname FROM pg_class WHERE oid = parent);
  part text;
  month_end timestamptz;
  holds boolean;
  dropped integer := 0;
BEGIN
  FOR part IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = parent AND c.relname ~ ('^' || bare || '_[0-9]{4}_[0-9]{2}$')
     ORDER BY 1
  LOOP
    month_end := (to_date(right(part, 7), 'YYYY_MM') + interval '1 month')::date::text || ' 00:00:00+07';
    CONTINUE WHEN month_end > before;
    EXECUTE format('ALTER TABLE %I NO FORCE ROW LEVEL SECURITY', part);
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM ONLY %I)', part) INTO holds;
    IF holds THEN
      EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', part);
    ELSE
      EXECUTE format('DROP TABLE %I', part);
      dropped := dropped + 1;
    END IF;
  END LOOP;
  RETURN dropped;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION hcm_drop_empty_month_partitions(regclass, timestamptz) FROM PUBLIC;
