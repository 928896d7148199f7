import { workerContract } from '@hcm/contracts/workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationUnitResource } from '../../services/om/organization-units/resources.ts';
import { positionResource } from '../../services/om/positions/position-resource.ts';
import { workerResource } from '../../services/om/workers/resources.ts';
import { testEngines } from '../../testing/engines.ts';
import {
  readSheet,
  startResourceTestKit,
  upload,
  workbookOf,
  type Caller,
  type ResourceTestKit,
} from '../testing/kit.ts';

type Worker = { code: string; organizationUnitId: string; jobPositionId: string | null };

describe.each(await testEngines())(
  'import cells naming a record by code or name on $engine',
  ({ engine }) => {
    let kit: ResourceTestKit;
    let hr: Caller;
    const ids: Record<string, string> = {};
    const header = workerContract.importColumns.map((name) => workerContract.fields[name]?.label.vi ?? name);
    /** a worker row with the given cells by field name, the rest empty */
    const row = (cells: Record<string, unknown>): unknown[] =>
      workerContract.importColumns.map((name) => cells[name] ?? null);
    const make = async (path: string, body: Record<string, unknown>, who = hr) => {
      const res = await kit.http.post<{ data: { id: string } }>(path, body, who.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id;
    };

    beforeAll(async () => {
      kit = await startResourceTestKit(engine);
      hr = await kit.caller([workerResource, organizationUnitResource, positionResource]);
      const other = await kit.caller([workerResource, organizationUnitResource, positionResource]);
      ids.sales = await make('/api/om/organization-units', {
        code: 'PHONG_KD',
        name: 'Phòng Kinh doanh',
        typeCode: 'PHONG',
      });
      ids.twinA = await make('/api/om/organization-units', {
        code: 'TO_1',
        name: 'Tổ Bảo vệ',
        typeCode: 'PHONG',
      });
      ids.twinB = await make('/api/om/organization-units', {
        code: 'TO_2',
        name: 'Tổ Bảo vệ',
        typeCode: 'PHONG',
      });
      ids.head = await make('/api/om/positions', { code: 'TRUONG_P', name: 'Trưởng phòng' });
      // another tenant's unit of the same code is never matched
      await make(
        '/api/om/organization-units',
        { code: 'PHONG_HC', name: 'Phòng Hành chính', typeCode: 'PHONG' },
        other,
      );
    });
    afterAll(() => kit?.stop());

    it('takes a code or a name (any case) for a reference, refuses one naming none or two records, and writes nothing then', async () => {
      const [an, binh, chi, dung, em] = [
        row({
          code: 'NV0001',
          fullName: 'Lê An',
          gender: 'MALE',
          organizationUnitId: 'phong_kd',
          jobPositionId: 'Trưởng phòng',
        }),
        row({ code: 'NV0002', fullName: 'Lê Bình', gender: 'MALE', organizationUnitId: 'phòng kinh doanh' }),
        row({ code: 'NV0003', fullName: 'Lê Chi', gender: 'FEMALE', organizationUnitId: 'PHONG_HC' }),
        row({ code: 'NV0004', fullName: 'Lê Dũng', gender: 'MALE', organizationUnitId: 'Tổ Bảo vệ' }),
        row({ code: 'NV0005', fullName: 'Lê Em', gender: 'MALE', organizationUnitId: 'TO_2' }),
      ];
      const url = `${kit.server.url}/api/om/workers/import`;
      const refused = await upload(url, hr.token, await workbookOf([header, an, binh, chi, dung, em]));
      expect(refused.status).toBe(400);
      const messages = (await readSheet(refused.bytes)).slice(1).map((cells) => String(cells.at(-1) ?? ''));
      expect(messages.map((message) => message.includes('Đơn vị'))).toEqual([
        false,
        false,
        true,
        true,
        false,
      ]);
      expect(
        (await kit.http.get<{ page: { total: number } }>('/api/om/workers', hr.token)).body.page.total,
      ).toBe(0);

      const imported = await upload(
        url,
        hr.token,
        await workbookOf([
          header,
          an,
          binh,
          em,
          row({ code: 'NV0006', fullName: 'Lê Giang', gender: 'FEMALE', organizationUnitId: ids.sales }),
        ]),
      );
      expect(imported.status, JSON.stringify(imported.json)).toBe(200);
      const workers = (await kit.http.get<{ data: Worker[] }>('/api/om/workers?sortBy=code.asc', hr.token))
        .body.data;
      expect(workers.map((w) => [w.code, w.organizationUnitId, w.jobPositionId])).toEqual([
        ['NV0001', ids.sales, ids.head],
        ['NV0002', ids.sales, null],
        ['NV0005', ids.twinB, null],
        ['NV0006', ids.sales, null],
      ]);
    });
  },
);
