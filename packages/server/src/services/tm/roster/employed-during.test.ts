import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant } from '../../../testing/factories.ts';
import { migratedDatabaseDuringSuite, rows } from '../../../testing/migrated-database.ts';
import { employedDuring } from './employed-during.ts';

/*
 * Who a timekeeping view of March 2026 lists: joiners from the day they join, leavers up to the
 * day their approved resignation takes effect, and nobody who had left before the month began.
 */
describe.each(await testEngines())('who is on the roll in a period on $engine', ({ engine }) => {
  const database = migratedDatabaseDuringSuite(engine);
  let tenantId = '';

  beforeAll(async () => {
    const db = database();
    tenantId = (await makeTenant(db.orm)).id;
    await inScope(db.orm, { tenantId, userId: null }, async (tx) => {
      const [unit] = await rows<{ id: string }>(
        tx,
        sql`insert into organization_units (tenant_id, code, name) values (${tenantId}, 'XM', 'Xưởng may') returning id`,
      );
      const worker = async (code: string, joined: string | null, status = 'WORKING') =>
        (
          await rows<{ id: string }>(
            tx,
            sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, joined_date, working_status)
                values (${tenantId}, ${code}, ${`Người ${code}`}, 'FEMALE', ${unit?.id}, ${joined}, ${status}) returning id`,
          )
        )[0]?.id;
      const resign = (workerId: string | undefined, effective: string, status = 'APPROVED') =>
        tx.execute(sql`insert into resignations (tenant_id, worker_id, decision_number, effective_date, approval_status)
                       values (${tenantId}, ${workerId}, ${`QD-${effective}`}, ${effective}, ${status})`);
      await worker('A_STAYS', '2020-01-01');
      await worker('B_NO_DATE', null);
      await worker('C_JOINS_31', '2026-03-31');
      await worker('D_JOINS_APRIL', '2026-04-01');
      await resign(await worker('E_LEAVES_15', '2020-01-01', 'UNEMPLOYED'), '2026-03-15');
      await resign(await worker('F_LEFT_1ST', '2020-01-01', 'UNEMPLOYED'), '2026-03-01');
      await resign(await worker('G_LEFT_FEB', '2020-01-01', 'UNEMPLOYED'), '2026-02-10');
      // approved, effective before March, not yet applied by the sweep: already gone
      await resign(await worker('H_NOT_SWEPT', '2020-01-01'), '2026-02-20');
      // asked, not approved: still employed
      await resign(await worker('I_ASKED', '2020-01-01'), '2026-02-20', 'WAIT_APPROVE');
      // imported as having left, with no decision: when is unknown
      await worker('J_IMPORTED_GONE', '2019-01-01', 'UNEMPLOYED');
      // leaves in April: the whole of March
      await resign(await worker('K_LEAVES_APRIL', '2020-01-01'), '2026-04-10');
    });
  });

  it('lists joiners from their day and leavers up to theirs', async () => {
    const listed = await inScope(database().orm, { tenantId, userId: null }, (tx) =>
      rows<{ code: string }>(
        tx,
        sql`select w.code from workers w where ${employedDuring('2026-03-01', '2026-03-31')} order by w.code`,
      ),
    );
    expect(listed.map((row) => row.code)).toEqual([
      'A_STAYS',
      'B_NO_DATE',
      'C_JOINS_31',
      'E_LEAVES_15',
      'I_ASKED',
      'K_LEAVES_APRIL',
    ]);
  });

  it('lists a leaver in the months before they leave, not after', async () => {
    const codesIn = (from: string, to: string) =>
      inScope(database().orm, { tenantId, userId: null }, (tx) =>
        rows<{ code: string }>(
          tx,
          sql`select w.code from workers w where w.code in ('E_LEAVES_15', 'G_LEFT_FEB') and ${employedDuring(from, to)} order by w.code`,
        ),
      );
    expect((await codesIn('2026-02-01', '2026-02-28')).map((r) => r.code)).toEqual([
      'E_LEAVES_15',
      'G_LEFT_FEB',
    ]);
    expect((await codesIn('2026-04-01', '2026-04-30')).map((r) => r.code)).toEqual([]);
  });
});
