import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PageEnvelope, type TokenSet } from '@hcm/contracts';
import { WorkflowTemplateTypes } from '@hcm/contracts/settings';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../../db/schema.ts';
import { organizationUnits } from '../../om/tables/organization-units.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../testing/engines.ts';
import { makeTenant } from '../../../testing/factories.ts';
import { httpClient } from '../../../testing/http-client.ts';
import { startTestServer, TEST_HR_ADMIN, type TestServer } from '../../../testing/test-server.ts';
import { declaredResources } from '../../declared-resources.ts';
import { ethnicityResource } from '../../om/categories/category-resources.ts';
import { createTenant } from '../tenants/create-tenant.ts';
import { productSeeds, SEED_DATA_DIR } from './product-seeds.ts';
import { STARTER_DOCUMENTS } from './documents/starter-document-texts.ts';
import { DEFAULT_STEP_DEADLINE } from './starter-workflows.ts';
import { loadTenantSeeds, SeedDataError, type TenantSeeds } from './tenant-seeds.ts';
import { allOf } from '../../../../../../scripts/testing/all-of.ts';

type Named = { code: string; name: string; nameEn?: string | null; shortName?: string; priority: number };

/** The seed files whose every row has an English name (issue 27). */
const ENGLISH_NAMED = [
  'om/reward-types.json',
  'om/discipline-types.json',
  'om/contract-types.json',
  'om/job-titles.json',
  'om/job-positions.json',
  'om/positions.json',
  'om/allowance-types.json',
  'om/natures-of-work.json',
  'om/labor-natures.json',
];

const rowsOf = (seeds: TenantSeeds, file: string) =>
  (seeds.files.find((f) => f.file === file)?.rows ?? []) as unknown as Named[];

describe('the seed files shipped in packages/server/seed-data', () => {
  let seeds: TenantSeeds;
  beforeAll(async () => {
    seeds = await loadTenantSeeds(SEED_DATA_DIR, declaredResources);
  });

  it('every file is a list of bodies its resource would accept (all files of the folder, whoever wrote them)', () => {
    // loadTenantSeeds threw otherwise; here: what it found.
    expect(seeds.files.map((f) => f.file)).toEqual(
      expect.arrayContaining(['om/banks.json', 'om/ethnicities.json', 'om/religions.json']),
    );
    for (const { file, rows } of seeds.files) expect(rows.length, file).toBeGreaterThan(0);
  });

  it("has Vietnam's 54 ethnic groups, Kinh first, in the official order by priority", () => {
    const ethnicities = rowsOf(seeds, 'om/ethnicities.json');
    expect(ethnicities).toHaveLength(54);
    expect(new Set(ethnicities.map((e) => e.name)).size).toBe(54);
    expect(ethnicities.map((e) => e.priority)).toEqual(Array.from({ length: 54 }, (_, i) => i + 1));
    expect(ethnicities.slice(0, 5).map((e) => e.name)).toEqual(['Kinh', 'Tày', 'Thái', 'Hoa', 'Khơ-me']);
    expect(ethnicities.at(-1)?.name).toBe('Rơ-măm');
    for (const { code } of ethnicities) expect(code).toMatch(/^[A-Z0-9_]+$/);
  });

  it('has the recognised religions and "none", and banks with a code and a short name', () => {
    const religions = rowsOf(seeds, 'om/religions.json').map((r) => r.name);
    expect(religions).toEqual(expect.arrayContaining(['Không', 'Phật giáo', 'Công giáo', 'Tin Lành']));
    expect(religions).toHaveLength(17);
    const banks = rowsOf(seeds, 'om/banks.json');
    expect(banks.map((b) => b.code)).toEqual(expect.arrayContaining(['VCB', 'BIDV', 'ICB', 'VBA', 'MB']));
    for (const bank of banks) expect(bank.shortName?.length, bank.code).toBeGreaterThan(1);
  });

  it('has the forms of discipline of the Labour Code 2019, art. 124, in its order', () => {
    expect(rowsOf(seeds, 'om/discipline-types.json').map((d) => d.name)).toEqual([
      'Khiển trách',
      'Kéo dài thời hạn nâng lương không quá 06 tháng',
      'Cách chức',
      'Sa thải',
    ]);
  });

  it("has a first day's catalogues: reward types, job titles, positions, allowances, natures of work, contract types", () => {
    for (const file of [
      'om/reward-types.json',
      'om/job-titles.json',
      'om/job-positions.json',
      'om/positions.json',
      'om/allowance-types.json',
      'om/natures-of-work.json',
      'om/labor-natures.json',
    ])
      expect(rowsOf(seeds, file).length, file).toBeGreaterThanOrEqual(3);
    expect(rowsOf(seeds, 'om/contract-types.json').map((c) => c.code)).toEqual(
      expect.arrayContaining(['INDEFINITE_TERM', 'DEFINITE_TERM', 'PROBATION']),
    );
  });

  it('names each new catalogue row in English too (nameEn), kept for the tenant', async () => {
    for (const file of ENGLISH_NAMED) {
      const raw = JSON.parse(await readFile(join(SEED_DATA_DIR, file), 'utf8')) as { nameEn?: string }[];
      for (const row of raw) expect(row.nameEn, file).toMatch(/^[A-Za-z]/);
      expect(rowsOf(seeds, file).map((row) => row.nameEn)).toEqual(raw.map((row) => row.nameEn));
    }
  });

  it('reads the same files once per process for the product', async () => {
    expect(await productSeeds()).toBe(await productSeeds());
    expect((await productSeeds()).files.map((f) => f.file)).toEqual(seeds.files.map((f) => f.file));
  });
});

describe('a seed file the API would refuse stops the start, naming the file and the row', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hcm-seeds-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Loads a folder holding only `files` (path → content). */
  async function loadOnly(files: Record<string, string>): Promise<TenantSeeds> {
    const here = await mkdtemp(join(dir, 'case-'));
    for (const [path, content] of Object.entries(files)) {
      await mkdir(join(here, path, '..'), { recursive: true });
      await writeFile(join(here, path), content);
    }
    return loadTenantSeeds(here, declaredResources);
  }
  const refusal = (files: Record<string, string>) =>
    loadOnly(files).then(
      () => 'loaded',
      (error: unknown) =>
        error instanceof SeedDataError ? error.message : `not a SeedDataError: ${String(error)}`,
    );
  const ethnicities = (rows: unknown) => ({ 'om/ethnicities.json': JSON.stringify(rows) });

  it('a row without a required field, or with a field the API does not take', async () => {
    expect(await refusal(ethnicities([{ code: 'DT_A', name: 'A' }, { code: 'DT_B' }]))).toBe(
      'Seed data: om/ethnicities.json row 2: name: is required (error.required)',
    );
    expect(await refusal(ethnicities([{ code: 'DT_A', name: 'A', colour: 'red' }]))).toMatch(
      /^Seed data: om\/ethnicities\.json row 1: colour: /,
    );
    expect(await refusal(ethnicities([{ code: 'x!', name: 'A' }]))).toMatch(/row 1: code: .*error\.pattern/);
    expect(await refusal(ethnicities([{ code: 'DT_A', name: 'A\u0000' }]))).toMatch(/row 1: name: /);
    expect(await refusal(ethnicities([{ code: 'DT_A', name: 'A', nameEn: 'A'.repeat(201) }]))).toMatch(
      /^Seed data: om\/ethnicities\.json row 1: nameEn: .*error\.maxlength/,
    );
    expect(
      await refusal({
        'om/banks.json': JSON.stringify([{ code: 'VCB', name: 'A', shortName: 'VCB', nameEn: 'A' }]),
      }),
    ).toMatch(/^Seed data: om\/banks\.json row 1: nameEn: /);
  });

  it('two rows with one unique value, in any case', async () => {
    expect(
      await refusal(
        ethnicities([
          { code: 'DT_A', name: 'A' },
          { code: 'dt_a', name: 'B' },
        ]),
      ),
    ).toBe('Seed data: om/ethnicities.json row 2: code: "dt_a" is already on row 1');
  });

  it('a file that is not an array of objects, not JSON, or not at a tenant resource path', async () => {
    expect(await refusal(ethnicities({ code: 'DT_A' }))).toBe(
      'Seed data: om/ethnicities.json: must be a JSON array of create bodies',
    );
    expect(await refusal(ethnicities(['DT_A']))).toBe(
      'Seed data: om/ethnicities.json row 1: is not an object',
    );
    expect(await refusal({ 'om/ethnicities.json': '[{' })).toMatch(
      /^Seed data: om\/ethnicities\.json: is not JSON/,
    );
    expect(await refusal({ 'om/nowhere.json': '[]' })).toBe(
      'Seed data: om/nowhere.json: no declared resource is served at /api/om/nowhere',
    );
    expect(await refusal({ 'system/service-packs.json': '[]' })).toBe(
      'Seed data: system/service-packs.json: /api/system/service-packs is a system resource: seed data is loaded into each new tenant',
    );
    expect(await refusal({ 'ethnicities.json': '[]' })).toBe(
      'Seed data: ethnicities.json: a seed file is <service>/<path>.json',
    );
  });

  it('other files are not seeds (notes, data with a loader of its own), and a missing folder holds none', async () => {
    const others = { 'README.md': '# sources', 'areas/current.tsv': 'code\tname', ...ethnicities([]) };
    expect((await loadOnly(others)).files.map((f) => f.file)).toEqual(['om/ethnicities.json']);
    expect(await loadTenantSeeds(join(dir, 'absent'), declaredResources)).toEqual({ files: [] });
  });
});

describe.each(await testEngines('both'))(
  'a tenant the product creates gets the seeds on $engine',
  ({ engine }) => {
    let database: TestDatabase;
    let server: TestServer;
    let seeds: TenantSeeds;

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      server = await startTestServer({ ...database.env, LOG_LEVEL: 'warn' }, { productSeeds: true });
      seeds = await productSeeds();
    });
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
    });

    /** Rows of each seeded resource in the tenant, by seed file. */
    const countsIn = (tenantId: string) =>
      inScope(server.db.orm, { tenantId, userId: null }, async (tx) => {
        const counts: Record<string, number> = {};
        for (const { file, resource } of seeds.files) {
          const [row] = await tx.select({ n: count() }).from(resource.table);
          counts[file] = row?.n ?? 0;
        }
        return counts;
      });
    const expected = () => Object.fromEntries(seeds.files.map((f) => [f.file, f.rows.length]));

    it('the demo tenant made at first start: its administrator lists the 54 ethnic groups, Kinh first', async () => {
      const http = httpClient(server.url);
      const auth = await http.post<{ data: TokenSet }>('/api/iam/authenticate', {
        username: TEST_HR_ADMIN.username,
        password: TEST_HR_ADMIN.password,
      });
      expect(auth.status).toBe(200);
      const token = auth.body.data.accessToken;
      const res = await http.get<PageEnvelope<Named & { id: string }>>(
        '/api/om/ethnicities?pageSize=100',
        token,
      );
      expect(res.status).toBe(200);
      expect(res.body.page.total).toBe(54);
      expect(res.body.data[0]).toMatchObject({ code: 'DT_KINH', name: 'Kinh', status: 'ACTIVE' });
      // written by the product, not by a user (the list row carries its columns: the record says it)
      const kinh = await http.get<{ data: Named }>(`/api/om/ethnicities/${res.body.data[0]?.id}`, token);
      expect(kinh.body.data).toMatchObject({ code: 'DT_KINH', createdBy: null });
      const banks = await http.get<PageEnvelope<Named>>('/api/om/banks?pageSize=100', token);
      expect(banks.body.page.total).toBe(rowsOf(seeds, 'om/banks.json').length);
      // By name: "Ngân hàng Hợp tác xã…" before "Ngân hàng Liên doanh…", "Ngân hàng Nông nghiệp…", "Ngân hàng T…".
      expect(banks.body.data[0]).toMatchObject({ code: 'COOPBANK', shortName: 'Co-opBank' });
    });

    it('its catalogues carry their English names: the reward types and contract types answer nameEn', async () => {
      const http = httpClient(server.url);
      const auth = await http.post<{ data: TokenSet }>('/api/iam/authenticate', {
        username: TEST_HR_ADMIN.username,
        password: TEST_HR_ADMIN.password,
      });
      const token = auth.body.data.accessToken;
      for (const [path, file] of [
        ['/api/om/reward-types', 'om/reward-types.json'],
        ['/api/om/contract-types', 'om/contract-types.json'],
        ['/api/om/positions', 'om/positions.json'],
      ] as const) {
        const res = await http.get<PageEnvelope<Named>>(`${path}?pageSize=100`, token);
        expect(res.status, path).toBe(200);
        const stored = Object.fromEntries(res.body.data.map((row) => [row.code, row.nameEn]));
        expect(stored, path).toEqual(
          Object.fromEntries(rowsOf(seeds, file).map((row) => [row.code, row.nameEn])),
        );
      }
      const indefinite = await http.get<PageEnvelope<Named>>(
        '/api/om/contract-types?code=INDEFINITE_TERM',
        token,
      );
      expect(indefinite.body.data[0]?.nameEn).toMatch(/^Indefinite/i);
    });

    it('its administrator finds one default workflow of a reward, assigned to the HR administrator role', async () => {
      const http = httpClient(server.url);
      const auth = await http.post<{ data: TokenSet }>('/api/iam/authenticate', {
        username: TEST_HR_ADMIN.username,
        password: TEST_HR_ADMIN.password,
      });
      const token = auth.body.data.accessToken;
      const found = await http.get<PageEnvelope<{ id: string; code: string; name: string }>>(
        '/api/system/workflow-templates/search-auto-complete?workflowTemplateTypes=REWARD&pageSize=20',
        token,
      );
      expect(found.status).toBe(200);
      expect(found.body.data.map((t) => [t.code, t.name])).toEqual([['DEFAULT_REWARD', 'Duyệt khen thưởng']]);
      const detail = await http.get<{
        data: { status: string; steps: { assignmentType: string; assignmentName: string }[] };
      }>(`/api/system/workflow-templates/${found.body.data[0]?.id}`, token);
      expect(detail.body.data.status).toBe('ACTIVE');
      expect(detail.body.data.steps).toEqual([
        expect.objectContaining({
          assignmentType: 'ROLE',
          assignmentName: 'Quản trị nhân sự',
          ...DEFAULT_STEP_DEADLINE,
        }),
      ]);
      const all = await http.get<PageEnvelope<unknown>>('/api/system/workflow-templates?pageSize=100', token);
      expect(all.body.page.total).toBe(Object.keys(WorkflowTemplateTypes).length);
    });

    it('its administrator finds the starter document templates, active, one per paper of a first day', async () => {
      const http = httpClient(server.url);
      const auth = await http.post<{ data: TokenSet }>('/api/iam/authenticate', {
        username: TEST_HR_ADMIN.username,
        password: TEST_HR_ADMIN.password,
      });
      const token = auth.body.data.accessToken;
      const res = await http.get<
        PageEnvelope<{ name: string; type: string; fileExtension: string; status: string }>
      >('/api/system/document-templates?pageSize=100&sortBy=name.asc', token);
      expect(res.status).toBe(200);
      expect(res.body.data.map((t) => [t.type, t.fileExtension, t.status]).sort()).toEqual(
        STARTER_DOCUMENTS.map((d) => [d.type, 'docx', 'ACTIVE']).sort(),
      );
      expect(res.body.data.map((t) => t.name)).toEqual(
        expect.arrayContaining(['Hợp đồng lao động', 'Hợp đồng thử việc', 'Quyết định khen thưởng']),
      );
    });

    it('a tenant created with the seeds has every file, written in its own transaction', async () => {
      const tenant = await createTenant(server.db.orm, {
        code: `seeded_${engine}`,
        name: 'Công ty Mới',
        seeds,
      });
      expect(await countsIn(tenant.id)).toEqual(expected());
      // and the top of its organisation chart: the company itself
      const units = await inScope(server.db.orm, { tenantId: tenant.id, userId: null }, (tx) =>
        tx
          .select({
            code: organizationUnits.code,
            name: organizationUnits.name,
            typeCode: organizationUnits.typeCode,
            parentId: organizationUnits.parentId,
          })
          .from(organizationUnits),
      );
      expect(units).toEqual([
        { code: `seeded_${engine}`, name: 'Công ty Mới', typeCode: 'CONG_TY', parentId: null },
      ]);
    });

    it('a test factory tenant pays for none', async () => {
      const tenant = await makeTenant(server.db.orm, { licence: null });
      expect(allOf(Object.values(await countsIn(tenant.id)), (n) => n === 0)).toBe(true);
    });

    it('the tenant and its seeds together or not at all', async () => {
      const broken: TenantSeeds = {
        files: [
          {
            file: 'om/ethnicities.json',
            resource: ethnicityResource,
            // Past the loader's checks (built by hand): the database refuses the second code.
            rows: [
              { code: 'DT_A', name: 'A' },
              { code: 'dt_a', name: 'B' },
            ],
          },
        ],
      };
      await expect(
        createTenant(server.db.orm, { code: 'half_made', name: 'Nửa chừng', seeds: broken }),
      ).rejects.toThrow();
      const found = await server.db.orm.select().from(tenants).where(eq(tenants.code, 'half_made'));
      expect(found).toEqual([]);
    });
  },
);
