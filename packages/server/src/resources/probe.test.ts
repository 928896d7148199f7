import type { ErrorEnvelope } from '@hcm/contracts';
import { oneOfEachShape, type ExampleContext } from '@hcm/contracts/resource';
import { count, eq } from 'drizzle-orm';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, systemActionLogs } from '../db/schema.ts';
import { inScope } from '../db/tenant-scope.ts';
import type { HttpResult } from '../testing/http-client.ts';
import { testEngines } from '../testing/engines.ts';
import { recordBody } from '../testing/factories.ts';
import { declaredResources } from '../services/declared-resources.ts';
import { SUB_PATHS, serves, type SubPath } from './routes/route-options.ts';
import {
  download,
  startResourceTestKit,
  upload,
  type Caller,
  type ResourceTestKit,
  type SystemCaller,
} from './testing/kit.ts';
import type { ResourceDefinition } from './types.ts';
import { storeExampleFiles } from './testing/example-files.ts';
import { prepareTimekeepingTenant } from '../services/tm/testing/timekeeping-tenant.ts';

/**
 * Probes every route of the declared resources (services/declared-resources.ts): a resource
 * added there is covered with no new test code. Malformed input → 400 with field errors and
 * nothing written; another tenant's record id → 404 with nothing changed. Every resource's
 * routes are checked to exist; the probes themselves take one resource of each contract shape
 * (@hcm/contracts/resource `oneOfEachShape`: same fields, limits and lists, other names), since
 * resources of one shape run the same code, and forty categories must not cost forty probes.
 *
 * Both engines: the routes, tenant isolation and the export/import round trip, which reach SQL.
 * The malformed-input probes send only what the route's schema refuses before any SQL runs, so
 * they run on the suites' usual engine (testEngines(): PostgreSQL when it answers; both with
 * HCM_TEST_ENGINES=both) and are not repeated on the other.
 */

type Schema = TSchema & { properties?: Record<string, TSchema>; required?: string[] };

/** Values that break a field in some way; each probe keeps those its schema really refuses. */
const BAD_VALUES: unknown[] = [12345, 1.5, -1, 2147483648, true, {}, [], '', '   ', '!! ??', 'NOPE', 'abc'];
const BAD_QUERY_VALUES = [
  '',
  'NOPE',
  'x!',
  'abc',
  '1.5',
  '-1',
  '0',
  '2147483648',
  '99999999999',
  'x.sideways',
];

const longerThan = (schema: TSchema) => {
  const max = (schema as { maxLength?: number }).maxLength;
  return max === undefined ? [] : ['x'.repeat(max + 1)];
};

/** The bodies that break `schema` at `field` (every other field left valid as in `valid`). */
function badBodies(schema: Schema, valid: Record<string, unknown>): [string, Record<string, unknown>][] {
  const check = Compile(schema);
  const cases: [string, Record<string, unknown>][] = [['unknownField', { ...valid, unknownField: 1 }]];
  for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
    const values = [
      ...BAD_VALUES,
      ...longerThan(fieldSchema),
      ...(schema.required?.includes(field) ? [undefined] : []),
    ];
    for (const value of values) {
      const body =
        value === undefined
          ? Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field))
          : { ...valid, [field]: value };
      if (!check.Check(body)) cases.push([field, body]);
    }
  }
  return cases;
}

/** The query strings that break `schema` at one parameter. */
function badQueries(schema: Schema): [string, string][] {
  const check = Compile(schema);
  const cases: [string, string][] = [['unknownParam', 'unknownParam=1']];
  for (const [name, paramSchema] of Object.entries(schema.properties ?? {})) {
    for (const value of [...BAD_QUERY_VALUES, ...longerThan(paramSchema), 'x'.repeat(201)]) {
      if (!check.Check(Value.Convert(schema, { [name]: value })))
        cases.push([name, `${name}=${encodeURIComponent(value)}`]);
    }
  }
  return cases;
}

/** The owner's stored file for each file field, by resource (storeExampleFiles in beforeAll). */
const exampleFiles = new Map<string, Record<string, string | string[]>>();

/** A valid create body from the contract's field examples (n keeps unique values apart). */
/** Whom an example's records of the tenant are (a workflow step's USER assignee): the tenant owner. */
let exampleContext: ExampleContext | undefined;

function exampleBody(definition: ResourceDefinition, n: number): Record<string, unknown> {
  if (!definition.contract) throw new Error(`${definition.basePath} was not bound from a contract`);
  // Resources over one table (organisation units and working groups) share its unique codes.
  const sharing = declaredResources.filter((other) => other.table === definition.table);
  const apart = n + 10 * sharing.indexOf(definition);
  return {
    ...recordBody(definition.contract, apart, exampleContext),
    ...exampleFiles.get(definition.basePath),
  };
}

/**
 * A record in `caller`'s tenant of every resource that some declared resource's required
 * reference points at, by the target's permission resource: what ExampleContext.references
 * gives the examples. Made from the target's own example (n = 900, apart from the probes' own).
 */
async function referencedRecords(kit: ResourceTestKit, caller: Caller): Promise<Record<string, string>> {
  const targets = new Map<string, ResourceDefinition>();
  for (const { contract } of declaredResources)
    for (const field of Object.values(contract?.fields ?? {}))
      if (field.kind === 'reference' && field.required && field.target) {
        const { apiPath, resource } = field.target;
        const target = declaredResources.find((definition) => definition.basePath === apiPath);
        if (!target)
          throw new Error(`no declared resource serves ${apiPath}, which ${resource} references name`);
        targets.set(resource, target);
      }
  const made: Record<string, string> = {};
  // The examples read the records made so far; a target that itself names one (a worker names
  // a unit) is made after it.
  exampleContext = { userId: caller.userId, references: made };
  const needs = (definition: ResourceDefinition) =>
    Object.values(definition.contract?.fields ?? {}).flatMap((field) =>
      field.kind === 'reference' && field.required && field.target ? [field.target.resource] : [],
    );
  while (targets.size > 0) {
    const ready = [...targets].filter(
      ([resource, target]) =>
        // nothing it needs is still missing (a resource that needs nothing is ready at once)
        !needs(target).some((need) => need !== resource && !(need in made)),
    );
    if (ready.length === 0)
      throw new Error(`required references form a cycle: ${[...targets.keys()].join(', ')}`);
    for (const [resource, target] of ready) {
      // the caller's own files, not those of the resource's probe (another tenant's)
      const files = target.contract
        ? await storeExampleFiles(
            kit.server.db.orm,
            caller.tenantId,
            target.contract,
            'example',
            caller.userId,
          )
        : {};
      const res = await kit.http.post<{ data: { id: string } }>(
        target.basePath,
        { ...exampleBody(target, 900), ...files },
        caller.token,
      );
      expect(res.status, `${target.basePath}: ${JSON.stringify(res.body)}`).toBe(200);
      made[resource] = res.body.data.id;
      targets.delete(resource);
    }
  }
  return made;
}

/** The resources whose records name a record of their tenant that another tenant has not. */
const refersRequired = (definition: ResourceDefinition) =>
  Object.values(definition.contract?.fields ?? {}).some(
    (field) => field.kind === 'reference' && field.required,
  );

const url = (definition: ResourceDefinition, subPath: SubPath, id?: string) =>
  `${definition.basePath}${SUB_PATHS[subPath].url.replace(':id', id ?? '')}`;

function expect400(res: HttpResult<ErrorEnvelope>, field: string, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.code, what).toBe('VALIDATION_FAILED');
  expect(
    res.body.errors?.map((e) => e.field),
    `${what}: ${JSON.stringify(res.body)}`,
  ).toContain(field);
}

const inputEngines = (await testEngines()).map((e) => e.engine);

describe.each(await testEngines('both'))('every declared resource on $engine', ({ engine }) => {
  /** The malformed-input probes: on the engines of inputEngines only (see above). */
  const inputIt = inputEngines.includes(engine) ? it : () => undefined;
  let kit: ResourceTestKit;
  let tenantOwner: Caller;
  let tenantStranger: Caller;
  let systemOwner: SystemCaller;

  beforeAll(async () => {
    // the employees' examples name a province and a ward
    kit = await startResourceTestKit(engine, { areas: true });
    tenantOwner = await kit.caller(declaredResources);
    exampleContext = { userId: tenantOwner.userId, references: await referencedRecords(kit, tenantOwner) };
    // the request documents' examples are checked against the worker's shifts and labour rules
    await prepareTimekeepingTenant(kit, tenantOwner, exampleContext);
    tenantStranger = await kit.caller(declaredResources);
    systemOwner = await kit.systemCaller(declaredResources);
  });
  afterAll(() => kit?.stop());

  it('registers every generic sub-path of every declared resource, and only declared resources', async () => {
    // every one it serves, and none its contract opts out of (tenants: no delete, no active/inactive)
    for (const definition of declaredResources)
      for (const [subPath, { method, url: path }] of Object.entries(SUB_PATHS))
        expect(
          kit.server.app.hasRoute({ method, url: `${definition.basePath}${path}` }),
          `${definition.basePath} ${subPath}`,
        ).toBe(serves(definition, subPath as SubPath));
    const docs = await kit.http.get<{ paths: Record<string, Record<string, { 'x-resource'?: string }>> }>(
      '/api/docs/json',
    );
    const documented = new Set(
      Object.values(docs.body.paths).flatMap((ops) => Object.values(ops).map((op) => op['x-resource'])),
    );
    documented.delete(undefined);
    expect([...documented].sort()).toEqual(declaredResources.map((d) => d.name).sort());
  });

  const probed = oneOfEachShape(declaredResources, (definition) => definition.contract);
  describe.each(probed.map((definition) => ({ definition, name: definition.basePath })))(
    '$name',
    ({ definition }) => {
      let record: Record<string, unknown> & { id: string };
      // A tenant resource: the owner is a tenant user, the stranger another tenant's (404). A
      // system resource: the owner is a system user, the stranger a tenant user (403). A shared
      // resource (level both): the owner is a system user, the stranger a tenant user holding
      // every permission, who reads the record and whose every write answers 403.
      const system = definition.scope === 'system';
      const shared = definition.scope === 'shared';
      let owner: Caller | SystemCaller;
      let stranger: Caller;
      const rows = () =>
        inScope(kit.server.db.orm, { tenantId: owner.tenantId, userId: null }, async (tx) => ({
          records: Number((await tx.select({ n: count() }).from(definition.table))[0]?.n),
          logs: Number(
            (owner.tenantId === null
              ? await tx.select({ n: count() }).from(systemActionLogs)
              : await tx
                  .select({ n: count() })
                  .from(actionLogs)
                  .where(eq(actionLogs.tenantId, owner.tenantId)))[0]?.n,
          ),
        }));

      beforeAll(async () => {
        owner = system || shared ? systemOwner : tenantOwner;
        stranger = system || shared ? tenantOwner : tenantStranger;
        if (definition.contract)
          exampleFiles.set(
            definition.basePath,
            await storeExampleFiles(
              kit.server.db.orm,
              owner.tenantId,
              definition.contract,
              'example',
              owner.userId,
            ),
          );
        const res = await kit.http.post<{ data: typeof record }>(
          url(definition, 'create'),
          exampleBody(definition, 1),
          owner.token,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        record = res.body.data;
      });

      inputIt('answers malformed query strings with 400 and field errors', async () => {
        const { schemas } = definition;
        const routes: [SubPath, Schema][] = [
          ['search', schemas.searchQuery],
          ['autoComplete', schemas.autoCompleteQuery],
          ['autoCompleteAll', schemas.autoCompleteAllQuery],
          ['count', schemas.countQuery],
          ['export', schemas.exportQuery],
        ];
        for (const [subPath, schema] of routes) {
          const cases = badQueries(schema);
          expect(cases.length).toBeGreaterThan(3);
          for (const [field, query] of cases)
            expect400(
              await kit.http.get(`${url(definition, subPath)}?${query}`, owner.token),
              field,
              `${subPath} ?${query}`,
            );
        }
      });

      inputIt('answers malformed ids with 400', async () => {
        const served = (['get', 'update', 'delete', 'active', 'inactive'] as const).filter((subPath) =>
          serves(definition, subPath),
        );
        for (const subPath of served) {
          const path = url(definition, subPath, 'not-a-uuid');
          const res =
            SUB_PATHS[subPath].method === 'GET'
              ? await kit.http.get<ErrorEnvelope>(path, owner.token)
              : await kit.http.post<ErrorEnvelope>(path, { version: 1 }, owner.token);
          expect400(res, 'id', `${subPath} not-a-uuid`);
        }
      });

      inputIt('answers malformed bodies with 400 and field errors, writing nothing', async () => {
        const before = await rows();
        const bodies: [SubPath, string, unknown][] = [
          ...badBodies(definition.schemas.createBody, exampleBody(definition, 2)).map(
            ([field, body]) => ['create', field, body] as [SubPath, string, unknown],
          ),
          ...badBodies(definition.schemas.updateBody, { version: 1 }).map(
            ([field, body]) => ['update', field, body] as [SubPath, string, unknown],
          ),
          ...badBodies(definition.schemas.findByIdsBody, { ids: [record.id] }).map(
            ([field, body]) => ['findByIds', field, body] as [SubPath, string, unknown],
          ),
          ['findByIds', 'ids', { ids: Array.from({ length: 1001 }, () => record.id) }],
          // a resource without an import (a file field: no spreadsheet carries the file) has no route
          ...(serves(definition, 'import')
            ? [['import', 'file', { file: 'not multipart' }] as [SubPath, string, unknown]]
            : []),
        ];
        expect(bodies.filter(([s]) => s === 'create').length).toBeGreaterThan(10);
        for (const [subPath, field, body] of bodies)
          expect400(
            await kit.http.post(url(definition, subPath, record.id), body, owner.token),
            field,
            `${subPath} ${JSON.stringify(body).slice(0, 80)}`,
          );
        for (const body of ['[]', '"text"', '42', '{not json'])
          for (const subPath of ['create', 'update'] as const) {
            const res = await kit.http.request<ErrorEnvelope>('POST', url(definition, subPath, record.id), {
              raw: body,
              token: owner.token,
            });
            expect(res.status, `${subPath} ${body}`).toBe(400);
          }
        expect(await rows()).toEqual(before);
        const now = await kit.http.get<{ data: unknown }>(url(definition, 'get', record.id), owner.token);
        expect(now.body.data).toEqual(record);
      });

      it("answers another tenant's record id with 404 (a system resource: tenants get 403; a shared one: tenants read, and get 403 on writes) and changes nothing", async () => {
        const before = await rows();
        const theirs = (subPath: SubPath) => url(definition, subPath, record.id);
        const refused = system || shared ? 403 : 404;
        const read = await kit.http.get<{ data: unknown }>(theirs('get'), stranger.token);
        if (shared) expect(read.body.data).toEqual(record);
        else expect(read.status).toBe(refused);
        const changed = { ...exampleBody(definition, 3), version: 1 };
        const update = Object.fromEntries(
          Object.entries(changed).filter(
            ([k]) => k === 'version' || definition.declaration.update.includes(k),
          ),
        );
        expect((await kit.http.post(theirs('update'), update, stranger.token)).status).toBe(refused);
        for (const subPath of ['active', 'inactive', 'delete'] as const)
          if (serves(definition, subPath))
            expect((await kit.http.post(theirs(subPath), undefined, stranger.token)).status, subPath).toBe(
              refused,
            );
        const found = await kit.http.post<{ data: unknown[] }>(
          url(definition, 'findByIds'),
          { ids: [record.id] },
          stranger.token,
        );
        if (system) expect(found.status).toBe(403);
        // a shared record found by id: its list row (the contract's listFields)
        else expect(found.body.data).toEqual(shared ? [definition.listView.present(record)] : []);
        const search = await kit.http.get<{ data: { id: string }[]; page: { total: number } }>(
          url(definition, 'search'),
          stranger.token,
        );
        if (system) expect(search.status).toBe(403);
        else if (shared) expect(search.body.data.map((r) => r.id)).toContain(record.id);
        else expect(search.body.page.total).toBe(0);
        if (system || shared)
          for (const subPath of ['create', 'import', 'downloadTemplate', 'export'] as const) {
            if (!serves(definition, subPath)) continue;
            const res =
              SUB_PATHS[subPath].method === 'GET'
                ? await kit.http.get(url(definition, subPath), stranger.token)
                : await kit.http.post(url(definition, subPath), exampleBody(definition, 4), stranger.token);
            expect(res.status, subPath).toBe(shared && subPath === 'export' ? 200 : 403);
          }
        expect(await rows()).toEqual(before);
        const mine = await kit.http.get<{ data: unknown }>(theirs('get'), owner.token);
        expect(mine.body.data).toEqual(record);
      });

      it('gives back the same records when its export is imported into another tenant', async ({ skip }) => {
        // A system or shared list has one table for all: its import of its own export would
        // only meet its own codes. Those are round-tripped by their own suites.
        if (definition.scope !== 'tenant' || !serves(definition, 'export') || !serves(definition, 'import'))
          return skip();
        // A spreadsheet names a referenced record by its id, which is the owner's tenant's own:
        // such an export cannot be imported elsewhere (docs/employees.md, "Import").
        if (refersRequired(definition)) return skip();
        const exported = await download(`${kit.server.url}${url(definition, 'export')}`, owner.token);
        expect(exported.status).toBe(200);
        const newcomer = await kit.caller(declaredResources);
        const imported = await upload(
          `${kit.server.url}${url(definition, 'import')}`,
          newcomer.token,
          exported.bytes,
        );
        expect(imported.status, JSON.stringify(imported.json)).toBe(200);
        const list = async (who: Caller) =>
          (
            await kit.http.get<{ data: Record<string, unknown>[] }>(
              `${url(definition, 'search')}?pageSize=100`,
              who.token,
            )
          ).body.data.map((found) =>
            Object.fromEntries(definition.declaration.importColumns.map((name) => [name, found[name]])),
          );
        const theirs = await list(newcomer);
        expect(theirs.length).toBeGreaterThan(0);
        expect(theirs).toEqual(await list(tenantOwner));
      });
    },
  );
});
