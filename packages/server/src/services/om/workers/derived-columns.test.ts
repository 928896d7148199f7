import type { WorkerRecord } from '@hcm/contracts/workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInVietnam } from '../../../resources/documents/vietnamese-format.ts';
import {
  download,
  readSheet,
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import {
  createContract,
  createThroughApi,
  createWorker,
  createWorkerWithContract,
  type ApiWriter,
} from '../../../testing/factories.ts';
import { categoryResources } from '../categories/category-resources.ts';
import { laborContractResource } from '../labor-contracts/resources.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { wageCategoryResources } from '../wage-categories/resources.ts';
import { workerResource } from './resources.ts';

const BASE = '/api/om/workers';
const DAY_MS = 86_400_000;
const plus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

// both engines: the derived columns are SQL the embedded default must run as well
describe.each(await testEngines('both'))('the employee list’s contract columns on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  // the database's today: the contracts are dated from it
  const today = todayInVietnam(new Date());
  const ids: Record<string, string> = {};
  const hrWrites = (): ApiWriter => ({ http: kit.http, token: hr.token });
  const make = (path: string, body: Record<string, unknown>) => createThroughApi(hrWrites(), path, body);
  const list = async (query: string) => {
    const res = await kit.http.get<{ data: WorkerRecord[]; page: { total: number } }>(
      `${BASE}?${query}`,
      hr.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const codes = async (query: string) => (await list(query)).map((w) => w.code);

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([
      workerResource,
      laborContractResource,
      organizationUnitResource,
      ...categoryResources,
      ...wageCategoryResources,
    ]);
    const unit = await make('/api/om/organization-units', {
      code: 'P_NS',
      name: 'Nhân sự',
      typeCode: 'PHONG',
    });
    ids.probation = await make('/api/om/contract-types', {
      code: 'PROBATION',
      name: 'Hợp đồng thử việc',
      salaryRate: '85',
    });
    ids.definite = await make('/api/om/contract-types', {
      code: 'XDTH_12',
      name: 'Xác định thời hạn 12 tháng',
      salaryRate: '100',
    });
    // An: on probation to today + 20; Binh: a definite contract to today + 100, after an older
    // probation; Chi: no contract; Dung: a contract that starts only next month (not yet current);
    // the helpers below count days from today
    const writer = hrWrites();
    const worker = (code: string, joined: number) => ({
      code,
      organizationUnitId: unit,
      joinedDate: plus(today, joined),
    });
    const contract = (number: string, contractTypeId: string, from: number, to: number) => ({
      number,
      contractTypeId,
      from: plus(today, from),
      to: plus(today, to),
    });
    const withContract = async (code: string, joined: number, first: ReturnType<typeof contract>) =>
      (await createWorkerWithContract(writer, worker(code, joined), first)).workerId;
    ids.an = await withContract('NV01', -40, contract('HD-A1', ids.probation, -40, 20));
    ids.binh = await withContract('NV02', -800, contract('HD-B1', ids.probation, -800, -740));
    await createContract(writer, { ...contract('HD-B2', ids.definite, -265, 100), workerId: ids.binh });
    ids.chi = await createWorker(writer, worker('NV03', -10));
    ids.dung = await withContract('NV04', -400, contract('HD-D1', ids.definite, 30, 395));
  });
  afterAll(() => kit?.stop());

  it('shows each employee’s current contract type, its expiry, probation and seniority', async () => {
    const rows = await list('sortBy=code.asc');
    const shown = rows.map((w) => [
      w.code,
      w.contractTypeName,
      w.contractExpiryDate,
      w.onProbation,
      w.probationEndDate,
    ]);
    expect(shown).toEqual([
      ['NV01', 'Hợp đồng thử việc', plus(today, 20), true, plus(today, 20)],
      ['NV02', 'Xác định thời hạn 12 tháng', plus(today, 100), false, null],
      ['NV03', null, null, false, null],
      ['NV04', null, null, false, null],
    ]);
    // 800 days is two years and two months or so; 10 days is no whole month yet
    const months = Object.fromEntries(rows.map((w) => [w.code, w.seniorityMonths]));
    expect(months.NV03).toBe(0);
    expect(months.NV02).toBeGreaterThanOrEqual(25);
    expect(months.NV02).toBeLessThanOrEqual(27);
  });

  it('filters by a range of contract expiry dates, and by probation', async () => {
    expect(await codes(`contractExpiryDateFrom=${today}&contractExpiryDateTo=${plus(today, 30)}`)).toEqual([
      'NV01',
    ]);
    expect(await codes(`contractExpiryDateFrom=${plus(today, 21)}`)).toEqual(['NV02']);
    expect(await codes(`contractExpiryDateTo=${plus(today, 100)}&sortBy=code.desc`)).toEqual([
      'NV02',
      'NV01',
    ]);
    expect(await codes('onProbation=true')).toEqual(['NV01']);
    expect(await codes('onProbation=false')).toEqual(['NV02', 'NV03', 'NV04']);
    expect(await codes(`probationEndDateTo=${plus(today, 30)}`)).toEqual(['NV01']);
    expect(
      await codes(
        'contractTypeName=x%C3%A1c%20%C4%91%E1%BB%8Bnh%20th%E1%BB%9Di%20h%E1%BA%A1n%2012%20th%C3%A1ng',
      ),
    ).toEqual(['NV02']);
    const count = await kit.http.get<{ data: number }>(`${BASE}/count?onProbation=true`, hr.token);
    expect(count.body.data).toBe(1);
  });

  it('filters a stored date by range too: who joined in the last 60 days', async () => {
    expect(await codes(`joinedDateFrom=${plus(today, -60)}&joinedDateTo=${today}`)).toEqual(['NV01', 'NV03']);
  });

  it('sorts by contract expiry (no contract last, either way) and by seniority', async () => {
    // NV03 and NV04 have no contract: last, in their stable order (by id)
    const ascending = await codes('sortBy=contractExpiryDate.asc');
    expect(ascending.slice(0, 2)).toEqual(['NV01', 'NV02']);
    const descending = await codes('sortBy=contractExpiryDate.desc');
    expect(descending.slice(0, 2)).toEqual(['NV02', 'NV01']);
    expect(descending.slice(2)).toEqual(ascending.slice(2));
    expect(await codes('sortBy=seniorityMonths.desc')).toEqual(['NV02', 'NV04', 'NV01', 'NV03']);
    // the export takes the same query: the range filters, and a derived sort (exported by code)
    const exported = await download(
      `${kit.server.url}${BASE}/export?onProbation=false&contractExpiryDateTo=${plus(today, 200)}&sortBy=contractExpiryDate.asc`,
      hr.token,
    );
    expect(exported.status).toBe(200);
    const rows = await readSheet(exported.bytes);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['NV02']);
  });

  it('refuses a range bound that is not a date, and never writes a derived column', async () => {
    const bad = await kit.http.get<{ error: { fields?: { field: string }[] } }>(
      `${BASE}?contractExpiryDateFrom=tomorrow`,
      hr.token,
    );
    expect(bad.status).toBe(400);
    const one = await kit.http.get<{ data: WorkerRecord }>(`${BASE}/${ids.an}`, hr.token);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    const written = await kit.http.post<unknown>(
      `${BASE}/${ids.an}/update`,
      { version: 1, contractTypeName: 'Khác' },
      hr.token,
    );
    expect(written.status).toBe(400);
  });
});
