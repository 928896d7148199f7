import type { Configuration, ConfigurationBody } from '@hcm/contracts/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { testEngines } from '../../../testing/engines.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { workerResource } from './resources.ts';

const WORKERS = '/api/om/workers';
const CONFIGURATION = '/api/system/configuration';
type Worker = { data: { id: string; code: string } };
type Failed = { code: string; errors?: { field: string; message: string }[] };

describe.each(await testEngines('both'))('automatic employee codes on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let unit: string;

  const callerWithUnit = async (): Promise<Caller> => {
    const caller = await kit.caller(
      [workerResource, organizationUnitResource],
      ['configuration.view', 'configuration.update'],
    );
    const res = await kit.http.post<{ data: { id: string } }>(
      '/api/om/organization-units',
      { code: 'PHONG_NS', name: 'Phòng Nhân sự', typeCode: 'PHONG' },
      caller.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    unit = res.body.data.id;
    return caller;
  };
  const hire = (caller: Caller, extra: Record<string, unknown> = {}) =>
    kit.http.post<Worker & Failed>(
      WORKERS,
      { fullName: 'Nguyễn Văn An', gender: 'MALE', organizationUnitId: unit, ...extra },
      caller.token,
    );
  const setPatterns = async (caller: Caller, changes: Partial<ConfigurationBody>) => {
    const current = (await kit.http.get<{ data: Configuration }>(CONFIGURATION, caller.token)).body.data;
    const { scope: _s, inherited: _i, limits: _l, updatedAt: _u, ...body } = current;
    return kit.http.request<{ data: Configuration } & Failed>('PUT', CONFIGURATION, {
      token: caller.token,
      body: { ...body, ...changes },
    });
  };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
  });
  afterAll(() => kit.stop());

  it('gives concurrent creates distinct, gapless codes from the default pattern', async () => {
    const hr = await callerWithUnit();
    const answers = await Promise.all(Array.from({ length: 12 }, () => hire(hr)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const codes = answers.map((answer) => answer.body.data.code).sort();
    expect(codes).toEqual(Array.from({ length: 12 }, (_, i) => `NV${String(i + 1).padStart(4, '0')}`));
  });

  it('keeps a typed code, steps over it, and numbers each tenant on its own', async () => {
    const hr = await callerWithUnit();
    expect((await hire(hr, { code: 'NV0002' })).body.data.code).toBe('NV0002');
    expect((await hire(hr)).body.data.code).toBe('NV0001');
    // NV0002 is taken by hand: the counter moves past it
    expect((await hire(hr)).body.data.code).toBe('NV0003');
    const other = await callerWithUnit();
    expect((await hire(other)).body.data.code).toBe('NV0001');
  });

  it('follows the pattern the tenant sets, with the year, and refuses a pattern that is not one', async () => {
    const hr = await callerWithUnit();
    const saved = await setPatterns(hr, { employeeCodePattern: 'CT{yy}.{000}' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.employeeCodePattern).toBe('CT{yy}.{000}');
    const year = todayInVietnam().slice(2, 4);
    expect((await hire(hr)).body.data.code).toBe(`CT${year}.001`);
    expect((await hire(hr)).body.data.code).toBe(`CT${year}.002`);

    for (const pattern of ['NV{0000', 'NV{x}', 'NV', 'NV/{0000}', '{0000}{number}']) {
      const refused = await setPatterns(hr, { employeeCodePattern: pattern });
      expect(refused.status, pattern).toBe(400);
      expect(refused.body.errors?.[0]?.field).toBe('employeeCodePattern');
      expect(refused.body.errors?.[0]?.message).toContain('NV{0000}');
    }
    const contracts = await setPatterns(hr, { contractNumberPattern: '{number}/{yyyy}/HĐLĐ-{MM}' });
    expect(contracts.status, JSON.stringify(contracts.body)).toBe(200);
  });
});
