import type { ErrorEnvelope } from '@hcm/contracts';
import { LookupErrorKeys, type LookupTable, type LookupVersion } from '@hcm/contracts/payroll-lookup-tables';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import {
  download,
  readSheet,
  startResourceTestKit,
  upload,
  workbookOf,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { STATUTORY_TABLES } from '../statutory/data/tables.ts';
import { loadCatalogue } from '../variables/catalogue.ts';
import { loadTables } from './load-tables.ts';
import { seedLookupTables, storedFormOf } from './seed.ts';

const BASE = '/api/pm/lookup-tables';
const PERMISSIONS = ['view', 'create', 'update', 'delete', 'export'].map((a) => `salary_configuration.${a}`);

/** A tenant's own keyed table: a seniority allowance rate by years of service band. */
const SENIORITY = {
  code: 'PC_THAM_NIEN',
  name: 'Phụ cấp thâm niên',
  nameEn: 'Seniority allowance',
  kind: 'band',
  keyType: 'NUMBER',
  columns: [
    { code: 'TY_LE', type: 'PERCENT', name: 'Tỷ lệ', nameEn: 'Rate' },
    { code: 'TOI_DA', type: 'MONEY', name: 'Tối đa', nameEn: 'At most' },
  ],
};
const SENIORITY_ROWS = [
  { key: 3, values: { TY_LE: 0, TOI_DA: 0 } },
  { key: 10, values: { TY_LE: 5, TOI_DA: 1_000_000 } },
  { key: null, values: { TY_LE: 10, TOI_DA: 2_000_000 } },
];

/*
 * Salary › Config › lookup tables over HTTP (docs/payroll-variables.md, "Lookup tables"): create,
 * versions, checks with nothing written, the version in force, export and import, the catalogue
 * and the statutory seed of a new tenant.
 */
describe.each(await testEngines())('payroll lookup tables on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let tableId = '';
  const inTenant = <T>(work: (tx: Tx) => Promise<T>, tenantId = hr.tenantId) =>
    inScope(kit.server.db.orm, { tenantId, userId: null }, work);
  const put = <T>(path: string, body: unknown, token = hr.token) =>
    kit.http.request<T>('PUT', path, { body, token });
  const del = <T>(path: string, token = hr.token) => kit.http.request<T>('DELETE', path, { token });
  const versionCount = async () =>
    (
      await rows<{ n: number }>(
        kit.server.db.orm,
        sql`select count(*)::int as n from payroll_lookup_table_versions where table_id = ${tableId}`,
      )
    )[0]?.n;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([], PERMISSIONS);
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('creates a table and refuses its code a second time, or a code the catalogue gives', async () => {
    const made = await kit.http.post<{ data: LookupTable }>(BASE, SENIORITY, hr.token);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    tableId = made.body.data.id;
    expect(made.body.data).toMatchObject({ code: 'PC_THAM_NIEN', kind: 'band', versions: [], version: 1 });
    const again = await kit.http.post<ErrorEnvelope>(BASE, SENIORITY, hr.token);
    expect(again.status).toBe(400);
    expect(again.body.errors?.[0]).toMatchObject({ field: 'code', code: 'error.taken' });
    const derived = await kit.http.post<ErrorEnvelope>(BASE, { ...SENIORITY, code: 'HE_SO_BAC' }, hr.token);
    expect(derived.body.errors?.[0]).toMatchObject({ field: 'code', code: LookupErrorKeys.codeTaken });
    const lower = await kit.http.post<ErrorEnvelope>(BASE, { ...SENIORITY, code: 'pc_khac' }, hr.token);
    expect(lower.status).toBe(400);
  });

  it('adds dated versions, refusing wrong rows and a second version of a day with nothing written', async () => {
    const bad = await kit.http.post<ErrorEnvelope>(
      `${BASE}/${tableId}/versions`,
      { effectiveFrom: '2026-01-01', rows: [SENIORITY_ROWS[1], SENIORITY_ROWS[0], SENIORITY_ROWS[2]] },
      hr.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      expect.objectContaining({ field: 'rows[1].key', code: LookupErrorKeys.bandOrder }),
    ]);
    expect(await versionCount()).toBe(0);
    for (const [effectiveFrom, rate] of [
      ['2025-01-01', 4],
      ['2026-01-01', 5],
    ] as const) {
      const made = await kit.http.post<{ data: LookupVersion }>(
        `${BASE}/${tableId}/versions`,
        {
          effectiveFrom,
          note: 'Quy chế lương',
          rows: SENIORITY_ROWS.map((row, i) =>
            i === 1 ? { ...row, values: { ...row.values, TY_LE: rate } } : row,
          ),
        },
        hr.token,
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    const twice = await kit.http.post<ErrorEnvelope>(
      `${BASE}/${tableId}/versions`,
      { effectiveFrom: '2026-01-01', rows: SENIORITY_ROWS },
      hr.token,
    );
    expect(twice.body.errors?.[0]).toMatchObject({ field: 'effectiveFrom', code: 'error.taken' });
    expect(await versionCount()).toBe(2);
    const table = await kit.http.get<{ data: LookupTable }>(`${BASE}/${tableId}`, hr.token);
    expect(table.body.data.versions.map((v) => [v.effectiveFrom, v.rowCount])).toEqual([
      ['2026-01-01', 3],
      ['2025-01-01', 3],
    ]);
  });

  it('gives the formulas the version in force on the day, percentages as fractions', async () => {
    const on = (day: string) => inTenant((tx) => loadTables(tx, hr.tenantId, day));
    expect((await on('2024-12-31')).PC_THAM_NIEN).toBeUndefined();
    expect((await on('2025-06-30')).PC_THAM_NIEN?.rows).toEqual([
      { upTo: 3, values: { TY_LE: 0, TOI_DA: 0 } },
      { upTo: 10, values: { TY_LE: 0.04, TOI_DA: 1_000_000 } },
      { upTo: null, values: { TY_LE: 0.1, TOI_DA: 2_000_000 } },
    ]);
    expect((await on('2026-03-31')).PC_THAM_NIEN?.rows[1]?.values.TY_LE).toBe(0.05);
  });

  it('puts the table in the catalogue with its columns, and the API lists it for the editor', async () => {
    const catalogue = await inTenant((tx) => loadCatalogue(tx, hr.tenantId, '2026-03-31'));
    expect(catalogue.table('pc_tham_nien')).toMatchObject({
      code: 'PC_THAM_NIEN',
      kind: 'band',
      keyType: 'NUMBER',
      columns: [
        { code: 'TY_LE', type: 'PERCENT' },
        { code: 'TOI_DA', type: 'MONEY' },
      ],
    });
  });

  it('refuses a stale version and a change of columns an existing version no longer fits', async () => {
    const read = await kit.http.get<{ data: LookupTable }>(`${BASE}/${tableId}`, hr.token);
    const [newest] = read.body.data.versions;
    const stale = await put<ErrorEnvelope>(`${BASE}/${tableId}/versions/${newest?.id}`, {
      effectiveFrom: '2026-01-01',
      rows: SENIORITY_ROWS,
      version: 7,
    });
    expect(stale.status).toBe(409);
    const retyped = await put<ErrorEnvelope>(`${BASE}/${tableId}`, {
      name: SENIORITY.name,
      columns: [{ code: 'TY_LE', type: 'TEXT', name: 'Tỷ lệ' }, SENIORITY.columns[1]],
      version: read.body.data.version,
    });
    expect(retyped.status).toBe(400);
    expect(retyped.body.errors?.map((error) => [error.field, error.params?.effectiveFrom])).toEqual([
      ['columns', '2025-01-01'],
      ['columns', '2026-01-01'],
    ]);
    const renamed = await put<{ data: LookupTable }>(`${BASE}/${tableId}`, {
      name: 'Phụ cấp thâm niên (quy chế 2026)',
      columns: SENIORITY.columns,
      version: read.body.data.version,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.version).toBe(read.body.data.version + 1);
  });

  it('exports a version as a sheet and reads it back as another date’s version', async () => {
    const read = await kit.http.get<{ data: LookupTable }>(`${BASE}/${tableId}`, hr.token);
    const newest = read.body.data.versions[0];
    const file = await download(
      `${kit.server.url}${BASE}/${tableId}/versions/${newest?.id}/export`,
      hr.token,
    );
    expect(file.status).toBe(200);
    const sheet = await readSheet(file.bytes);
    expect(sheet.slice(1).map((row) => Array.from(row, (cell) => cell ?? null))).toEqual([
      [3, 0, 0],
      [10, 5, 1_000_000],
      [null, 10, 2_000_000],
    ]);
    const sent = await upload(
      `${kit.server.url}${BASE}/${tableId}/versions/import?effectiveFrom=2027-01-01&note=${encodeURIComponent('Nhập từ Excel')}`,
      hr.token,
      await workbookOf([sheet[0] as unknown[], [3, 0, 0], [10, '6', '1.200.000'], [null, 10, 2_000_000]]),
    );
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const imported = (sent.json as unknown as { data: LookupVersion }).data;
    expect(imported).toMatchObject({ effectiveFrom: '2027-01-01', note: 'Nhập từ Excel' });
    expect(imported.rows[1]).toEqual({ key: 10, values: { TY_LE: 6, TOI_DA: 1_200_000 } });

    const wrong = await upload(
      `${kit.server.url}${BASE}/${tableId}/versions/import?effectiveFrom=2027-01-01`,
      hr.token,
      await workbookOf([sheet[0] as unknown[], [10, 5, 0], [3, 0, 0], [null, 'mười', 0]]),
    );
    expect(wrong.status).toBe(400);
    expect((wrong.json as unknown as ErrorEnvelope).errors).toEqual([
      expect.objectContaining({
        field: 'rows[1].key',
        code: LookupErrorKeys.bandOrder,
        params: expect.objectContaining({ sheetRow: 3 }),
      }),
      expect.objectContaining({ field: 'rows[2].values.TY_LE', code: LookupErrorKeys.valueType }),
    ]);
    // the version of that date is as the first import left it
    const kept = await kit.http.get<{ data: LookupVersion }>(
      `${BASE}/${tableId}/versions/${imported.id}`,
      hr.token,
    );
    expect(kept.body.data.rows[1]).toEqual({ key: 10, values: { TY_LE: 6, TOI_DA: 1_200_000 } });
  });

  it('is closed to a caller without salary configuration and to another tenant', async () => {
    const clerk = await kit.caller([], ['salary_configuration.view']);
    const refused = await kit.http.post(BASE, { ...SENIORITY, code: 'KHAC' }, clerk.token);
    expect(refused.status).toBe(403);
    expect((await kit.http.get<{ data: LookupTable[] }>(BASE, clerk.token)).body.data).toEqual([]);
    expect((await kit.http.get(`${BASE}/${tableId}`, clerk.token)).status).toBe(404);
  });

  it('removes a version and then the table with its versions', async () => {
    const read = await kit.http.get<{ data: LookupTable }>(`${BASE}/${tableId}`, hr.token);
    const oldest = read.body.data.versions.at(-1);
    expect((await del(`${BASE}/${tableId}/versions/${oldest?.id}`)).status).toBe(200);
    expect(await versionCount()).toBe(2);
    expect((await del(`${BASE}/${tableId}`)).status).toBe(200);
    expect(await versionCount()).toBe(0);
    expect((await kit.http.get(`${BASE}/${tableId}`, hr.token)).status).toBe(404);
  });

  it('seeds the statutory tables into a tenant once, leaving a table the tenant changed alone', async () => {
    const fresh = await kit.caller([], PERMISSIONS);
    const seed = () => inTenant((tx) => seedLookupTables(tx, fresh.tenantId), fresh.tenantId);
    expect(await seed()).toEqual({ tables: 1, versions: 2 });
    expect(await seed()).toEqual({ tables: 0, versions: 0 });
    const listed = await kit.http.get<{ data: LookupTable[] }>(BASE, fresh.token);
    const thue = listed.body.data.find((table) => table.code === 'THUE_TNCN');
    expect(thue?.versions.map((v) => [v.effectiveFrom, v.rowCount])).toEqual([
      ['2026-01-01', 5],
      ['2009-01-01', 7],
    ]);
    // the 2026 bands in force for March 2026, as fractions
    const tables = await inTenant((tx) => loadTables(tx, fresh.tenantId, '2026-03-31'), fresh.tenantId);
    expect(tables.THUE_TNCN?.rows.map((row) => [row.upTo, row.values.THUE_SUAT])).toEqual([
      [10_000_000, 0.05],
      [30_000_000, 0.1],
      [60_000_000, 0.2],
      [100_000_000, 0.3],
      [null, 0.35],
    ]);
    // HR drops the 2026 version and changes the columns: a later seed adds nothing back to it
    await inTenant(
      (tx) => tx.execute(sql`delete from payroll_lookup_table_versions where effective_from = '2026-01-01'`),
      fresh.tenantId,
    );
    await inTenant(
      (tx) =>
        tx.execute(
          sql`update payroll_lookup_tables set columns = columns || '[{"code":"GHI_CHU","type":"TEXT","name":"Ghi chú"}]'::jsonb`,
        ),
      fresh.tenantId,
    );
    expect(await seed()).toEqual({ tables: 0, versions: 0 });
  });

  it('seeds each new tenant its own tables through the owner connection, which row-level security does not narrow', async () => {
    // a tenant is created, and seeded, through the owner's connection: the seed must name the
    // tenant itself, or the second tenant finds the first one's THUE_TNCN and gets none of its own
    const first = await kit.caller([], PERMISSIONS);
    const second = await kit.caller([], PERMISSIONS);
    const asOwner = (tenantId: string) =>
      kit.server.db.orm.transaction((tx) => seedLookupTables(tx as unknown as Tx, tenantId));
    expect(await asOwner(first.tenantId)).toEqual({ tables: 1, versions: 2 });
    expect(await asOwner(second.tenantId)).toEqual({ tables: 1, versions: 2 });
    for (const caller of [first, second]) {
      const listed = await kit.http.get<{ data: LookupTable[] }>(BASE, caller.token);
      expect(listed.body.data.map((table) => table.code)).toContain('THUE_TNCN');
    }
  });

  it('holds the statutory tables as migration 0074 wrote them for the tenants that existed', async () => {
    const sqlText = await import('node:fs').then((fs) =>
      fs.readFileSync(new URL('../../../../migrations/0074_payroll_variables.sql', import.meta.url), 'utf8'),
    );
    const literals = [...sqlText.matchAll(/'(\[\{.*?\}\])'::jsonb/g)].map((match) =>
      JSON.parse(match[1] as string),
    );
    const [thue] = STATUTORY_TABLES.map(storedFormOf);
    expect(literals).toEqual([thue?.columns, ...(thue?.versions.map((version) => version.rows) ?? [])]);
    for (const version of thue?.versions ?? []) expect(sqlText).toContain(`date '${version.effectiveFrom}'`);
  });
});
