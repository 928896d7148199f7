import pg from 'pg';

/** The user a notification goes to. */
export interface Recipient {
  id: string;
  tenantId: string;
}

/**
 * Sends a notification as another server process would (services/notification/
 * send-notifications.ts): a row in the database and, with `push`, a NOTIFY on its channel. To
 * the portal under test that is exactly another process; it needs a database two processes can
 * share, so PostgreSQL.
 */
export async function notifyAsAnotherProcess(
  databaseUrl: string,
  to: Recipient,
  title: string,
  attachedLink: string | null,
  push: boolean,
): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('BEGIN');
    const { rows } = await db.query<{ id: string; send_at: Date }>(
      `INSERT INTO user_notifications (tenant_id, user_id, title, attached_link)
       VALUES ($1, $2, $3, $4) RETURNING id, send_at`,
      [to.tenantId, to.id, title, attachedLink],
    );
    const row = rows[0] as { id: string; send_at: Date };
    if (push) {
      const notification = {
        id: row.id,
        title,
        content: null,
        attachedLink,
        eventType: null,
        sendAt: row.send_at.toISOString(),
        isRead: false,
      };
      await db.query('SELECT pg_notify($1, $2)', [
        'hcm_notifications',
        JSON.stringify({ tenantId: to.tenantId, deliveries: [{ userId: to.id, notification }] }),
      ]);
    }
    await db.query('COMMIT');
  } finally {
    await db.end();
  }
}

/**
 * A user of the same tenant as `like`, signing in with the same password, added as another
 * process (an administrator's import) would: a story whose assertions need a user nobody else
 * touches (an inbox no other story sends to) signs in as one of its own.
 */
export async function addUserAsAnotherProcess(
  databaseUrl: string,
  like: { username: string; password: string },
  username: string,
  fullName: string,
): Promise<{ username: string; password: string; fullName: string }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rowCount } = await db.query(
      `INSERT INTO users (tenant_id, username, full_name, password_hash, user_level, status)
       SELECT tenant_id, $2, $3, password_hash, user_level, 'ACTIVE' FROM users WHERE username = $1`,
      [like.username, username, fullName],
    );
    if (rowCount !== 1) throw new Error(`no user ${like.username} to copy`);
  } finally {
    await db.end();
  }
  return { username, password: like.password, fullName };
}
