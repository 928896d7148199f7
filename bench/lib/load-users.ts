// Many signed-in users of one tenant for the load benchmark (bench/everyday-load.ts): copies of
// the tenant's HR user, each with its own session and access token, sharing its role.
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/open-database.ts';
import { ensureSigningKey } from '../../packages/server/src/services/iam/tokens/signing-key.ts';
import { createTokenSigner } from '../../packages/server/src/services/iam/tokens/token-signer.ts';
import { rawClientOf } from './server-deps.ts';

/** Long enough for every level of a run: a token that expired mid-run would count as errors. */
const TOKEN_SECONDS = 4 * 3600;

export interface LoadUsers {
  tokens: string[];
  rewardTypeId: string;
  workerIds: string[];
}

/**
 * `count` users copied from `templateUserId` (same tenant, role and data scope), the role given
 * `extraPermissions` too, each with a live session and an access token; a reward type for the
 * mix's rewards, and a sample of worker ids for its detail pages.
 */
export async function addLoadUsers(
  env: Record<string, string>,
  templateUserId: string,
  count: number,
  extraPermissions: readonly string[],
): Promise<LoadUsers> {
  const db = await openDatabase(loadConfig(env).database);
  const client = rawClientOf(db.orm);
  try {
    const rows = (await client.query(
      `INSERT INTO users (tenant_id, username, full_name, password_hash, user_level, status)
       SELECT u.tenant_id, 'load_' || i, 'Người dùng tải ' || i, u.password_hash, u.user_level, 'ACTIVE'
       FROM users u, generate_series(1, $2::int) AS i WHERE u.id = $1::uuid
       RETURNING id, tenant_id`,
      [templateUserId, count],
    )) as { rows: { id: string; tenant_id: string }[] };
    const tenantId = rows.rows[0]?.tenant_id;
    if (!tenantId) throw new Error('the template user was not found');
    await client.query(
      `INSERT INTO user_roles (tenant_id, user_id, role_id)
       SELECT ur.tenant_id, n.id, ur.role_id FROM user_roles ur, unnest($2::uuid[]) AS n(id)
       WHERE ur.user_id = $1::uuid`,
      [templateUserId, rows.rows.map((r) => r.id)],
    );
    await client.query(
      `INSERT INTO role_permissions (tenant_id, role_id, permission)
       SELECT ur.tenant_id, ur.role_id, p FROM user_roles ur, unnest($2::text[]) AS p
       WHERE ur.user_id = $1::uuid ON CONFLICT DO NOTHING`,
      [templateUserId, extraPermissions],
    );
    const signer = createTokenSigner(await ensureSigningKey(db.orm), TOKEN_SECONDS);
    const tokens: string[] = [];
    for (const user of rows.rows) {
      const sessionId = randomUUID();
      await client.query(
        `INSERT INTO sessions (id, user_id, tenant_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
        [sessionId, user.id, tenantId],
      );
      tokens.push(await signer.signAccessToken({ userId: user.id, tenantId, sessionId }));
    }
    const existing = (await client.query(`SELECT id FROM reward_types WHERE tenant_id = $1 LIMIT 1`, [
      tenantId,
    ])) as { rows: { id: string }[] };
    const rewardTypeId =
      existing.rows[0]?.id ??
      (
        (await client.query(
          `INSERT INTO reward_types (tenant_id, code, name) VALUES ($1, 'KT_TAI', 'Khen thưởng (tải)') RETURNING id`,
          [tenantId],
        )) as { rows: { id: string }[] }
      ).rows[0]?.id;
    if (!rewardTypeId) throw new Error('no reward type');
    const workers = (await client.query(
      `SELECT id FROM workers WHERE tenant_id = $1 ORDER BY md5(id::text) LIMIT 500`,
      [tenantId],
    )) as { rows: { id: string }[] };
    // one statement each: PGlite's query takes one
    for (const table of ['users', 'user_roles', 'sessions', 'role_permissions'])
      await client.query(`ANALYZE ${table}`);
    return { tokens, rewardTypeId, workerIds: workers.rows.map((w) => w.id) };
  } finally {
    await db.close();
  }
}
