import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUB_PATHS, serves, type SubPath } from '../resources/routes/route-options.ts';
import { declaredResources } from '../services/declared-resources.ts';
import { createTestDatabase, type TestDatabase } from '../testing/engines.ts';
import { httpClient, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { DOCS_JSON_PATH, DOCS_PATH } from './openapi.ts';

type Operation = {
  operationId?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
  'x-auth': string;
  'x-permission': string[];
  'x-module'?: string;
  'x-resource'?: string;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** The OpenAPI path of a route: `/:id` → `/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

// Engine-independent (the document is built from the routes): run on PGlite.
describe('the OpenAPI document and Swagger UI', () => {
  let database: TestDatabase;
  let server: TestServer;
  let http: HttpClient;
  let doc: Document;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestServer({ ...database.env, LOG_LEVEL: 'warn' });
    http = httpClient(server.url);
    const res = await http.get<Document>(DOCS_JSON_PATH);
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('is OpenAPI 3, served without signing in', () => {
    expect(doc.openapi).toMatch(/^3\./);
  });

  it("compiles the response schema of every route's every status (serializers are built lazily)", () => {
    const documented = Object.values(doc.paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => Object.keys(operation.responses)),
    );
    // distinct schemas, far fewer than the documented answers (the error envelope is shared)
    const distinct = server.app.responseSerializers.compileEvery();
    expect(distinct).toBeGreaterThan(50);
    expect(distinct).toBeLessThan(documented.length);
  });

  it('lists every route of every declared resource with its permission, module and schemas', () => {
    for (const definition of declaredResources)
      for (const [subPath, { method, url, action }] of Object.entries(SUB_PATHS)) {
        const operation = doc.paths[openApiPath(`${definition.basePath}${url}`)]?.[method.toLowerCase()];
        // a sub-path the contract opts out of (tenants: no delete) has no route and no entry
        if (!serves(definition, subPath as SubPath)) {
          expect(operation, `${definition.basePath} ${subPath}`).toBeUndefined();
          continue;
        }
        expect(operation, `${definition.basePath} ${subPath}`).toBeDefined();
        const permission = `${definition.name}.${action}`;
        expect(operation).toMatchObject({
          'x-auth': 'user',
          'x-module': definition.module,
          'x-resource': definition.name,
          security: [{ bearer: [] }],
        });
        // a picker's reads also let in those who file the documents that pick the resource
        // (resources/pickers.ts): its own permission first, then theirs
        const [own, ...openers] = (operation?.['x-permission'] ?? []) as string[];
        expect(own, `${definition.basePath} ${subPath}`).toBe(permission);
        if (openers.length > 0) {
          expect(['autoComplete', 'findByIds', 'get'], `${definition.basePath} ${subPath}`).toContain(
            subPath,
          );
          for (const code of openers) expect(code).toMatch(/[.](create|update|request-approval)$/);
        }
        expect(operation?.description).toContain(
          openers.length > 0 ? `Permission: ${permission} or ` : `Permission: ${permission}.`,
        );
        expect(operation?.description).toContain(`Module: ${definition.module}.`);
        expect(Object.keys(operation?.responses ?? {})).toContain('200');
      }
    const search = doc.paths['/api/om/job-titles']?.get;
    expect(search?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['keyword', 'pageIndex', 'pageSize', 'sortBy', 'status', 'code']),
    );
    expect(doc.paths['/api/om/job-titles']?.post?.requestBody?.content).toHaveProperty('application/json');
    expect(doc.paths['/api/om/job-titles/import']?.post?.requestBody?.content).toHaveProperty(
      'multipart/form-data',
    );
    expect(doc.paths['/api/om/job-titles/{id}/update']?.post?.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path' }),
    ]);
  });

  it('opens the pickers of a document’s form to those who file it, and says so', () => {
    const leaveTypes = doc.paths['/api/om/leave-types/auto-complete']?.get;
    expect(leaveTypes?.['x-permission']).toEqual(
      expect.arrayContaining(['leave_type.view', 'leave_request.create', 'leave_request.update']),
    );
    expect(leaveTypes?.description).toContain("in the picker's shape");
    // the lists themselves are not opened
    expect(doc.paths['/api/om/leave-types']?.get?.['x-permission']).toEqual(['leave_type.view']);
    expect(doc.paths['/api/system/workflow-templates/{id}']?.get?.['x-permission']).toEqual(
      expect.arrayContaining(['workflow_template.view', 'leave_request.request-approval']),
    );
  });

  it('describes who may call every other route too, and hides its own', () => {
    expect(doc.paths['/api/system/action-logs']?.get).toMatchObject({ 'x-permission': ['action_log.view'] });
    expect(doc.paths['/api/iam/authenticate']?.post).toMatchObject({
      'x-auth': 'public',
      'x-permission': [],
    });
    expect(Object.keys(doc.paths).some((path) => path.startsWith(DOCS_PATH))).toBe(false);
  });

  it('serves Swagger UI at /api/docs', async () => {
    const page = await http.get<string>(DOCS_PATH, undefined, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('swagger');
    const script = await http.get<string>(`${DOCS_PATH}/static/swagger-initializer.js`);
    expect(script.status).toBe(200);
    expect(script.body).toContain('./json');
  });
});
