import type { ErrorEnvelope } from '@hcm/contracts';
import type { OrganizationUnitNode } from '@hcm/contracts/organization';
import type { WorkerRecord } from '@hcm/contracts/workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { statementsDuring } from '../../../testing/statements-during.ts';
import { bankResources } from '../banks/resources.ts';
import { categoryResources } from '../categories/category-resources.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { positionResource } from '../positions/position-resource.ts';
import { workerResource } from './resources.ts';

const BASE = '/api/om/workers';
type Created = { data: { id: string; version: number } };
type Page = { data: WorkerRecord[]; page: { total: number } };

describe.each(await testEngines())('workers on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let other: Caller;
  const ids: Record<string, string> = {};

  const make = async (who: Caller, path: string, body: Record<string, unknown>) => {
    const res = await kit.http.post<Created>(path, body, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  /** a valid worker of the caller's tenant, with `extra` over it */
  const worker = (code: string, extra: Record<string, unknown> = {}) => ({
    code,
    fullName: `Nguyễn Văn ${code}`,
    gender: 'MALE',
    organizationUnitId: ids.accounting,
    ...extra,
  });
  const count = async () => (await kit.http.get<{ data: number }>(`${BASE}/count`, hr.token)).body.data;
  const list = async (query: string) => {
    const res = await kit.http.get<Page>(`${BASE}?${query}`, hr.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.map((w) => w.code);
  };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    const resources = [
      workerResource,
      organizationUnitResource,
      positionResource,
      ...categoryResources,
      ...bankResources,
    ];
    hr = await kit.caller(resources);
    other = await kit.caller(resources);
    ids.company = await make(hr, '/api/om/organization-units', {
      code: 'CTY_A',
      name: 'Công ty A',
      typeCode: 'CONG_TY',
    });
    ids.accounting = await make(hr, '/api/om/organization-units', {
      code: 'PHONG_KT',
      name: 'Phòng Kế toán',
      typeCode: 'PHONG',
      parentId: ids.company,
    });
    ids.sales = await make(hr, '/api/om/organization-units', {
      code: 'PHONG_KD',
      name: 'Phòng Kinh doanh',
      typeCode: 'PHONG',
    });
    ids.head = await make(hr, '/api/om/positions', { code: 'TRUONG_PHONG', name: 'Trưởng phòng' });
    ids.accountant = await make(hr, '/api/om/job-titles', { code: 'KE_TOAN', name: 'Kế toán viên' });
    ids.bank = await make(hr, '/api/om/banks', { code: 'VCB_', name: 'Vietcombank', shortName: 'VCB_' });
    ids.otherUnit = await make(other, '/api/om/organization-units', {
      code: 'THEIRS',
      name: 'Theirs',
      typeCode: 'PHONG',
    });
  });
  afterAll(() => kit?.stop());

  it('hires a worker with the sub-records, answering them with the names of what they refer to', async () => {
    const id = await make(
      hr,
      BASE,
      worker('NV0001', {
        fullName: 'Trần Thị Hoa',
        gender: 'FEMALE',
        dateOfBirth: '1990-04-30',
        jobPositionId: ids.head,
        jobTitleId: ids.accountant,
        joinedDate: '2020-03-01',
        citizenIdentityNumber: '079190000123',
        citizenIdentityIssueDate: '2021-06-15',
        citizenIdentityIssuePlace: 'Cục Cảnh sát QLHC về TTXH',
        socialInsuranceNumber: '7912345678',
        personalTaxCode: '079190000123',
        permanentAddress: '12 Lê Lợi, Phường Bến Thành, TP. Hồ Chí Minh',
        partyReservedJoiningDate: '2015-05-19',
        partyOfficialJoiningDate: '2016-05-19',
        bloodGroup: 'O',
        heightCm: 158,
        academics: [
          { level: 'Đại học', institution: 'ĐH Kinh tế TP.HCM', occupation: 'Kế toán', isAdvance: false },
        ],
        employments: [
          { fromDate: '2012-07-01', toDate: '2020-02-28', company: 'Công ty B', job: 'Kế toán viên' },
        ],
        relatedPersons: [
          { relation: 'Con', fullName: 'Lê Minh An', dateOfBirth: '2018-01-02', isDependant: true },
        ],
        bankAccounts: [{ bankId: ids.bank, accountNumber: '0071000123456', isDefault: true }],
      }),
    );
    ids.hoa = id;
    const res = await kit.http.get<{ data: WorkerRecord & Record<string, unknown> }>(
      `${BASE}/${id}`,
      hr.token,
    );
    expect(res.status).toBe(200);
    const hoa = res.body.data;
    expect(hoa).toMatchObject({
      code: 'NV0001',
      fullName: 'Trần Thị Hoa',
      workingStatus: 'WORKING',
      kind: 'OFFICIAL',
      citizenIdentityNumber: '079190000123',
      academics: [{ level: 'Đại học', institution: 'ĐH Kinh tế TP.HCM' }],
      employments: [{ company: 'Công ty B', toDate: '2020-02-28' }],
      relatedPersons: [{ relation: 'Con', isDependant: true }],
      bankAccounts: [{ bankId: ids.bank, accountNumber: '0071000123456', isDefault: true }],
    });
  });

  it.each([
    ['citizenIdentityNumber', '07919000012a'],
    ['citizenIdentityNumber', '07919000'],
    ['citizenIdentityNumber', '0791900001234'],
    ['socialInsuranceNumber', '791234567'],
    ['socialInsuranceNumber', '79123456ab'],
    ['personalTaxCode', '12345678901'],
    ['phone', '09x1234567'],
    ['phone', '091234'],
    ['email', 'hoa@@example'],
    ['code', 'NV 1'],
    ['militaryId', 'QN-0012'],
    ['heightCm', 300],
    ['fullName', 'x'.repeat(101)],
  ])('refuses %s %j with 400 on that field, writing nothing', async (field, value) => {
    const before = await count();
    const res = await kit.http.post<ErrorEnvelope>(BASE, worker('NV9999', { [field]: value }), hr.token);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
    expect(await count()).toBe(before);
  });

  it('refuses a bank account number of letters and a child row without its required field', async () => {
    for (const bankAccounts of [
      [{ bankId: ids.bank, accountNumber: 'ABC123' }],
      [{ accountNumber: '0071000123456' }],
    ]) {
      const res = await kit.http.post(BASE, worker('NV9998', { bankAccounts }), hr.token);
      expect(res.status).toBe(400);
    }
  });

  it('refuses dates that run backwards and a second salary account', async () => {
    const cases = [
      { partyReservedJoiningDate: '2016-05-19', partyOfficialJoiningDate: '2015-05-19' },
      { militaryEnlistDate: '2010-02-01', militaryDischargeDate: '2009-02-01' },
      { employments: [{ fromDate: '2015-01-01', toDate: '2014-01-01', company: 'Công ty C' }] },
      {
        bankAccounts: [
          { bankId: ids.bank, accountNumber: '111222333', isDefault: true },
          { bankId: ids.bank, accountNumber: '444555666', isDefault: true },
        ],
      },
    ];
    for (const extra of cases) {
      const res = await kit.http.post<ErrorEnvelope>(BASE, worker('NV9997', extra), hr.token);
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    expect(await list('keyword=NV9997')).toEqual([]);
  });

  it('keeps codes, identity, insurance and tax numbers unique within the tenant only', async () => {
    for (const extra of [
      { code: 'nv0001' },
      { citizenIdentityNumber: '079190000123' },
      { socialInsuranceNumber: '7912345678' },
      { personalTaxCode: '079190000123' },
    ]) {
      const res = await kit.http.post(BASE, { ...worker('NV0100'), ...extra }, hr.token);
      expect(res.status, JSON.stringify(extra)).toBe(409);
    }
    const theirs = await kit.http.post(
      BASE,
      { ...worker('NV0001', { citizenIdentityNumber: '079190000123' }), organizationUnitId: ids.otherUnit },
      other.token,
    );
    expect(theirs.status).toBe(200);
  });

  it('lists by unit, position, working status and keyword, and never another tenant’s workers', async () => {
    await make(
      hr,
      BASE,
      worker('NV0002', { fullName: 'Phạm Quốc Bảo', organizationUnitId: ids.sales, jobPositionId: ids.head }),
    );
    await make(hr, BASE, worker('NV0003', { fullName: 'Đỗ Thu Trang', workingStatus: 'UNEMPLOYED' }));
    expect(await list('')).toEqual(['NV0001', 'NV0002', 'NV0003']);
    expect(await list(`organizationUnitId=${ids.sales}`)).toEqual(['NV0002']);
    expect(await list(`jobPositionId=${ids.head}`)).toEqual(['NV0001', 'NV0002']);
    expect(await list('workingStatus=UNEMPLOYED')).toEqual(['NV0003']);
    expect(await list(`keyword=${encodeURIComponent('thu trang')}`)).toEqual(['NV0003']);
    // accents and case ignored, both ways: typed without accents, or with them in capitals
    expect(await list(`keyword=${encodeURIComponent('pham quoc bao')}`)).toEqual(['NV0002']);
    expect(await list(`keyword=${encodeURIComponent('ĐỖ THU')}`)).toEqual(['NV0003']);
    expect(await list(`keyword=${encodeURIComponent('do thu')}`)).toEqual(['NV0003']);
    const theirs = await kit.http.get<Page>(BASE, other.token);
    expect(theirs.body.data.map((w) => w.code)).toEqual(['NV0001']);
    expect((await kit.http.get(`${BASE}/${ids.hoa}`, other.token)).status).toBe(404);
  });

  it('offers in the auto-complete the workers holding a position or a job title', async () => {
    const names = async (query: string) => {
      const res = await kit.http.get<Page>(`${BASE}/auto-complete?${query}`, hr.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((w) => w.code).sort();
    };
    expect(await names(`jobPositionIds=${ids.head}`)).toEqual(['NV0001', 'NV0002']);
    expect(await names(`jobTitleIds=${ids.accountant}`)).toEqual(['NV0001']);
    expect(await names(`jobPositionIds=${ids.head}&keyword=${encodeURIComponent('bảo')}`)).toEqual([
      'NV0002',
    ]);
    expect(
      await names(
        `organizationUnitIds=${ids.sales}&organizationUnitIds=${ids.accounting}&jobTitleIds=${ids.accountant}`,
      ),
    ).toEqual(['NV0001']);
    expect((await kit.http.get(`${BASE}/auto-complete?jobTitleIds=not-an-id`, hr.token)).status).toBe(400);
  });

  it('keeps a unit that still has workers (409) and a worker’s sub-records on update', async () => {
    expect(
      (await kit.http.post(`/api/om/organization-units/${ids.accounting}/delete`, undefined, hr.token))
        .status,
    ).toBe(409);
    const current = await kit.http.get<{ data: { version: number } }>(`${BASE}/${ids.hoa}`, hr.token);
    const res = await kit.http.post<{ data: WorkerRecord }>(
      `${BASE}/${ids.hoa}/update`,
      { version: current.body.data.version, phone: '0912345678' },
      hr.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ phone: '0912345678', academics: [{ level: 'Đại học' }] });
  });

  it('gives the chart each unit’s head count and leaders: working holders of a position leading it', async () => {
    const top = await make(hr, '/api/om/organization-units', {
      code: 'CHART_TOP',
      name: 'Khối',
      typeCode: 'KHOI',
    });
    const sub = await make(hr, '/api/om/organization-units', {
      code: 'CHART_SUB',
      name: 'Phòng dưới khối',
      typeCode: 'PHONG',
      parentId: top,
    });
    const director = await make(hr, '/api/om/positions', {
      code: 'GD_KHOI',
      name: 'Giám đốc khối',
      directUnits: [top],
    });
    const hire = (code: string, fullName: string, unit: string, extra: Record<string, unknown> = {}) =>
      make(hr, BASE, worker(code, { fullName, organizationUnitId: unit, ...extra }));
    await hire('CH01', 'Đỗ Minh Anh', top, { jobPositionId: director });
    await hire('CH02', 'Lê Văn Cường', top, { jobPositionId: director, workingStatus: 'UNEMPLOYED' });
    await hire('CH03', 'Bùi Thị Hoa', sub);
    await hire('CH04', 'Vũ Đức Duy', sub, { jobPositionId: director });
    await hire('CH05', 'Trịnh Gia Bảo', sub, { jobPositionId: director });
    await hire('CH06', 'Ngô Thu Trang', sub, { jobPositionId: director });

    const res = await kit.http.get<{ data: OrganizationUnitNode[] }>(
      '/api/om/organization-units/find-all-tree',
      hr.token,
    );
    expect(res.status).toBe(200);
    const node = (id: string) => res.body.data.find((unit) => unit.id === id);
    // a unit counts the workers working in it; the chart adds up those below
    expect(node(top)).toMatchObject({ workerQuantity: 1, leaderCount: 4 });
    expect(node(sub)).toMatchObject({ workerQuantity: 4, leaderCount: 0, leaders: [] });
    // the first three by code; the one no longer working is not a leader
    expect(node(top)?.leaders).toEqual(
      ['Đỗ Minh Anh', 'Vũ Đức Duy', 'Trịnh Gia Bảo'].map((fullName) => ({
        workerId: expect.any(String),
        fullName,
        gender: 'MALE',
        // no photo: the chart draws the default avatar of their gender
        avatarId: null,
        positionName: 'Giám đốc khối',
      })),
    );
    const theirs = await kit.http.get<{ data: OrganizationUnitNode[] }>(
      '/api/om/organization-units/find-all-tree',
      other.token,
    );
    // the other tenant's tree holds its own unit only, with no leader of this tenant's
    expect(theirs.body.data.map((unit) => [unit.code, unit.leaders])).toEqual([['THEIRS', []]]);
  });

  // Issue 29 part 2: a list carries what a list shows (the contract's listFields), the detail all.
  const LIST_ROW = [
    'code',
    'fullName',
    'dateOfBirth',
    'gender',
    'organizationUnitId',
    'jobPositionId',
    'jobTitleId',
    'kind',
    'workingStatus',
    'joinedDate',
    'email',
    'phone',
    'userId',
  ];
  const DERIVED = [
    'seniorityMonths',
    'contractTypeName',
    'contractExpiryDate',
    'onProbation',
    'probationEndDate',
  ];
  const keysOf = (row: object) => Object.keys(row).sort();

  it('answers list rows with their columns, names and the account, no child lists; the detail whole', async () => {
    const searched = await kit.http.get<Page>(`${BASE}?keyword=NV0001`, hr.token);
    expect(searched.status).toBe(200);
    const [row] = searched.body.data;
    expect(keysOf(row ?? {})).toEqual(['id', 'version', ...LIST_ROW, ...DERIVED].sort());
    expect(row).toMatchObject({ code: 'NV0001', fullName: 'Trần Thị Hoa', userId: null });
    const suggested = await kit.http.get<Page>(`${BASE}/auto-complete?keyword=NV0001`, hr.token);
    expect(keysOf(suggested.body.data[0] ?? {})).toEqual(keysOf(row ?? {}));
    // a name looked up by id: the same row without the columns computed over other tables
    const found = await kit.http.post<{ data: object[] }>(
      `${BASE}/find-by-ids`,
      { ids: [ids.hoa] },
      hr.token,
    );
    expect(found.status).toBe(200);
    expect(keysOf(found.body.data[0] ?? {})).toEqual(['id', 'version', ...LIST_ROW].sort());
    const detail = await kit.http.get<{ data: Record<string, unknown> }>(`${BASE}/${ids.hoa}`, hr.token);
    for (const list of ['academics', 'employments', 'relatedPersons', 'bankAccounts', 'researches', 'files'])
      expect(detail.body.data[list], list).toEqual(expect.any(Array));
    expect(detail.body.data).toMatchObject({ citizenIdentityNumber: '079190000123', avatarInfo: null });
  });

  it.skipIf(engine !== 'postgresql')(
    'reads a page of 25 workers in as many statements as a page of 5, none of a child table',
    async () => {
      for (let n = 1; n <= 26; n++)
        await make(
          hr,
          BASE,
          worker(`PG${String(n).padStart(3, '0')}`, {
            academics: [{ level: 'Đại học', institution: 'ĐH Bách khoa' }],
            relatedPersons: [{ relation: 'Con', fullName: `Con ${n}` }],
          }),
        );
      const page = (size: number) => async () => {
        const res = await kit.http.get<Page>(`${BASE}?keyword=PG&pageSize=${size}`, hr.token);
        expect(res.body.data).toHaveLength(size);
      };
      // the caller kept first (authorization: kept-actors.test.ts), then the two pages
      await page(5)();
      const five = await statementsDuring(page(5));
      const twentyFive = await statementsDuring(page(25));
      expect(twentyFive.length, JSON.stringify(twentyFive)).toBe(five.length);
      expect(twentyFive.some((text) => text.includes('from "workers"'))).toBe(true);
      expect(
        twentyFive.filter((text) =>
          /worker_(academics|employments|related_persons|bank_accounts|researches|media|files)/.test(text),
        ),
      ).toEqual([]);
    },
  );
});
