import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxOf, paragraphsOf } from '../../../resources/testing/docx.ts';
import {
  download,
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
  workbookOf,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { documentTemplateResource } from '../../system/document-templates/resources.ts';
import { categoryResources } from '../categories/category-resources.ts';
import { laborContractResource } from '../labor-contracts/resources.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { personnelChangeResources } from '../personnel-changes/resources.ts';
import { positionResource } from '../positions/position-resource.ts';
import { wageCategoryResources } from '../wage-categories/resources.ts';
import { workerResource } from '../workers/resources.ts';

type Failed = { code: string; message: string; errors?: { field: string; message: string }[] };
type Choice = { id: string; name: string; type: string };

describe.each(await testEngines())('documents from templates on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let other: Caller;
  let clerk: Caller;
  const ids = {} as Record<
    'sales' | 'hrUnit' | 'head' | 'type' | 'lunch' | 'praise' | 'worker' | 'contract' | 'annex',
    string
  >;
  const resources = [
    laborContractResource,
    workerResource,
    organizationUnitResource,
    positionResource,
    ...personnelChangeResources,
    ...categoryResources,
    ...wageCategoryResources,
  ];

  const make = async (who: Caller, path: string, body: Record<string, unknown>) => {
    const res = await kit.http.post<{ data: { id: string } } & Failed>(path, body, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  /** a template of `type` whose body is `lines`, uploaded as a real .docx (or `bytes`) */
  const template = async (
    who: Caller,
    name: string,
    type: string,
    lines: string[],
    bytes = docxOf(lines),
    extension = 'docx',
  ) => {
    const form = new FormData();
    form.append('ownerType', 'DOCUMENT_TEMPLATE');
    form.append('file', new Blob([new Uint8Array(bytes)]), `${name}.${extension}`);
    const uploaded = await fetch(`${kit.server.url}/api/storage/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const file = ((await uploaded.json()) as { data: { id: string } }).data.id;
    return make(who, '/api/system/document-templates', { name, type, file });
  };
  const print = (path: string, id: string, templateId: string, who = hr) =>
    download(`${kit.server.url}/api/om/${path}/${id}/document?templateId=${templateId}`, who.token);
  const failure = (bytes: Buffer) => JSON.parse(bytes.toString('utf8')) as Failed;
  const choices = async (path: string, id: string, who = hr) => {
    const res = await kit.http.get<{ data: Choice[] } & Failed>(
      `/api/om/${path}/${id}/document-templates`,
      who.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.map((choice) => choice.name);
  };

  beforeAll(async () => {
    // the employee's address prints its ward and province by name
    kit = await startResourceTestKit(engine, { areas: true });
    const files = ['file.create', 'file.view'];
    hr = await kit.caller([...resources, documentTemplateResource], files);
    other = await kit.caller([...resources, documentTemplateResource], files);
    clerk = await kit.caller([workerResource]);
    ids.sales = await make(hr, '/api/om/organization-units', {
      code: 'PHONG_KD',
      name: 'Phòng Kinh doanh',
      typeCode: 'PHONG',
    });
    ids.hrUnit = await make(hr, '/api/om/organization-units', {
      code: 'PHONG_NS',
      name: 'Phòng Nhân sự',
      typeCode: 'PHONG',
    });
    ids.head = await make(hr, '/api/om/positions', { code: 'TRUONG_P', name: 'Trưởng phòng' });
    ids.type = await make(hr, '/api/om/contract-types', {
      code: 'XDTH_12',
      name: 'Xác định thời hạn 12 tháng',
      salaryRate: '100',
    });
    ids.lunch = await make(hr, '/api/om/allowance-types', { code: 'PC_AN', name: 'Phụ cấp ăn trưa' });
    ids.praise = await make(hr, '/api/om/reward-types', { code: 'GIAY_KHEN', name: 'Giấy khen' });
    ids.worker = await make(hr, '/api/om/workers', {
      code: 'NV0001',
      fullName: 'Nguyễn Thị Lan',
      gender: 'FEMALE',
      dateOfBirth: '1990-07-04',
      organizationUnitId: ids.sales,
      permanentAddress: '12 Lê Lợi',
      permanentProvinceCode: '79',
      permanentWardCode: '26743',
    });
    ids.contract = await make(hr, '/api/om/contracts', {
      number: '0001/2026/HĐLĐ',
      workerId: ids.worker,
      contractTypeId: ids.type,
      signingDate: '2026-02-25',
      effectiveDate: '2026-03-01',
      expiryDate: '2027-02-28',
      salary: '12500000',
      allowances: [{ allowanceTypeId: ids.lunch, amount: '730000' }],
    });
    ids.annex = await make(hr, '/api/om/contracts', {
      number: '0001/2026/PL01',
      workerId: ids.worker,
      contractTypeId: ids.type,
      parentContractId: ids.contract,
      signingDate: '2026-06-01',
      effectiveDate: '2026-06-01',
      salary: '14000000',
    });
  });
  afterAll(() => kit?.stop());

  it('fills a contract template with the record, its employee, the company and money in words', async () => {
    const templateId = await template(hr, 'Hợp đồng lao động mẫu', 'CONTRACT', [
      'Công ty: {company.name}',
      'Số: {number} — Loại: {contractType}',
      'Ông/bà: {worker.fullName}, sinh ngày {worker.dateOfBirth}, {worker.gender}, {worker.organizationUnit}',
      'Thường trú: {worker.permanentAddress}, {worker.permanentWard}, {worker.permanentProvince}',
      'Hiệu lực từ ngày {effectiveDate.day} tháng {effectiveDate.month} năm {effectiveDate.year} đến {expiryDate}',
      'Lương: {salary} đồng ({salary.inWords})',
      '{#allowances}- {allowanceType}: {amount} ({amount.inWords}){/allowances}',
      'Phụ lục của: [{parentContract}]{^parentContract} (hợp đồng gốc){/parentContract}',
      'Ngày lập: {today}',
    ]);
    const printed = await print('contracts', ids.contract, templateId);
    expect(printed.status, printed.bytes.toString()).toBe(200);
    expect(printed.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(decodeURIComponent(printed.headers.get('content-disposition') ?? '')).toContain(
      'Hợp đồng lao động mẫu - 0001-2026-HĐLĐ.docx',
    );
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
    expect(paragraphsOf(printed.bytes)).toEqual([
      expect.stringMatching(/^Công ty: .+/),
      'Số: 0001/2026/HĐLĐ — Loại: Xác định thời hạn 12 tháng',
      'Ông/bà: Nguyễn Thị Lan, sinh ngày 04/07/1990, Nữ, Phòng Kinh doanh',
      'Thường trú: 12 Lê Lợi, Phường Bến Thành, Thành phố Hồ Chí Minh',
      'Hiệu lực từ ngày 01 tháng 03 năm 2026 đến 28/02/2027',
      'Lương: 12.500.000 đồng (Mười hai triệu năm trăm nghìn đồng)',
      '- Phụ cấp ăn trưa: 730.000 (Bảy trăm ba mươi nghìn đồng)',
      'Phụ lục của: [] (hợp đồng gốc)',
      `Ngày lập: ${today}`,
    ]);
  });

  it('prints an annex only with an annex template, and offers the record the active Word templates of its type', async () => {
    const annexTemplate = await template(hr, 'Phụ lục tăng lương', 'ANNEX_CONTRACT', [
      'Phụ lục {number} của hợp đồng {parentContract}: lương mới {salary}',
    ]);
    const old = await template(hr, 'Phụ lục cũ', 'ANNEX_CONTRACT', ['{number}']);
    expect(
      (await kit.http.post(`/api/system/document-templates/${old}/inactive`, undefined, hr.token)).status,
    ).toBe(200);
    const contractTemplate = await template(hr, 'HĐ ngắn', 'CONTRACT', ['{number}']);
    await template(hr, 'Bảng phụ lục', 'ANNEX_CONTRACT', [], Buffer.from(await workbookOf([['Số']])), 'xlsx');

    expect(await choices('contracts', ids.annex)).toEqual(['Phụ lục tăng lương']);
    expect(await choices('contracts', ids.contract)).toContain('HĐ ngắn');
    expect(await choices('contracts', ids.contract)).not.toContain('Phụ lục tăng lương');

    const printed = await print('contracts', ids.annex, annexTemplate);
    expect(printed.status, printed.bytes.toString()).toBe(200);
    expect(paragraphsOf(printed.bytes)).toEqual([
      'Phụ lục 0001/2026/PL01 của hợp đồng 0001/2026/HĐLĐ: lương mới 14.000.000',
    ]);

    const wrongType = await print('contracts', ids.annex, contractTemplate);
    expect(wrongType.status).toBe(400);
    expect(failure(wrongType.bytes).errors?.[0]).toMatchObject({ field: 'templateId' });
    expect(failure(wrongType.bytes).message).toMatch(/ANNEX_CONTRACT/);
    const inactive = await print('contracts', ids.annex, old);
    expect(failure(inactive.bytes).message).toMatch(/inactive/);
  });

  it('names the placeholders a template gets wrong, and a broken tag, writing nothing', async () => {
    const unknown = await template(hr, 'Mẫu sai', 'CONTRACT', [
      'Họ tên: {hoTen}',
      '{worker.fullName} {worker.userId} {#allowances}{soTien}{/allowances}',
    ]);
    const refused = await print('contracts', ids.contract, unknown);
    expect(refused.status).toBe(400);
    expect(failure(refused.bytes).message).toBe(
      'The template uses placeholders this document does not have: {hoTen}, {soTien}, {worker.userId}',
    );
    // the browser names them in the user's words
    expect(failure(refused.bytes).errors?.[0]).toMatchObject({
      field: 'templateId',
      code: 'error.invalidValue',
      params: { placeholders: '{hoTen}, {soTien}, {worker.userId}' },
    });
    const broken = await template(hr, 'Mẫu hỏng', 'CONTRACT', ['Số: {number']);
    const unclosed = await print('contracts', ids.contract, broken);
    expect(unclosed.status).toBe(400);
    expect(failure(unclosed.bytes).message).toMatch(/cannot be filled: .*number/);
  });

  it('refuses a template that unpacks huge before reading it', async () => {
    const bomb = await template(
      hr,
      'Bom',
      'CONTRACT',
      ['{number}'],
      docxOf(['{number}'], { padding: 31 * 1_048_576 }),
    );
    const refused = await print('contracts', ids.contract, bomb);
    expect(refused.status).toBe(400);
    expect(failure(refused.bytes).message).toMatch(/more than 30 MB/);
  });

  it('prints decisions with the template of their kind: an appointment, a reward', async () => {
    const appointment = await make(hr, '/api/om/displacements', {
      workerId: ids.worker,
      decisionNumber: '12/2026/QĐ-BN',
      decisionDate: '2026-04-20',
      effectiveDate: '2026-05-01',
      assignmentType: 'APPOINTMENT',
      toUnitId: ids.hrUnit,
      toPositionId: ids.head,
    });
    const appointing = await template(hr, 'QĐ bổ nhiệm', 'APPOINTMENT', [
      'Bổ nhiệm {worker.fullName} từ {fromUnit} giữ chức {toPosition} tại {toUnit}, {assignmentType}, từ {effectiveDate}',
    ]);
    await template(hr, 'QĐ điều chuyển', 'TRANSFER', ['{toUnit}']);
    expect(await choices('displacements', appointment)).toEqual(['QĐ bổ nhiệm']);
    const printed = await print('displacements', appointment, appointing);
    expect(printed.status, printed.bytes.toString()).toBe(200);
    expect(paragraphsOf(printed.bytes)).toEqual([
      'Bổ nhiệm Nguyễn Thị Lan từ Phòng Kinh doanh giữ chức Trưởng phòng tại Phòng Nhân sự, Bổ nhiệm, từ 01/05/2026',
    ]);

    const reward = await make(hr, '/api/om/rewards', {
      workerId: ids.worker,
      decisionNumber: '7/2026/QĐ-KT',
      effectiveDate: '2026-05-10',
      rewardTypeId: ids.praise,
      amount: '2000000',
    });
    const rewarding = await template(hr, 'QĐ khen thưởng', 'REWARD', [
      'Khen thưởng {worker.fullName}: {rewardType}, {amount} đồng ({amount.inWords})',
    ]);
    const paper = await print('rewards', reward, rewarding);
    expect(paragraphsOf(paper.bytes)).toEqual([
      'Khen thưởng Nguyễn Thị Lan: Giấy khen, 2.000.000 đồng (Hai triệu đồng)',
    ]);
  });

  it('prints an employee’s own file with a RECORDS template: their fields, addresses by name and family as a loop', async () => {
    const cv = await make(hr, '/api/om/workers', {
      code: 'NV0002',
      fullName: 'Phạm Văn Đức',
      gender: 'MALE',
      dateOfBirth: '1988-11-30',
      organizationUnitId: ids.hrUnit,
      permanentProvinceCode: '79',
      permanentWardCode: '26743',
      relatedPersons: [
        { relation: 'Vợ', fullName: 'Lê Thị Mai', dateOfBirth: '1990-02-14' },
        { relation: 'Con', fullName: 'Phạm Minh An' },
      ],
    });
    const records = await template(hr, 'Sơ yếu lý lịch', 'RECORDS', [
      '{code} {fullName}, sinh {dateOfBirth}, {organizationUnit}, {permanentWard}, {permanentProvince}',
      '{#relatedPersons}{relation}: {fullName} ({dateOfBirth}); {/relatedPersons}',
      '{worker.fullName} – {company.name}',
    ]);
    await template(hr, 'QĐ nghỉ việc', 'RESIGN', ['{worker.fullName}']);
    expect(await choices('workers', cv)).toEqual(['Sơ yếu lý lịch']);
    const printed = await print('workers', cv, records);
    expect(printed.status, printed.bytes.toString()).toBe(200);
    expect(printed.headers.get('content-disposition')).toContain('NV0002.docx');
    const [own, family, worker] = paragraphsOf(printed.bytes);
    expect(own).toBe(
      'NV0002 Phạm Văn Đức, sinh 30/11/1988, Phòng Nhân sự, Phường Bến Thành, Thành phố Hồ Chí Minh',
    );
    expect(family).toBe('Vợ: Lê Thị Mai (14/02/1990); Con: Phạm Minh An (); ');
    expect(worker).toMatch(/^Phạm Văn Đức – /);
  });

  it('keeps tenants apart and asks for the record’s view permission', async () => {
    const mine = await template(hr, 'HĐ của tôi', 'CONTRACT', ['{number}']);
    const theirs = await template(other, 'HĐ của họ', 'CONTRACT', ['{number}']);
    const foreignTemplate = await print('contracts', ids.contract, theirs);
    expect(foreignTemplate.status).toBe(400);
    expect(failure(foreignTemplate.bytes).message).toBe('There is no such document template');
    expect((await print('contracts', ids.contract, mine, other)).status).toBe(404);
    expect((await print('contracts', ids.contract, mine, clerk)).status).toBe(403);
    expect(
      (await kit.http.get(`/api/om/contracts/${ids.contract}/document-templates`, clerk.token)).status,
    ).toBe(403);
    expect((await print('contracts', ids.contract, 'not-a-uuid')).status).toBe(400);
  });
});
