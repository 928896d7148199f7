import type { ErrorEnvelope } from '@hcm/contracts';
import { LeavePolicyPaths, type LeaveWorkerCase } from '@hcm/contracts/leave-policies';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../../db/tenant-scope.ts';
import {
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../../resources/testing/kit.ts';
import { testEngines } from '../../../../testing/engines.ts';
import { rows } from '../../../../testing/migrated-database.ts';
import { leavePolicyResource } from './resource.ts';

type Refusal = ErrorEnvelope & { errors?: { field: string; code: string }[] };
const path = (id: string) => LeavePolicyPaths.workerCase.replace(':workerId', id);

/*
 * The workers' leave cases as HR's page uses them (docs/leave.md "The worker's case"): a case
 * set and listed, "back to standard" removing the exception (the list holds exceptions only), a
 * note too long named on its field, and a user who may only read the rules refused the change.
 */
describe.each(await testEngines())("workers' leave cases on $engine", ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let reader: Caller;
  let hoa = '';
  const put = <T>(workerId: string, body: unknown, token = hr.token) =>
    kit.http.request<T>('PUT', path(workerId), { body, token });
  const list = async () =>
    (await kit.http.get<{ data: LeaveWorkerCase[] }>(LeavePolicyPaths.workerCases, hr.token)).body.data;
  const stored = async () =>
    (
      await rows<{ n: number }>(
        kit.server.db.orm,
        sql`select count(*)::int as n from tm_leave_worker_cases where tenant_id = ${hr.tenantId}`,
      )
    )[0]?.n;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([leavePolicyResource]);
    reader = await kit.caller([], ['leave_policy.view']);
    hoa = await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, async (tx) => {
      const [unit] = await rows<{ id: string }>(
        tx,
        sql`insert into organization_units (tenant_id, code, name)
            values (${hr.tenantId}, 'PX', 'Phân xưởng') returning id`,
      );
      const [worker] = await rows<{ id: string }>(
        tx,
        sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, joined_date)
            values (${hr.tenantId}, 'NV010', 'Đỗ Thị Hoa', 'FEMALE', ${unit?.id}, '2020-01-01') returning id`,
      );
      return worker?.id ?? '';
    });
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('sets a case, and back to standard removes the exception', async () => {
    const set = await put<{ data: LeaveWorkerCase }>(hoa, {
      leaveCase: 'SPECIAL',
      note: ' Người khuyết tật ',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await list()).toEqual([
      {
        workerId: hoa,
        workerCode: 'NV010',
        workerName: 'Đỗ Thị Hoa',
        leaveCase: 'SPECIAL',
        note: 'Người khuyết tật',
      },
    ]);
    const back = await put<{ data: LeaveWorkerCase }>(hoa, { leaveCase: 'STANDARD', note: 'bỏ qua' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toEqual({
      workerId: hoa,
      workerCode: 'NV010',
      workerName: 'Đỗ Thị Hoa',
      leaveCase: 'STANDARD',
      note: null,
    });
    expect(await list()).toEqual([]);
    expect(await stored()).toBe(0);
    // saying it again changes nothing and is no error
    expect((await put(hoa, { leaveCase: 'STANDARD' })).status).toBe(200);
    expect(await stored()).toBe(0);
  });

  it('names the note too long on its field, and writes nothing', async () => {
    const long = await put<Refusal>(hoa, { leaveCase: 'HEAVY', note: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.errors?.map((e) => e.field)).toEqual(['note']);
    expect(await stored()).toBe(0);
  });

  it('lets a user who may read the rules list the cases, not change them', async () => {
    const listed = await kit.http.get(LeavePolicyPaths.workerCases, reader.token);
    expect(listed.status).toBe(200);
    expect((await put(hoa, { leaveCase: 'HEAVY' }, reader.token)).status).toBe(403);
    expect(await stored()).toBe(0);
  });
});
