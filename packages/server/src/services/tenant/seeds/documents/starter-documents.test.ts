import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type PageEnvelope, type TokenSet } from '@hcm/contracts';
import { DOCUMENT_KINDS, documentPlaceholders } from '@hcm/contracts/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedPlaceholders } from '../../../../resources/documents/render-docx.ts';
import { download } from '../../../../resources/testing/kit.ts';
import { paragraphsOf } from '../../../../resources/testing/docx.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../testing/engines.ts';
import { httpClient, type HttpClient } from '../../../../testing/http-client.ts';
import { startTestServer, TEST_HR_ADMIN, type TestServer } from '../../../../testing/test-server.ts';
import { starterDocx } from './generate-starter-documents.ts';
import { STARTER_DOCUMENTS } from './starter-document-texts.ts';
import { STARTER_DOCUMENTS_DIR } from './starter-documents.ts';

const checkedIn = (file: string) => readFile(join(STARTER_DOCUMENTS_DIR, file));
const placeholdersIn = (text: string) =>
  [...text.matchAll(/\{[#/^]?([^{}]+)\}/g)].map(([, key]) => String(key).trim());
const kindOf = (type: string) => DOCUMENT_KINDS.find((kind) => kind.templateTypes.includes(type as never));

describe('the starter document templates of seed-data/documents', () => {
  it('are the files their texts build: run `node scripts/seed-data/documents.mjs` after changing a text', async () => {
    for (const document of STARTER_DOCUMENTS)
      expect(Buffer.compare(await checkedIn(document.file), starterDocx(document)), document.file).toBe(0);
  });

  it('cover the papers of a first day, each titled as Vietnamese administrative papers are', async () => {
    expect(STARTER_DOCUMENTS.map((d) => d.type)).toEqual([
      'CONTRACT',
      'CONTRACT',
      'ANNEX_CONTRACT',
      'REWARD',
      'DISCIPLINE',
      'TRANSFER',
      'APPOINTMENT',
      'DISMISSED',
      'RESIGN',
    ]);
    for (const document of STARTER_DOCUMENTS) {
      const text = paragraphsOf(await checkedIn(document.file));
      expect(text, document.file).toEqual(
        expect.arrayContaining([
          'CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM',
          'Độc lập - Tự do - Hạnh phúc',
          expect.stringMatching(/^Căn cứ Bộ luật Lao động số 45\/2019\/QH14/),
          expect.stringMatching(/^Điều 1\. /),
        ]),
      );
    }
    expect(paragraphsOf(await checkedIn('hop-dong-lao-dong.docx'))).toContain('HỢP ĐỒNG LAO ĐỘNG');
    expect(paragraphsOf(await checkedIn('quyet-dinh-khen-thuong.docx'))).toEqual(
      expect.arrayContaining(['QUYẾT ĐỊNH', 'Về việc khen thưởng']),
    );
  });

  it('use only the merge fields their type has (the print would refuse another)', async () => {
    for (const document of STARTER_DOCUMENTS) {
      const kind = kindOf(document.type);
      if (!kind) throw new Error(`${document.type} is not a type any record prints with`);
      const allowed = allowedPlaceholders(documentPlaceholders(kind));
      const used = paragraphsOf(await checkedIn(document.file)).flatMap(placeholdersIn);
      expect(used.length, document.file).toBeGreaterThan(5);
      expect(
        used.filter((key) => !allowed.has(key)),
        document.file,
      ).toEqual([]);
    }
  });
});

type Choice = { id: string; name: string; type: string };

describe.each(await testEngines())(
  'a new tenant prints with its starter templates on $engine',
  ({ engine }) => {
    let database: TestDatabase;
    let server: TestServer;
    let http: HttpClient;
    let token: string;

    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await http.post<{ data: { id: string } }>(path, body, token);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data.id;
    };
    const idOf = async (path: string, code: string) => {
      const res = await http.get<PageEnvelope<{ id: string; code: string }>>(`${path}?pageSize=100`, token);
      const found = res.body.data.find((row) => row.code === code);
      if (!found) throw new Error(`${path}: the tenant has no ${code}`);
      return found.id;
    };
    /** The first record of a seeded catalogue: a new tenant has some without making any. */
    const firstOf = async (path: string) => {
      const res = await http.get<PageEnvelope<{ id: string; code: string }>>(`${path}?pageSize=1`, token);
      const [first] = res.body.data;
      if (!first) throw new Error(`${path} is empty in a new tenant`);
      return first;
    };
    /** The merged text of the paper printed with the template `name`. */
    const paper = (papers: Record<string, string>, name: string) => {
      expect(Object.keys(papers)).toContain(name);
      return papers[name] ?? '';
    };
    /** The record printed with each template offered to it: the merged paragraphs, by template name. */
    const printAll = async (path: string, id: string) => {
      const offered = await http.get<{ data: Choice[] }>(`/api/om/${path}/${id}/document-templates`, token);
      expect(offered.status).toBe(200);
      const papers: Record<string, string> = {};
      for (const template of offered.body.data) {
        const paper = await download(
          `${server.url}/api/om/${path}/${id}/document?templateId=${template.id}`,
          token,
        );
        expect(paper.status, `${template.name}: ${paper.bytes.toString()}`).toBe(200);
        papers[template.name] = paragraphsOf(paper.bytes).join('\n');
      }
      return papers;
    };
    /** Nothing left unfilled: no brace of a placeholder. */
    const expectFilled = (papers: Record<string, string>) => {
      for (const [name, text] of Object.entries(papers)) expect(text, name).not.toMatch(/[{}]/);
    };

    const ids = {} as Record<'unit' | 'worker' | 'contract' | 'probation' | 'annex', string>;

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      server = await startTestServer({ ...database.env, LOG_LEVEL: 'warn' }, { productSeeds: true });
      http = httpClient(server.url);
      const auth = await http.post<{ data: TokenSet }>('/api/iam/authenticate', {
        username: TEST_HR_ADMIN.username,
        password: TEST_HR_ADMIN.password,
      });
      token = auth.body.data.accessToken;
      ids.unit = await post('/api/om/organization-units', {
        code: 'PHONG_KD',
        name: 'Phòng Kinh doanh',
        typeCode: 'PHONG',
      });
      ids.worker = await post('/api/om/workers', {
        code: 'NV0001',
        fullName: 'Nguyễn Thị Lan',
        gender: 'FEMALE',
        dateOfBirth: '1990-07-04',
        organizationUnitId: ids.unit,
      });
      ids.contract = await post('/api/om/contracts', {
        number: '0001/2026/HĐLĐ',
        workerId: ids.worker,
        contractTypeId: await idOf('/api/om/contract-types', 'DEFINITE_TERM'),
        signingDate: '2026-02-25',
        effectiveDate: '2026-03-01',
        expiryDate: '2027-02-28',
        salary: '12500000',
        allowances: [
          {
            allowanceTypeId: (await firstOf('/api/om/allowance-types')).id,
            amount: '730000',
          },
        ],
      });
      ids.probation = await post('/api/om/contracts', {
        number: '0002/2026/HĐTV',
        workerId: ids.worker,
        contractTypeId: await idOf('/api/om/contract-types', 'PROBATION'),
        signingDate: '2026-01-02',
        effectiveDate: '2026-01-02',
        expiryDate: '2026-02-28',
        salary: '10625000',
      });
      ids.annex = await post('/api/om/contracts', {
        number: '0001/2026/PL01',
        workerId: ids.worker,
        contractTypeId: await idOf('/api/om/contract-types', 'DEFINITE_TERM'),
        parentContractId: ids.contract,
        signingDate: '2026-06-01',
        effectiveDate: '2026-06-01',
        salary: '14000000',
      });
    });
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
    });

    it('offers a labour contract its two starter contracts, and fills both with the contract, the employee and the company', async () => {
      const papers = await printAll('contracts', ids.contract);
      expect(Object.keys(papers).sort()).toEqual(['Hợp đồng lao động', 'Hợp đồng thử việc']);
      expectFilled(papers);
      const contract = paper(papers, 'Hợp đồng lao động');
      expect(contract).toContain('HỢP ĐỒNG LAO ĐỘNG');
      expect(contract).toContain('Số: 0001/2026/HĐLĐ');
      expect(contract).toContain('ngày 25 tháng 02 năm 2026');
      expect(contract).toContain('Bên B (Người lao động): Nguyễn Thị Lan');
      expect(contract).toContain('Giới tính: Nữ; Ngày sinh: 04/07/1990');
      expect(contract).toContain(
        'Mức lương: 12.500.000 đồng/tháng (Bằng chữ: Mười hai triệu năm trăm nghìn đồng).',
      );
      expect(contract).toMatch(/\+ .+: 730\.000 đồng\/tháng \(Bằng chữ: Bảy trăm ba mươi nghìn đồng\);/);
      expect(contract).toContain('Thời hạn: từ ngày 01/03/2026; ngày hết hạn: 28/02/2027');
      const probation = paper(await printAll('contracts', ids.probation), 'Hợp đồng thử việc');
      expect(probation).toContain('HỢP ĐỒNG THỬ VIỆC');
      expect(probation).toContain('Thời gian thử việc: từ ngày 02/01/2026 đến ngày 28/02/2026.');
      expect(probation).toContain('Mức lương thử việc: 10.625.000 đồng/tháng');
    });

    it('fills the annex template with the contract it amends', async () => {
      const papers = await printAll('contracts', ids.annex);
      expect(Object.keys(papers)).toEqual(['Phụ lục hợp đồng lao động']);
      expectFilled(papers);
      const annex = paper(papers, 'Phụ lục hợp đồng lao động');
      expect(annex).toContain('PHỤ LỤC HỢP ĐỒNG LAO ĐỘNG');
      expect(annex).toContain('Căn cứ Hợp đồng lao động số 0001/2026/HĐLĐ');
      expect(annex).toContain('Mức lương: 14.000.000 đồng/tháng');
    });

    it('fills the reward, discipline, transfer, appointment, dismissal and resignation decisions', async () => {
      const reward = await post('/api/om/rewards', {
        workerId: ids.worker,
        decisionNumber: '07/2026/QĐ-KT',
        decisionDate: '2026-05-08',
        effectiveDate: '2026-05-10',
        rewardTypeId: (await firstOf('/api/om/reward-types')).id,
        form: 'Tiền mặt',
        amount: '2000000',
        reason: 'Hoàn thành xuất sắc nhiệm vụ quý I',
      });
      const rewarded = paper(await printAll('rewards', reward), 'Quyết định khen thưởng');
      expectFilled({ rewarded });
      expect(rewarded).toContain('Về việc khen thưởng');
      expect(rewarded).toContain('Số: 07/2026/QĐ-KT');
      expect(rewarded).toContain('ngày 08 tháng 05 năm 2026');
      expect(rewarded).toContain('Khen thưởng Ông/Bà Nguyễn Thị Lan, mã nhân viên NV0001');
      expect(rewarded).toContain('Phòng Kinh doanh');
      expect(rewarded).toContain('Mức thưởng: 2.000.000 đồng (Bằng chữ: Hai triệu đồng)');
      expect(rewarded).toContain('Lý do: Hoàn thành xuất sắc nhiệm vụ quý I.');
      expect(rewarded).toContain('kể từ ngày 10/05/2026');

      const discipline = await post('/api/om/disciplines', {
        workerId: ids.worker,
        decisionNumber: '03/2026/QĐ-KL',
        decisionDate: '2026-05-12',
        effectiveDate: '2026-05-15',
        disciplineTypeId: (await firstOf('/api/om/discipline-types')).id,
        reason: 'Vi phạm nội quy lao động',
        expiryDate: '2026-11-15',
      });
      const disciplined = paper(await printAll('disciplines', discipline), 'Quyết định kỷ luật lao động');
      expectFilled({ disciplined });
      expect(disciplined).toContain('Về việc xử lý kỷ luật lao động');
      expect(disciplined).toContain('Hình thức kỷ luật: Khiển trách');
      expect(disciplined).toContain('Thời hạn chấp hành kỷ luật đến ngày 15/11/2026');

      const position = (await firstOf('/api/om/positions')).id;
      const moved = async (assignmentType: string, extra: Record<string, unknown>) => {
        const id = await post('/api/om/displacements', {
          workerId: ids.worker,
          decisionNumber: `${assignmentType.length}/2026/QĐ`,
          decisionDate: '2026-04-20',
          effectiveDate: '2026-05-01',
          assignmentType,
          ...extra,
        });
        const papers = await printAll('displacements', id);
        expectFilled(papers);
        return Object.values(papers).join('\n');
      };
      const transfer = await moved('TRANSFER', { toUnitId: ids.unit });
      expect(transfer).toContain('Về việc điều chuyển nhân sự');
      expect(transfer).toContain('Đến: Phòng Kinh doanh');
      const appointment = await moved('APPOINTMENT', { toUnitId: ids.unit, toPositionId: position });
      expect(appointment).toContain('Về việc bổ nhiệm');
      expect(appointment).toMatch(/giữ chức vụ .+, Phòng Kinh doanh, kể từ ngày 01\/05\/2026/);
      const dismissal = await moved('DISMISSAL', { toUnitId: ids.unit });
      expect(dismissal).toContain('Về việc miễn nhiệm');

      const resignation = await post('/api/om/resignations', {
        workerId: ids.worker,
        decisionNumber: '09/2026/QĐ-NV',
        decisionDate: '2026-06-20',
        effectiveDate: '2026-06-30',
        reason: 'Theo nguyện vọng cá nhân',
      });
      const resigned = paper(
        await printAll('resignations', resignation),
        'Quyết định chấm dứt hợp đồng lao động',
      );
      expectFilled({ resigned });
      expect(resigned).toContain('Về việc chấm dứt hợp đồng lao động');
      expect(resigned).toContain('Chấm dứt hợp đồng lao động đối với Ông/Bà Nguyễn Thị Lan');
      expect(resigned).toContain('kể từ ngày 30/06/2026');
    });
  },
);
