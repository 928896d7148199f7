import {
  TENANT_DASHBOARD_PATH,
  type TenantDashboard,
  type WorkforceStatistics,
} from '@hcm/contracts/dashboard';
import {
  HEAD_COUNT_BARS,
  HEAD_COUNT_DIMENSIONS,
  OTHERS_KEY,
  WORKER_STATISTICS_SUMMARY_PATH,
  type FluctuationRow,
  type HeadCountRow,
} from '@hcm/contracts/worker-statistics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import {
  download,
  readSheet,
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { categoryResources } from '../categories/category-resources.ts';
import { laborContractResource } from '../labor-contracts/resources.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { personnelChangeResources } from '../personnel-changes/resources.ts';
import { positionResource } from '../positions/position-resource.ts';
import { wageCategoryResources } from '../wage-categories/resources.ts';
import { workerResource } from '../workers/resources.ts';
import { todayInVietnam } from '../../../resources/documents/vietnamese-format.ts';
import { countHeadsBy, type CountedRow } from './count-workers.ts';

const PATH = '/api/om/worker-statistics';
type Failed = { code: string; errors?: { field: string }[] };

describe.each(await testEngines())('worker statistics on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let other: Caller;
  const ids = {} as Record<
    'head' | 'branch' | 'north' | 'title' | 'office' | 'type' | 'lan' | 'minh' | 'thu',
    string
  >;
  const resources = [
    workerResource,
    laborContractResource,
    organizationUnitResource,
    positionResource,
    ...personnelChangeResources,
    ...categoryResources,
    ...wageCategoryResources,
  ];
  const make = async (path: string, body: Record<string, unknown>, who = hr) => {
    const res = await kit.http.post<{ data: { id: string } }>(path, body, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  const heads = async (dimension: string, extra = '', who = hr, language = 'vi') => {
    const res = await kit.http.get<{ data: HeadCountRow[] } & Failed>(
      `${PATH}/head-count?dimension=${dimension}${extra}`,
      who.token,
      { 'Accept-Language': language },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.map((row) => [row.name, row.count]);
  };
  const months = async (query: string, who = hr) => {
    const res = await kit.http.get<{ data: FluctuationRow[] }>(`${PATH}/fluctuation?${query}`, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.filter((row) => row.joined > 0 || row.left > 0);
  };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller(resources, ['worker.export']);
    other = await kit.caller(resources);
    const unit = (code: string, name: string, parentId?: string) =>
      make('/api/om/organization-units', { code, name, typeCode: 'PHONG', parentId });
    ids.head = await unit('TRU_SO', 'Trụ sở chính');
    ids.branch = await unit('P_KD', 'Phòng Kinh doanh', ids.head);
    ids.north = await unit('CN_HN', 'Chi nhánh Hà Nội');
    ids.title = await make('/api/om/job-titles', { code: 'CV_01', name: 'Chuyên viên' });
    ids.office = await make('/api/om/natures-of-work', { code: 'VP_01', name: 'Văn phòng' });
    ids.type = await make('/api/om/contract-types', {
      code: 'XD12T',
      name: 'Xác định 12 tháng',
      salaryRate: '100',
    });
    ids.lan = await make('/api/om/workers', {
      code: 'NV0001',
      fullName: 'Nguyễn Thị Lan',
      gender: 'FEMALE',
      organizationUnitId: ids.branch,
      jobTitleId: ids.title,
      natureOfWorkId: ids.office,
      joinedDate: '2026-02-10',
    });
    ids.minh = await make('/api/om/workers', {
      code: 'NV0002',
      fullName: 'Trần Văn Minh',
      gender: 'MALE',
      organizationUnitId: ids.head,
      joinedDate: '2026-02-20',
    });
    ids.thu = await make('/api/om/workers', {
      code: 'NV0003',
      fullName: 'Lê Thu',
      gender: 'FEMALE',
      organizationUnitId: ids.north,
      joinedDate: '2025-05-01',
    });
    await make('/api/om/contracts', {
      number: 'HD-1',
      workerId: ids.lan,
      contractTypeId: ids.type,
      signingDate: '2026-02-01',
      effectiveDate: '2026-02-10',
      expiryDate: '2099-02-09',
      salary: '10000000',
    });
    // Thu resigned at the end of March: approved and applied, as the approval engine will do
    const resignation = await make('/api/om/resignations', {
      workerId: ids.thu,
      decisionNumber: 'QD-9',
      effectiveDate: '2026-03-31',
    });
    await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, (tx) =>
      tx.execute(
        sql`update resignations set approval_status = 'APPROVED', applied_at = now() where id = ${resignation}`,
      ),
    );
    const thu = await kit.http.get<{ data: { version: number } }>(`/api/om/workers/${ids.thu}`, hr.token);
    await kit.http.post(
      `/api/om/workers/${ids.thu}/update`,
      { version: thu.body.data.version, workingStatus: 'UNEMPLOYED' },
      hr.token,
    );
    // someone of another tenant, never counted here
    const theirs = await make(
      '/api/om/organization-units',
      { code: 'KHAC', name: 'Khác', typeCode: 'PHONG' },
      other,
    );
    await make(
      '/api/om/workers',
      { code: 'NV0001', fullName: 'Ai Đó', gender: 'MALE', organizationUnitId: theirs },
      other,
    );
  });
  afterAll(() => kit?.stop());

  it('counts the employees at work by each dimension, the unset ones named, most first', async () => {
    expect(await heads('organization')).toEqual([
      ['Phòng Kinh doanh', 1],
      ['Trụ sở chính', 1],
    ]);
    expect(await heads('gender')).toEqual([
      ['Nam', 1],
      ['Nữ', 1],
    ]);
    expect(await heads('gender', '', hr, 'en')).toEqual([
      ['Female', 1],
      ['Male', 1],
    ]);
    expect(await heads('contractType')).toEqual([
      ['Chưa có hợp đồng hiệu lực', 1],
      ['Xác định 12 tháng', 1],
    ]);
    expect(await heads('jobTitle')).toEqual([
      ['Chuyên viên', 1],
      ['Chưa xác định', 1],
    ]);
    expect(await heads('natureOfWork')).toEqual([
      ['Chưa xác định', 1],
      ['Văn phòng', 1],
    ]);
    expect(await heads('subjectOfLabor')).toEqual([['Chưa xác định', 2]]);
    expect(await heads('responsibility')).toEqual([['Chưa xác định', 2]]);
  });

  it('narrows to a unit and the units below it', async () => {
    expect(await heads('organization', `&organizationUnitId=${ids.branch}`)).toEqual([
      ['Phòng Kinh doanh', 1],
    ]);
    expect(await heads('gender', `&organizationUnitId=${ids.head}`)).toEqual([
      ['Nam', 1],
      ['Nữ', 1],
    ]);
    expect(await heads('gender', `&organizationUnitId=${ids.north}`)).toEqual([]);
  });

  it('gives the joiners and the applied resignations of each month of the year', async () => {
    const year = await kit.http.get<{ data: FluctuationRow[] }>(`${PATH}/fluctuation?year=2026`, hr.token);
    expect(year.body.data).toHaveLength(12);
    expect(await months('year=2026')).toEqual([
      { month: 2, joined: 2, left: 0 },
      { month: 3, joined: 0, left: 1 },
    ]);
    expect(await months('year=2025')).toEqual([{ month: 5, joined: 1, left: 0 }]);
    expect(await months(`year=2026&organizationUnitId=${ids.north}`)).toEqual([
      { month: 3, joined: 0, left: 1 },
    ]);
  });

  it('counts only what the caller reaches: a SELF user counts himself', async () => {
    const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
    const { user } = await makeUser(deps, {
      tenantId: hr.tenantId,
      permissions: ['worker.view'],
      dataScope: 'SELF',
    });
    const lan = await kit.http.get<{ data: { version: number } }>(`/api/om/workers/${ids.lan}`, hr.token);
    await kit.http.post(
      `/api/om/workers/${ids.lan}/update`,
      { version: lan.body.data.version, userId: user.id },
      hr.token,
    );
    const self = { ...hr, token: await accessTokenFor(kit.server.db.orm, user) };
    expect(await heads('organization', '', self)).toEqual([['Phòng Kinh doanh', 1]]);
    expect(await months('year=2026', self)).toEqual([{ month: 2, joined: 1, left: 0 }]);
    // no export permission
    expect((await download(`${kit.server.url}${PATH}/export`, self.token)).status).toBe(403);
  });

  it('answers every count and the year in one call, as the calls of each card answer them', async () => {
    const narrowed = `&organizationUnitId=${ids.head}`;
    const res = await kit.http.get<{ data: WorkforceStatistics }>(
      `${WORKER_STATISTICS_SUMMARY_PATH}?year=2026${narrowed}`,
      hr.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.year).toBe(2026);
    expect(res.body.data.organizationUnitId).toBe(ids.head);
    expect(res.body.data.headCount).toBe(2);
    for (const dimension of HEAD_COUNT_DIMENSIONS)
      expect(res.body.data.headCounts[dimension].map((row) => [row.name, row.count])).toEqual(
        await heads(dimension, narrowed),
      );
    expect(res.body.data.fluctuation.filter((row) => row.joined > 0 || row.left > 0)).toEqual(
      await months(`year=2026${narrowed}`),
    );
    const thisYear = await kit.http.get<{ data: WorkforceStatistics }>(
      WORKER_STATISTICS_SUMMARY_PATH,
      hr.token,
    );
    expect(thisYear.body.data.year).toBe(Number(todayInVietnam().slice(0, 4)));
    expect(thisYear.body.data.organizationUnitId).toBeNull();
    expect((await kit.http.get(WORKER_STATISTICS_SUMMARY_PATH, other.token)).status).toBe(200);
  });

  it('answers each card its bars, the rest summed, and every row to one dimension’s call and the workbook', async () => {
    // a tenant of its own: one more unit than a card has bars, one employee at work in each
    const many = await kit.caller(resources, ['worker.export']);
    const units = HEAD_COUNT_BARS + 1;
    for (let n = 1; n <= units; n++) {
      const unit = await make(
        '/api/om/organization-units',
        { code: `DV_${n}`, name: `Đơn vị ${n}`, typeCode: 'PHONG' },
        many,
      );
      await make(
        '/api/om/workers',
        {
          code: `NV${String(n).padStart(4, '0')}`,
          fullName: `Nhân viên ${n}`,
          gender: 'MALE',
          organizationUnitId: unit,
        },
        many,
      );
    }
    const every = await heads('organization', '', many);
    expect(every).toHaveLength(units);
    const summary = async (language: string) => {
      const res = await kit.http.get<{ data: WorkforceStatistics }>(
        WORKER_STATISTICS_SUMMARY_PATH,
        many.token,
        {
          'Accept-Language': language,
        },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const shown = await summary('vi');
    const bars = shown.headCounts.organization;
    expect(bars).toHaveLength(HEAD_COUNT_BARS);
    expect(bars.slice(0, -1).map((row) => [row.name, row.count])).toEqual(
      every.slice(0, HEAD_COUNT_BARS - 1),
    );
    expect(bars.at(-1)).toEqual({ key: OTHERS_KEY, name: 'Khác', count: units - (HEAD_COUNT_BARS - 1) });
    expect(shown.headCount).toBe(units);
    expect(bars.reduce((sum, row) => sum + row.count, 0)).toBe(shown.headCount);
    // a card with no more rows than bars is whole
    expect(shown.headCounts.gender).toEqual([{ key: 'MALE', name: 'Nam', count: units }]);
    expect((await summary('en')).headCounts.organization.at(-1)?.name).toBe('Others');
    // the dashboard's answer: the same bars and number, and no second list of units
    const res = await kit.http.get<{ data: TenantDashboard }>(TENANT_DASHBOARD_PATH, many.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.statistics?.headCounts).toEqual(shown.headCounts);
    expect(res.body.data.statistics?.headCount).toBe(units);
    expect(res.body.data.workforce?.headCount).toBe(units);
    expect(res.body.data.workforce).not.toHaveProperty('byUnit');
    // the workbook: every unit
    const file = await download(`${kit.server.url}${PATH}/export`, many.token);
    expect(file.status).toBe(200);
    expect((await readSheet(file.bytes, 1)).slice(1)).toEqual(every);
  });

  it('counts each dimension alone as it counts them all in one statement', async () => {
    const today = todayInVietnam();
    const byKey = (rows: CountedRow[] | undefined) =>
      [...(rows ?? [])].sort((a, b) => String(a.key).localeCompare(String(b.key)));
    await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, async (tx) => {
      for (const unit of [{}, { organizationUnitId: ids.head }]) {
        const scope = { reach: undefined, ...unit };
        const all = await countHeadsBy(tx, HEAD_COUNT_DIMENSIONS, scope, today);
        for (const dimension of HEAD_COUNT_DIMENSIONS) {
          const alone = await countHeadsBy(tx, [dimension], scope, today);
          expect(byKey(alone[dimension]), dimension).toEqual(byKey(all[dimension]));
        }
      }
    });
  });

  it('exports every count and the year as a workbook, and refuses a bad query', async () => {
    const file = await download(`${kit.server.url}${PATH}/export?year=2026`, hr.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('thong-ke-nhan-su-2026.xlsx');
    expect(await readSheet(file.bytes, 1)).toEqual([
      ['Theo đơn vị', 'Số nhân viên'],
      ['Phòng Kinh doanh', 1],
      ['Trụ sở chính', 1],
    ]);
    const year = await readSheet(file.bytes, 8);
    expect(year[0]).toEqual(['Tháng', 'Vào làm', 'Nghỉ việc']);
    expect(year[2]).toEqual([2, 2, 0]);
    expect(year).toHaveLength(13);
    for (const query of ['dimension=nope', 'dimension=gender&organizationUnitId=x', ''])
      expect((await kit.http.get(`${PATH}/head-count?${query}`, hr.token)).status).toBe(400);
    expect((await kit.http.get(`${PATH}/fluctuation?year=1800`, hr.token)).status).toBe(400);
    expect((await kit.http.get(`${PATH}/head-count?dimension=gender`)).status).toBe(401);
  });
});
