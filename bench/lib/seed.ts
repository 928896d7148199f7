import { prepareDatabase } from '../../packages/server/src/bootstrap/prepare-database.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import type { Database } from '../../packages/server/src/db/database.ts';
import { openDatabase } from '../../packages/server/src/db/open-database.ts';
import { createPasswordHasher } from '../../packages/server/src/services/iam/passwords/password-hasher.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../packages/server/src/testing/factories.ts';
import { rawClientOf } from './server-deps.ts';

export interface Seeded {
  db: Database;
  tenantIds: string[];
  userId: string;
  token: string;
}

const NAMES = ['Kỹ sư', 'Chuyên viên', 'Trưởng phòng', 'Nhân viên', 'Giám đốc'];

/**
 * Migrates the database the server will use, then adds `tenants` tenants of `rows` job titles
 * each (one INSERT ... SELECT FROM generate_series per tenant, as the owner) and a user of the
 * first tenant holding every job_title permission. Leaves the database open for raw timings.
 */
export async function seed(env: Record<string, string>, tenants: number, rows: number): Promise<Seeded> {
  const config = loadConfig(env);
  const db = await openDatabase(config.database);
  const passwords = await createPasswordHasher();
  await prepareDatabase({ config, db, passwords, print: () => undefined });
  const client = rawClientOf(db.orm);
  const tenantIds: string[] = [];
  for (let t = 0; t < tenants; t++) {
    const tenant = await makeTenant(db.orm, { code: `bench_${t}` });
    tenantIds.push(tenant.id);
    await client.query(
      `INSERT INTO job_titles (tenant_id, code, name, description, priority, status)
       SELECT $1::uuid, 'JT_' || lpad(i::text, 7, '0'), ($2::text[])[1 + i % 5] || ' ' || i,
              'Mô tả chức danh ' || i, i % 1000, CASE WHEN i % 10 = 0 THEN 'INACTIVE' ELSE 'ACTIVE' END
       FROM generate_series(1, $3::int) AS i`,
      [tenant.id, NAMES, rows],
    );
  }
  await client.query('VACUUM ANALYZE job_titles');
  const actions = ['view', 'create', 'update', 'delete', 'export'];
  const { user } = await makeUser(
    { db: db.orm, passwords },
    { tenantId: tenantIds[0], permissions: actions.map((a) => `job_title.${a}`) },
  );
  return { db, tenantIds, userId: user.id, token: await accessTokenFor(db.orm, user) };
}
