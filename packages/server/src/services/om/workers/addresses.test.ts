import type { ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  download,
  readSheet,
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { workerResource } from './resources.ts';

/*
 * An employee's addresses by province and ward (contract kind `area`), against the areas in force
 * since 1 July 2025: Thành phố Hồ Chí Minh 79 with Phường Bến Thành 26743, Thành phố Hà Nội 01
 * with Phường Ba Đình 00004; Tỉnh Bình Dương 74 was merged away (FORMER only).
 */

const BASE = '/api/om/workers';
type Worker = Record<string, unknown> & { id: string; version: number };
type Answer = { data: Worker } & ErrorEnvelope;

describe.each(await testEngines())('employees’ addresses on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let unit = '';
  let n = 0;
  const create = (extra: Record<string, unknown>) =>
    kit.http.post<Answer>(
      BASE,
      {
        code: `NV_DC_${++n}`,
        fullName: `Trần Thị ${n}`,
        gender: 'FEMALE',
        organizationUnitId: unit,
        ...extra,
      },
      hr.token,
    );
  const refusals = (res: { body: ErrorEnvelope }) =>
    res.body.errors?.map((error) => [error.field, error.message]);

  beforeAll(async () => {
    kit = await startResourceTestKit(engine, { areas: true });
    hr = await kit.caller([workerResource, organizationUnitResource], ['worker.export']);
    const made = await kit.http.post<Answer>(
      '/api/om/organization-units',
      { code: 'PHONG_NS', name: 'Phòng Nhân sự', typeCode: 'PHONG' },
      hr.token,
    );
    unit = made.body.data.id;
  });
  afterAll(() => kit?.stop());

  it('keeps a province and a ward of it, answering their names beside the codes', async () => {
    const res = await create({
      permanentProvinceCode: '79',
      permanentWardCode: '26743',
      permanentAddress: '12 Lê Lợi',
      homeTownProvinceCode: '01',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      permanentAddress: '12 Lê Lợi',
      permanentProvinceCode: '79',
      permanentProvinceCodeName: 'Thành phố Hồ Chí Minh',
      permanentWardCode: '26743',
      permanentWardCodeName: 'Phường Bến Thành',
      homeTownProvinceCode: '01',
      homeTownProvinceCodeName: 'Thành phố Hà Nội',
      homeTownWardCode: null,
      homeTownWardCodeName: null,
    });
    const read = await kit.http.get<Answer>(`${BASE}/${res.body.data.id}`, hr.token);
    expect(read.body.data.permanentWardCodeName).toBe('Phường Bến Thành');

    // moving to Hà Nội: the province and a ward of it together
    const moved = await kit.http.post<Answer>(
      `${BASE}/${res.body.data.id}/update`,
      { version: res.body.data.version, permanentProvinceCode: '01', permanentWardCode: '00004' },
      hr.token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.permanentWardCodeName).toBe('Phường Ba Đình');
  });

  it('refuses a ward of another province, a ward without its province, and areas not in force, writing nothing', async () => {
    const count = async () => (await kit.http.get<{ data: number }>(`${BASE}/count`, hr.token)).body.data;
    const before = await count();
    const elsewhere = await create({ permanentProvinceCode: '01', permanentWardCode: '26743' });
    expect(elsewhere.status).toBe(400);
    expect(refusals(elsewhere)).toEqual([['permanentWardCode', 'is not a ward of the province 01']]);

    const orphan = await create({ temporaryWardCode: '26743' });
    expect(refusals(orphan)).toEqual([['temporaryWardCode', 'needs its province (temporaryProvinceCode)']]);

    const merged = await create({ homeTownProvinceCode: '74', temporaryProvinceCode: '26743' });
    expect(merged.status).toBe(400);
    // a ward's code in a province field breaks its pattern before anything is looked up
    expect(refusals(merged)?.map(([field]) => field)).toContain('temporaryProvinceCode');
    const former = await create({ homeTownProvinceCode: '74' });
    expect(refusals(former)).toEqual([['homeTownProvinceCode', 'is not a province in force (74)']]);
    expect(await count()).toBe(before);
  });

  it('refuses a new province that leaves the stored ward outside it', async () => {
    const made = await create({ permanentProvinceCode: '79', permanentWardCode: '26743' });
    const res = await kit.http.post<Answer>(
      `${BASE}/${made.body.data.id}/update`,
      { version: made.body.data.version, permanentProvinceCode: '01' },
      hr.token,
    );
    expect(res.status).toBe(400);
    expect(refusals(res)).toEqual([['permanentWardCode', 'is not a ward of the province 01']]);
    const cleared = await kit.http.post<Answer>(
      `${BASE}/${made.body.data.id}/update`,
      { version: made.body.data.version, permanentProvinceCode: null, permanentWardCode: null },
      hr.token,
    );
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data.permanentProvinceCodeName).toBeNull();
  });

  it('exports the names of the ward and province, not their codes', async () => {
    await create({ code: 'NV_XUAT', permanentProvinceCode: '79', permanentWardCode: '26740' });
    const sheet = await download(`${kit.server.url}${BASE}/export?keyword=NV_XUAT`, hr.token);
    expect(sheet.status).toBe(200);
    const [header, ...rows] = await readSheet(sheet.bytes);
    const row = rows.find((cells) => cells.includes('NV_XUAT')) ?? [];
    const cell = (title: string) => row[header?.indexOf(title) ?? -1];
    expect(cell('Phường/Xã (thường trú)')).toBe('Phường Sài Gòn');
    expect(cell('Tỉnh/Thành phố (thường trú)')).toBe('Thành phố Hồ Chí Minh');
  });
});
