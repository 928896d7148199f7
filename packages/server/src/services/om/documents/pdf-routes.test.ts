import { execFileSync } from 'node:child_process';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../resources/documents/pdf/pdf-text.ts';
import { docxOf, paragraphsOf } from '../../../resources/testing/docx.ts';
import {
  download,
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { documentTemplateResource } from '../../system/document-templates/resources.ts';
import { categoryResources } from '../categories/category-resources.ts';
import { laborContractResource } from '../labor-contracts/resources.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { wageCategoryResources } from '../wage-categories/resources.ts';
import { workerResource } from '../workers/resources.ts';
import { MAX_PRINT_SELECTION } from './routes.ts';

const sofficeInstalled = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
})();

if (!sofficeInstalled)
  console.warn(
    'pdf-routes.test.ts: LibreOffice (soffice) is not installed, so the PDF conversions are skipped; install Debian’s libreoffice-writer-nogui to run them',
  );

type Failed = { code: string; message: string; errors?: { field: string; message: string }[] };
type Rendition = { id: string; state: string; fileName: string; error: string | null };

describe.each(await testEngines())(
  'printed documents as PDF and printed selections on $engine',
  ({ engine }) => {
    let kit: ResourceTestKit;
    let hr: Caller;
    let other: Caller;
    const ids = {} as Record<'worker' | 'first' | 'second' | 'template', string>;
    const resources = [
      laborContractResource,
      workerResource,
      organizationUnitResource,
      ...categoryResources,
      ...wageCategoryResources,
    ];

    const make = async (who: Caller, path: string, body: Record<string, unknown>) => {
      const res = await kit.http.post<{ data: { id: string } } & Failed>(path, body, who.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id;
    };
    const template = async (who: Caller, name: string, lines: string[]) => {
      const form = new FormData();
      form.append('ownerType', 'DOCUMENT_TEMPLATE');
      form.append('file', new Blob([new Uint8Array(docxOf(lines))]), `${name}.docx`);
      const uploaded = await fetch(`${kit.server.url}/api/storage/files/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.token}` },
        body: form,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      const file = ((await uploaded.json()) as { data: { id: string } }).data.id;
      return make(who, '/api/system/document-templates', { name, type: 'CONTRACT', file });
    };
    const selection = async (body: unknown, who = hr) => {
      const response = await fetch(`${kit.server.url}/api/om/contracts/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        headers: response.headers,
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    };

    beforeAll(async () => {
      kit = await startResourceTestKit(engine, { env: { JOB_POLL_SECONDS: '1' } });
      const files = ['file.create', 'file.view'];
      hr = await kit.caller([...resources, documentTemplateResource], files);
      other = await kit.caller([...resources, documentTemplateResource], files);
      const unit = await make(hr, '/api/om/organization-units', {
        code: 'PHONG_NS',
        name: 'Phòng Nhân sự',
        typeCode: 'PHONG',
      });
      const type = await make(hr, '/api/om/contract-types', {
        code: 'XDTH_12',
        name: 'Xác định thời hạn 12 tháng',
        salaryRate: '100',
      });
      ids.worker = await make(hr, '/api/om/workers', {
        code: 'NV0001',
        fullName: 'Nguyễn Thị Lan',
        gender: 'FEMALE',
        organizationUnitId: unit,
      });
      const contract = (number: string) => ({
        number,
        workerId: ids.worker,
        contractTypeId: type,
        signingDate: '2026-02-25',
        effectiveDate: '2026-03-01',
        expiryDate: '2027-02-28',
        salary: '12500000',
      });
      ids.first = await make(hr, '/api/om/contracts', contract('0001/2026/HĐLĐ'));
      ids.second = await make(hr, '/api/om/contracts', contract('0002/2026/HĐLĐ'));
      ids.template = await template(hr, 'Hợp đồng lao động', [
        'Hợp đồng số {number}',
        'Người lao động: {worker.fullName} — lương {salary} đồng',
      ]);
    });
    afterAll(() => kit?.stop());

    it('prints the chosen records into one .zip of Word files named by record', async () => {
      const zipped = await selection({ templateId: ids.template, ids: [ids.first, ids.second] });
      expect(zipped.status, zipped.bytes.toString()).toBe(200);
      expect(zipped.headers.get('content-type')).toBe('application/zip');
      const zip = new PizZip(zipped.bytes);
      const names = Object.keys(zip.files).sort();
      expect(names).toEqual([
        'Hợp đồng lao động - 0001-2026-HĐLĐ.docx',
        'Hợp đồng lao động - 0002-2026-HĐLĐ.docx',
      ]);
      expect(paragraphsOf(zip.file(names[1] ?? '')?.asUint8Array() ?? new Uint8Array())).toEqual([
        'Hợp đồng số 0002/2026/HĐLĐ',
        'Người lao động: Nguyễn Thị Lan — lương 12.500.000 đồng',
      ]);
    });

    it('refuses a selection past the bound, and a record the caller does not reach', async () => {
      const many = Array.from({ length: MAX_PRINT_SELECTION + 1 }, () => crypto.randomUUID());
      const tooMany = await selection({ templateId: ids.template, ids: many });
      expect(tooMany.status).toBe(400);
      expect((JSON.parse(tooMany.bytes.toString()) as Failed).errors?.[0]?.field).toMatch(/ids/);
      const foreign = await selection({ templateId: ids.template, ids: [ids.first] }, other);
      expect(foreign.status).toBe(404);
    });

    it('says whether PDF is offered, as LibreOffice is here or not', async () => {
      const res = await kit.http.get<{ data: { pdf: boolean } }>(
        '/api/om/document-renditions/capabilities',
        hr.token,
      );
      expect(res.status).toBe(200);
      expect(res.body.data.pdf).toBe(sofficeInstalled);
    });

    it.skipIf(!sofficeInstalled)(
      'converts a printed contract to PDF in the job queue, for the one who asked only',
      async () => {
        const asked = await kit.http.post<{ data: Rendition } & Failed>(
          `/api/om/contracts/${ids.first}/document-pdf`,
          { templateId: ids.template },
          hr.token,
        );
        expect(asked.status, JSON.stringify(asked.body)).toBe(202);
        expect(asked.body.data).toMatchObject({
          state: 'QUEUED',
          fileName: 'Hợp đồng lao động - 0001-2026-HĐLĐ.pdf',
        });
        const path = `/api/om/document-renditions/${asked.body.data.id}`;
        await expect
          .poll(async () => (await kit.http.get<{ data: Rendition }>(path, hr.token)).body.data.state, {
            timeout: 90_000,
            interval: 500,
          })
          .toBe('DONE');
        // another tenant's user does not see it
        expect((await kit.http.get(path, other.token)).status).toBe(404);
        const pdf = await download(`${kit.server.url}${path}/file`, hr.token);
        expect(pdf.status).toBe(200);
        expect(pdf.headers.get('content-type')).toBe('application/pdf');
        expect(pdfTextLines(pdf.bytes)).toEqual([
          'Hợp đồng số 0001/2026/HĐLĐ',
          'Người lao động: Nguyễn Thị Lan — lương 12.500.000 đồng',
        ]);
      },
      120_000,
    );

    it.skipIf(!sofficeInstalled)(
      'refuses PDF for a template that does not fit, before queueing anything',
      async () => {
        const broken = await template(hr, 'Sai', ['{noSuchField}']);
        const asked = await kit.http.post<Failed>(
          `/api/om/contracts/${ids.first}/document-pdf`,
          { templateId: broken },
          hr.token,
        );
        expect(asked.status).toBe(400);
        expect(asked.body.message).toMatch(/\{noSuchField\}/);
      },
    );
  },
);
