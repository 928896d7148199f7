// One tenant of people at scale, shared by bench/employee-search.ts and bench/list-paging.ts:
// UNITS units (fan-out 6) each led by a head position, WORKERS workers with Vietnamese names
// spread over them (one in ten no longer working), CONTRACTS_EACH contracts each, all by
// INSERT … SELECT … FROM generate_series; an HR user (whole tenant) and a manager whose role's
// data scope is UNITS, holding the head position of the first branch (about half the tenant).
import { prepareDatabase } from '../../packages/server/src/bootstrap/prepare-database.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/open-database.ts';
import { createPasswordHasher } from '../../packages/server/src/services/iam/passwords/password-hasher.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../packages/server/src/testing/factories.ts';
import { rawClientOf } from './server-deps.ts';

const FAN_OUT = 6;

const SURNAMES = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ'];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Thu', 'Hữu', 'Ngọc', 'Đức', 'Thanh'];
const GIVEN = [
  'An',
  'Bình',
  'Châu',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hoa',
  'Khánh',
  'Lan',
  'Long',
  'Mai',
  'Nam',
  'Phúc',
  'Quân',
  'Thảo',
  'Trang',
  'Tuấn',
  'Vy',
  'Yến',
];

export interface Seeded {
  tenantId: string;
  hr: string;
  hrUserId: string;
  manager: string;
  managerUserId: string;
  branchId: string;
  workerId: string;
}

/**
 * A tenant of UNITS units (fan-out 6), a head position per unit leading it, WORKERS workers
 * with Vietnamese names spread over the units, CONTRACTS_EACH contracts each; an HR user (whole
 * tenant) and a manager holding the head position of the first branch (UNITS).
 */
export async function seedPeople(
  env: Record<string, string>,
  { WORKERS, CONTRACTS_EACH, UNITS }: { WORKERS: number; CONTRACTS_EACH: number; UNITS: number },
): Promise<Seeded> {
  const config = loadConfig(env);
  const db = await openDatabase(config.database);
  const passwords = await createPasswordHasher();
  await prepareDatabase({ config, db, passwords, print: () => undefined });
  const tenant = await makeTenant(db.orm, { code: 'bench_people' });
  const client = rawClientOf(db.orm);
  const t = tenant.id;
  await client.query(
    `INSERT INTO organization_units (tenant_id, id, code, name, type_code, parent_id, priority, status)
     SELECT $1::uuid, md5($1::text || i)::uuid, 'DV' || lpad(i::text, 6, '0'), 'Đơn vị ' || i, 'PHONG',
            CASE WHEN i = 0 THEN NULL ELSE md5($1::text || ((i - 1) / $2::int))::uuid END, i % 100, 'ACTIVE'
     FROM generate_series(0, $3::int - 1) AS i`,
    [t, FAN_OUT, UNITS],
  );
  await client.query(
    `INSERT INTO positions (tenant_id, id, code, name)
     SELECT $1::uuid, md5('p' || $1::text || i)::uuid, 'TP' || lpad(i::text, 6, '0'), 'Trưởng đơn vị ' || i
     FROM generate_series(0, $2::int - 1) AS i`,
    [t, UNITS],
  );
  await client.query(
    `INSERT INTO position_direct_units (tenant_id, position_id, organization_unit_id, ordinal)
     SELECT $1::uuid, md5('p' || $1::text || i)::uuid, md5($1::text || i)::uuid, 0
     FROM generate_series(0, $2::int - 1) AS i`,
    [t, UNITS],
  );
  await client.query(
    `INSERT INTO workers (tenant_id, id, code, full_name, gender, organization_unit_id, job_position_id,
                          working_status, email, phone, joined_date)
     SELECT $1::uuid, md5('w' || $1::text || j)::uuid, 'NV' || lpad(j::text, 7, '0'),
            ($3::text[])[1 + j % array_length($3::text[], 1)] || ' ' ||
            ($4::text[])[1 + (j / 7) % array_length($4::text[], 1)] || ' ' ||
            ($5::text[])[1 + (j / 13) % array_length($5::text[], 1)],
            CASE WHEN j % 2 = 0 THEN 'MALE' ELSE 'FEMALE' END, md5($1::text || (j % $2::int))::uuid,
            CASE WHEN j < $2::int THEN md5('p' || $1::text || j)::uuid END,
            CASE WHEN j % 10 = 9 THEN 'UNEMPLOYED' ELSE 'WORKING' END,
            'nv' || j || '@example.vn', '09' || lpad(j::text, 8, '0'),
            date '2016-01-01' + (j % 3650)
     FROM generate_series(0, $6::int - 1) AS j`,
    [t, UNITS, SURNAMES, MIDDLE, GIVEN, WORKERS],
  );
  await client.query(
    `INSERT INTO contract_types (tenant_id, id, code, name, salary_rate)
     VALUES ($1::uuid, md5('ct' || $1::text)::uuid, 'KXDTH', 'Không xác định thời hạn', 100)`,
    [t],
  );
  await client.query(
    `INSERT INTO labor_contracts (tenant_id, number, worker_id, contract_type_id, signing_date, effective_date,
                                  expiry_date, validity, salary)
     SELECT $1::uuid, lpad(j::text, 7, '0') || '-' || k || '/HĐLĐ', md5('w' || $1::text || j)::uuid,
            md5('ct' || $1::text)::uuid, date '2020-01-01' + (k * 365), date '2020-01-01' + (k * 365),
            CASE WHEN k < $3::int - 1 THEN date '2020-12-31' + (k * 365) END,
            CASE WHEN k < $3::int - 1 THEN 'EXPIRE' ELSE 'EFFECTIVE' END, 10000000 + k * 1000000
     FROM generate_series(0, $2::int - 1) AS j, generate_series(0, $3::int - 1) AS k`,
    [t, WORKERS, CONTRACTS_EACH],
  );
  for (const table of [
    'organization_units',
    'positions',
    'position_direct_units',
    'workers',
    'labor_contracts',
  ])
    await client.query(`VACUUM ANALYZE ${table}`);
  const permissions = ['worker.view', 'contract.view', 'reward.view', 'displacement.view'];
  const hr = await makeUser({ db: db.orm, passwords }, { tenantId: t, permissions });
  const manager = await makeUser({ db: db.orm, passwords }, { tenantId: t, permissions, dataScope: 'UNITS' });
  // the manager is worker 1, holding the head position of unit 1 (a branch under the company)
  await client.query(`UPDATE workers SET user_id = $2 WHERE id = md5('w' || $1::text || 1)::uuid`, [
    t,
    manager.user.id,
  ]);
  const idOf = async (query: string) => ((await client.query(query, [t])).rows[0] as { id: string }).id;
  const seeded = {
    tenantId: t,
    hr: await accessTokenFor(db.orm, hr.user),
    hrUserId: hr.user.id,
    manager: await accessTokenFor(db.orm, manager.user),
    managerUserId: manager.user.id,
    branchId: await idOf(`SELECT md5($1::text || 1)::uuid AS id`),
    workerId: await idOf(`SELECT md5('w' || $1::text || ${Math.min(4242, WORKERS - 1)})::uuid AS id`),
  };
  await db.close();
  return seeded;
}
