import type { ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { workerResource } from './resources.ts';

/*
 * An employee's research works and the channels they can be reached on beyond phone and e-mail
 * (catalogues §2.1 "researches, media information"), child lists of the worker (migration 0040).
 */

const BASE = '/api/om/workers';
type Worker = Record<string, unknown> & { id: string; version: number };
type Answer = { data: Worker } & ErrorEnvelope;

describe.each(await testEngines())('employees’ researches and media information on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let unit = '';
  let n = 0;
  const create = (extra: Record<string, unknown>) =>
    kit.http.post<Answer>(
      BASE,
      { code: `NV_NC_${++n}`, fullName: `Vũ Văn ${n}`, gender: 'MALE', organizationUnitId: unit, ...extra },
      hr.token,
    );

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([workerResource, organizationUnitResource]);
    const made = await kit.http.post<Answer>(
      '/api/om/organization-units',
      { code: 'VIEN_NC', name: 'Viện Nghiên cứu', typeCode: 'PHONG' },
      hr.token,
    );
    unit = made.body.data.id;
  });
  afterAll(() => kit?.stop());

  it('keeps the research works and the channels in the order given, and replaces them on update', async () => {
    const researches = [
      {
        title: 'Ứng dụng học máy trong chấm công',
        role: 'Chủ nhiệm',
        level: 'Cấp Bộ',
        fromDate: '2021-01-01',
        toDate: '2022-06-30',
        result: 'Xuất sắc',
      },
      { title: 'Chuẩn hoá hồ sơ nhân sự điện tử', role: 'Thành viên', level: 'Cấp cơ sở' },
    ];
    const mediaInformation = [
      { kind: 'ZALO', address: '0987654321' },
      { kind: 'LINKEDIN', address: 'https://www.linkedin.com/in/vu-van' },
    ];
    const res = await create({ researches, mediaInformation });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.researches).toEqual([
      researches[0],
      { ...researches[1], fromDate: null, toDate: null, result: null },
    ]);
    expect(res.body.data.mediaInformation).toEqual(mediaInformation);

    const updated = await kit.http.post<Answer>(
      `${BASE}/${res.body.data.id}/update`,
      { version: res.body.data.version, mediaInformation: [{ kind: 'FACEBOOK', address: 'fb.com/vuvan' }] },
      hr.token,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const read = await kit.http.get<Answer>(`${BASE}/${res.body.data.id}`, hr.token);
    expect(read.body.data.mediaInformation).toEqual([{ kind: 'FACEBOOK', address: 'fb.com/vuvan' }]);
    expect(read.body.data.researches).toHaveLength(2);
  });

  it('refuses a research ending before it starts, an unknown channel and a row without its address', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { researches: [{ title: 'Đề tài A', fromDate: '2022-01-01', toDate: '2021-01-01' }] },
        'researches[0].toDate',
      ],
      [{ mediaInformation: [{ kind: 'MYSPACE', address: 'x' }] }, 'mediaInformation[0].kind'],
      [{ mediaInformation: [{ kind: 'ZALO' }] }, 'mediaInformation[0].address'],
      [{ researches: [{ title: 'x'.repeat(256) }] }, 'researches[0].title'],
    ];
    for (const [extra, field] of cases) {
      const res = await create({ code: 'NV_NC_SAI', ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(
        res.body.errors?.map((error) => error.field),
        JSON.stringify(res.body),
      ).toContain(field);
    }
    const listed = await kit.http.get<{ page: { total: number } }>(`${BASE}?keyword=NV_NC_SAI`, hr.token);
    expect(listed.body.page.total).toBe(0);
  });
});
