import { SEEDED_SYMBOLS } from '@hcm/contracts/timekeeping-config';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { resolveServerPaths } from '../../../paths.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant } from '../../../testing/factories.ts';
import { refusal, rows } from '../../../testing/migrated-database.ts';
import { emptyDatabase, migrationsBefore } from '../../../testing/stepwise-migration.ts';
import { storedTimekeepingSettings } from '../../tm/config/settings-in-force.ts';

const MIGRATION = '0070_paid_personal_leave';

interface LeaveType {
  code: string;
  paid: boolean;
  reason: string;
  balance: boolean;
}

/** The seeded leave types as migration 0065 left them (seed-data/om/leave-types.json then). */
const AS_0065_LEFT: LeaveType[] = [
  { code: 'ANNUAL_LEAVE', paid: true, reason: 'ANNUAL_LEAVE', balance: true },
  { code: 'MARRIAGE_LEAVE', paid: true, reason: 'ANNUAL_LEAVE', balance: false },
  { code: 'CHILD_MARRIAGE_LEAVE', paid: true, reason: 'ANNUAL_LEAVE', balance: false },
  { code: 'BEREAVEMENT_LEAVE', paid: true, reason: 'ANNUAL_LEAVE', balance: false },
  { code: 'UNPAID_LEAVE', paid: false, reason: 'UNPAID_LEAVE', balance: false },
  { code: 'COMPENSATORY_LEAVE', paid: true, reason: 'COMPENSATORY', balance: false },
];

/** A tenant whose HR changed the seeded types since, and made one of its own. */
const CHANGED_BY_HR: LeaveType[] = [
  // drawn on the annual balance by the tenant's choice
  { code: 'MARRIAGE_LEAVE', paid: true, reason: 'ANNUAL_LEAVE', balance: true },
  // unpaid by the tenant's choice
  { code: 'CHILD_MARRIAGE_LEAVE', paid: false, reason: 'ANNUAL_LEAVE', balance: false },
  // another reason chosen
  { code: 'BEREAVEMENT_LEAVE', paid: true, reason: 'COMPENSATORY', balance: false },
  // the tenant's own type, like a seeded one in all but its code
  { code: 'KET_HON_2', paid: true, reason: 'ANNUAL_LEAVE', balance: false },
];

/*
 * Migration 0070 on a database holding what came before it: the leave types of two tenants (the
 * seeded ones as 0065 left them; ones HR changed or made) and a timekeeping config version stored
 * with the nineteen symbol keys of 0064. Both engines (a migration).
 */
describe.each(await testEngines('both'))('migration 0070 (paid personal leave) on $engine', ({ engine }) => {
  let scratch: Awaited<ReturnType<typeof emptyDatabase>>;
  let before: ReturnType<typeof migrationsBefore>;
  let db: Database;
  let seeded = '';
  let changed = '';
  let refusedBefore = '';

  const addType = (tenantId: string, type: LeaveType) =>
    db.orm.execute(sql`
      insert into leave_types (tenant_id, code, name, paid, timesheet_reason, uses_annual_balance)
      values (${tenantId}, ${type.code}, ${type.code}, ${type.paid}, ${type.reason}, ${type.balance})`);
  const typesOf = (tenantId: string) =>
    rows<LeaveType>(
      db.orm,
      sql`select code, paid, timesheet_reason as reason, uses_annual_balance as balance
            from leave_types where tenant_id = ${tenantId} order by code`,
    );
  const byCode = (types: LeaveType[]) => [...types].sort((a, b) => a.code.localeCompare(b.code));

  beforeAll(async () => {
    scratch = await emptyDatabase(engine);
    before = migrationsBefore(MIGRATION);
    db = scratch.db;
    await db.migrate(before.dir);
    seeded = (await makeTenant(db.orm)).id;
    changed = (await makeTenant(db.orm)).id;
    for (const type of AS_0065_LEFT) await addType(seeded, type);
    for (const type of CHANGED_BY_HR) await addType(changed, type);
    refusedBefore = await refusal(
      addType(seeded, { code: 'TOO_EARLY', paid: true, reason: 'PAID_PERSONAL', balance: false }),
    );
    // a version stored before the key: every key of 0064's nineteen, written as the API wrote them
    const { PAID_PERSONAL: _new, ...nineteen } = { ...SEEDED_SYMBOLS, WORKED: 'X' };
    await db.orm.execute(sql`
      insert into tm_timekeeping_settings (tenant_id, effective_month, overtime_mode, symbols, reason)
      values (${seeded}, '2026-01', 'REGISTERED', ${JSON.stringify(nineteen)}::jsonb, 'X cho ngày công')`);
    await db.migrate(resolveServerPaths().migrationsDir);
  });
  afterAll(async () => {
    before?.dispose();
    await scratch?.dispose();
  });

  it('moves the seeded marriage and bereavement types to PAID_PERSONAL, and nothing else', async () => {
    expect(refusedBefore).toMatch(/leave_types_timesheet_reason_check/);
    expect(await typesOf(seeded)).toEqual(
      byCode(
        AS_0065_LEFT.map((type) =>
          ['MARRIAGE_LEAVE', 'CHILD_MARRIAGE_LEAVE', 'BEREAVEMENT_LEAVE'].includes(type.code)
            ? { ...type, reason: 'PAID_PERSONAL' }
            : type,
        ),
      ),
    );
    // what HR changed or made is theirs
    expect(await typesOf(changed)).toEqual(byCode(CHANGED_BY_HR));
  });

  it('lets a leave type say PAID_PERSONAL, and still refuses a reason that is none', async () => {
    await addType(changed, { code: 'TANG_CHA_ME', paid: true, reason: 'PAID_PERSONAL', balance: false });
    expect(
      await refusal(addType(changed, { code: 'LE', paid: true, reason: 'HOLIDAY', balance: false })),
    ).toMatch(/leave_types_timesheet_reason_check/);
    expect((await typesOf(changed)).find((type) => type.code === 'TANG_CHA_ME')?.reason).toBe(
      'PAID_PERSONAL',
    );
  });

  it('reads the version stored before the key with R for paid personal leave, the rest as stored', async () => {
    const { settings } = await inScope(db.orm, { tenantId: seeded, userId: null }, (tx) =>
      storedTimekeepingSettings.settings(tx, '2026-03'),
    );
    expect(settings.symbols).toMatchObject({ WORKED: 'X', ANNUAL_LEAVE: 'P', PAID_PERSONAL: 'R' });
    // the row itself is not rewritten: the key is filled where it is read
    const [stored] = await rows<{ has: boolean }>(
      db.orm,
      sql`select symbols ? 'PAID_PERSONAL' as has from tm_timekeeping_settings where tenant_id = ${seeded}`,
    );
    expect(stored?.has).toBe(false);
  });
});
