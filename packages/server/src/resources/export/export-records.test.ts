import { PassThrough } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobTitles } from '../../services/om/tables/categories.ts';
import { inScope } from '../../db/tenant-scope.ts';
import { jobTitleResource } from '../../services/om/categories/category-resources.ts';
import { testEngines } from '../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../testing/factories.ts';
import { serveDuringSuite } from '../../testing/serve-during-suite.ts';
import { defineResource } from '../define-resource.ts';
import { orderOf, whereOf } from '../search/list-query.ts';
import { readSheet } from '../testing/kit.ts';
import { startExport, untilZipped } from './export-records.ts';

type Internals = { stream?: { pipes?: { _writableState?: { length: number } }[] } };

describe('untilZipped', () => {
  it("keeps exceljs's worksheet XML from piling up ahead of the zip", async () => {
    const out = new PassThrough();
    let bytes = 0;
    out.on('data', (chunk: Buffer) => (bytes += chunk.length));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = workbook.addWorksheet('rows');
    // The internals the wait reads: if exceljs renames them, this fails instead of memory growing.
    const pipes = (sheet as unknown as Internals).stream?.pipes ?? [];
    expect(pipes.length).toBeGreaterThan(0);
    let backlog = 0;
    for (let batch = 0; batch < 30; batch++) {
      for (let i = 0; i < 1000; i++) sheet.addRow([`CODE_${batch}_${i}`, `Tên chức danh ${i}`, i]).commit();
      backlog = Math.max(backlog, ...pipes.map((p) => p._writableState?.length ?? 0));
      await untilZipped(sheet);
    }
    sheet.commit();
    await workbook.commit();
    // 30,000 rows are about 3 MB of XML; what waits for the zip stays a few hundred KB.
    expect(backlog).toBeLessThan(1024 * 1024);
    expect(bytes).toBeGreaterThan(100_000);
  });
});

/** The job titles with every sort the keyset must get right: a nullable column, both directions. */
const sortable = defineResource({
  ...jobTitleResource.declaration,
  sort: ['code', 'name', 'description', 'priority', 'createdAt'],
  exportColumns: ['code', 'description', 'priority'],
});

/** One entry of a zip by name, read through the central directory (the writer streams, so the local headers carry no sizes). */
function unzipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const data = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
      const body = zip.subarray(data, data + size);
      return (zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(body) : body).toString('utf8');
    }
    at += 46 + skip;
  }
  throw new Error(`${name} is not in the zip`);
}

const collect = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe.each(await testEngines('both'))('exports on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine, { LOG_LEVEL: 'warn' });
  let scope = { tenantId: '' as string | null, userId: null as string | null };

  beforeAll(async () => {
    const tenant = await makeTenant(suite.server.db.orm);
    scope = { tenantId: tenant.id, userId: null };
    // 23 rows inserted together (one created_at, so id breaks the ties), few distinct
    // priorities and descriptions, some of them NULL: every page boundary lands inside a tie.
    const rows = Array.from({ length: 23 }, (_, i) => ({
      tenantId: tenant.id,
      code: `K_${String((i * 7) % 23).padStart(2, '0')}`,
      name: `Tên ${i % 4}`,
      description: i % 3 === 0 ? null : `Mô tả ${i % 5}`,
      priority: i % 3,
    }));
    await inScope(suite.server.db.orm, scope, (tx) => tx.insert(jobTitles).values(rows));
  });

  it.each([
    undefined,
    'description.asc',
    'description.desc',
    'priority.desc',
    'name.asc',
    'createdAt.desc',
    'code.desc',
  ])('reads every row once, in the list order, in keyset pages (sortBy %s)', async (sortBy) => {
    const query = { filters: {}, ...(sortBy ? { sortBy } : {}) };
    const expected = await inScope(suite.server.db.orm, scope, async (tx) => {
      const result = (await tx.execute(
        sql`select code from job_titles where ${whereOf(sortable, scope, query)} order by ${sql.join(orderOf(sortable, sortBy), sql`, `)}`,
      )) as unknown as { rows: { code: string }[] };
      return result.rows.map((row) => row.code);
    });
    expect(expected).toHaveLength(23);
    for (const pageSize of [1, 4, 23, 1000]) {
      const run = startExport(suite.server.db.orm, sortable, scope, query, 'en', { pageSize });
      const rows = await readSheet(await collect(run.stream));
      expect(rows.slice(1).map((row) => row[0])).toEqual(expected);
    }
  });

  describe('GET /export with the query of a list page', () => {
    let token = '';
    let ids: Record<string, string> = {};
    beforeAll(async () => {
      const tenant = await makeTenant(suite.server.db.orm);
      const { user } = await makeUser(
        { db: suite.server.db.orm, passwords: suite.server.passwords },
        { tenantId: tenant.id, permissions: ['job_title.view', 'job_title.export'] },
      );
      token = await accessTokenFor(suite.server.db.orm, user);
      // 30 rows: more than the page the list shows, 10 of them INACTIVE
      const rows = Array.from({ length: 30 }, (_, i) => ({
        tenantId: tenant.id,
        code: `LIST_${String(i).padStart(2, '0')}`,
        name: i % 2 === 0 ? `Kỹ sư ${i}` : `Kế toán ${i}`,
        priority: i,
        status: i % 3 === 0 ? 'INACTIVE' : 'ACTIVE',
      }));
      const inserted = await inScope(suite.server.db.orm, { tenantId: tenant.id, userId: null }, (tx) =>
        tx.insert(jobTitles).values(rows).returning({ id: jobTitles.id, code: jobTitles.code }),
      );
      ids = Object.fromEntries(inserted.map((row) => [row.code, row.id]));
    });
    const exported = async (query: string) => {
      const res = await fetch(`${suite.server.url}/api/om/job-titles/export?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
    };
    const codesOf = async (body: Buffer) => (await readSheet(body)).slice(1).map((row) => row[0]);

    it('exports every row the filters and keyword match, in its sort, whatever page the list shows', async () => {
      const { status, body } = await exported(
        'pageIndex=2&pageSize=5&keyword=k%E1%BB%B9%20s%C6%B0&status=ACTIVE&sortBy=priority.desc',
      );
      expect(status).toBe(200);
      const expected = Array.from({ length: 30 }, (_, i) => i)
        .filter((i) => i % 2 === 0 && i % 3 !== 0)
        .reverse()
        .map((i) => `LIST_${String(i).padStart(2, '0')}`);
      expect(await codesOf(body)).toEqual(expected);
    });

    it('exports exactly the selected rows given as ids', async () => {
      const chosen = ['LIST_03', 'LIST_17', 'LIST_28'];
      const query = chosen.map((code) => `ids=${ids[code]}`).join('&');
      const { status, body } = await exported(`${query}&sortBy=code.desc`);
      expect(status).toBe(200);
      expect(await codesOf(body)).toEqual([...chosen].reverse());
      // one id alone is a selection too
      expect(await codesOf((await exported(`ids=${ids.LIST_05}`)).body)).toEqual(['LIST_05']);
    });

    it.each([
      ['an unknown parameter', 'colour=red'],
      ['an id that is not a uuid', 'ids=12'],
      [
        'more ids than a selection holds',
        Array.from({ length: 101 }, () => `ids=${crypto.randomUUID()}`).join('&'),
      ],
      ['a page size beyond the limit', 'pageSize=101'],
    ])('refuses %s with 400', async (_what, query) => {
      const { status, body } = await exported(query);
      expect(status).toBe(400);
      expect(JSON.parse(body.toString('utf8'))).toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });

  it('writes text that starts like a formula as plain text: no <f>, the text unchanged', async () => {
    const tenant = await makeTenant(suite.server.db.orm);
    const { user } = await makeUser(
      { db: suite.server.db.orm, passwords: suite.server.passwords },
      { tenantId: tenant.id, permissions: ['job_title.view', 'job_title.export'] },
    );
    const token = await accessTokenFor(suite.server.db.orm, user);
    // Written straight to the table: whatever the API lets in today, old rows may hold anything.
    const hostile = ['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(1,2)', '\t=1+1', '\r=1+1'];
    await inScope(suite.server.db.orm, { tenantId: tenant.id, userId: null }, (tx) =>
      tx.insert(jobTitles).values(hostile.map((name, i) => ({ tenantId: tenant.id, code: `F_${i}`, name }))),
    );
    const res = await fetch(`${suite.server.url}/api/om/job-titles/export?sortBy=code.asc`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const file = Buffer.from(await res.arrayBuffer());
    const xml = unzipEntry(file, 'xl/worksheets/sheet1.xml');
    expect(xml).not.toMatch(/<f[\s>]/);
    // Each is a literal inline string (not t="str", the type of a formula's result).
    const cells = [...xml.matchAll(/<c r="B(\d+)"([^>]*)>(.*?)<\/c>/gs)].filter(([, row]) => row !== '1');
    expect(cells).toHaveLength(hostile.length);
    for (const [i, [, , attributes, content]] of cells.entries()) {
      expect(attributes).toContain('t="inlineStr"');
      const text = [...(content ?? '').matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((m) => m[1]).join('');
      const decoded = text
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&#x([0-9A-F]+);/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        .replace(/&amp;/g, '&');
      expect(decoded).toBe(hostile[i]);
    }
    // exceljs, as a spreadsheet program would, reads them as text, not formulas.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    for (let row = 2; row <= hostile.length + 1; row++)
      expect(workbook.worksheets[0]?.getCell(row, 2).formula).toBeUndefined();
  });
});
