-- 0041 each user's notifications (core §2 "Notification bell", §3 "Notification", §7): what one
-- person was told, when, whether they have read it, and where it leads. A notification to many
-- people is a row for each of them, so that reading it is personal and the unread count is one
-- index scan. send_at may lie ahead (a notification HR schedules): the inbox shows a row only
-- once its time has come.
CREATE TABLE user_notifications (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title varchar(200) NOT NULL,
  content varchar(2000),
  attached_link varchar(1000),
  event_type varchar(50),
  send_at timestamptz NOT NULL DEFAULT now(),
  is_read boolean NOT NULL DEFAULT false,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_notifications_pkey PRIMARY KEY (tenant_id, id),
  CONSTRAINT user_notifications_read_check CHECK (is_read = (read_at IS NOT NULL))
);
--> statement-breakpoint
-- the inbox, newest first (the default sort), and its oldest-first sort by the same index
CREATE INDEX user_notifications_inbox_idx ON user_notifications (tenant_id, user_id, send_at DESC, id DESC);
--> statement-breakpoint
-- the badge, polled every 20 s by every open page: only the unread rows are in it
CREATE INDEX user_notifications_unread_idx ON user_notifications (tenant_id, user_id, send_at)
  WHERE NOT is_read;
--> statement-breakpoint
SELECT hcm_secure_tenant_table('user_notifications');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON user_notifications TO hcm_app;
