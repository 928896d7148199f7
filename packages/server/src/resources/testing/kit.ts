import ExcelJS from 'exceljs';
import type { Engine } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../testing/factories.ts';
import { httpClient, type HttpClient } from '../../testing/http-client.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { PermissionAction, ResourceDefinition } from '../types.ts';

const ACTIONS: PermissionAction[] = ['view', 'create', 'update', 'delete', 'export'];

/** A tenant user holding every permission of the given resources (and action_log.view). */
export interface Caller {
  tenantId: string;
  userId: string;
  token: string;
}

/** The same as a system user (no tenant), for system resources. */
export interface SystemCaller {
  tenantId: null;
  userId: string;
  token: string;
}

export interface ResourceTestKit {
  server: TestServer;
  http: HttpClient;
  /** the kit's database (a second server may start on it: restarts, two processes) */
  database: TestDatabase;
  /** a tenant user in a fresh tenant */
  caller(resources: readonly ResourceDefinition[], extra?: readonly string[]): Promise<Caller>;
  /** a system user (no tenant) */
  systemCaller(resources: readonly ResourceDefinition[], extra?: readonly string[]): Promise<SystemCaller>;
  stop(): Promise<void>;
}

/**
 * A server on its own database of `engine`, and callers in fresh tenants. `areas`: load
 * Vietnam's provinces and wards (about a second), for suites that write addresses.
 */
export async function startResourceTestKit(
  engine: Engine,
  options: { areas?: boolean; env?: Record<string, string> } = {},
): Promise<ResourceTestKit> {
  const database: TestDatabase = await createTestDatabase(engine);
  const server = await startTestServer(
    { ...database.env, LOG_LEVEL: 'warn', ...options.env },
    { areas: options.areas ?? false },
  );
  const deps = { db: server.db.orm, passwords: server.passwords };
  return {
    server,
    http: httpClient(server.url),
    database,
    async caller(resources, extra = ['action_log.view']) {
      const tenant = await makeTenant(server.db.orm);
      const permissions = [...resources.flatMap((r) => ACTIONS.map((a) => r.permissionFor(a))), ...extra];
      const { user } = await makeUser(deps, { tenantId: tenant.id, permissions });
      return { tenantId: tenant.id, userId: user.id, token: await accessTokenFor(server.db.orm, user) };
    },
    async systemCaller(resources, extra = ['action_log.view']) {
      const permissions = [...resources.flatMap((r) => ACTIONS.map((a) => r.permissionFor(a))), ...extra];
      const { user } = await makeUser(deps, { permissions });
      return { tenantId: null, userId: user.id, token: await accessTokenFor(server.db.orm, user) };
    },
    async stop() {
      await server.stop();
      await database.dispose();
    },
  };
}

/** GET a file with the caller's token: status, headers and the bytes. */
export async function download(url: string, token: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The first sheet of an xlsx file as rows of plain values (row 1 = the header). */
export async function readSheet(bytes: Buffer, sheet = 1): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[sheet - 1]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** An xlsx file with these rows (the first being the header). */
export async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** POST a file as multipart/form-data (field `file`) with the caller's token. */
export async function upload(url: string, token: string, file: Buffer, name = 'data.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: type.includes('json') ? (JSON.parse(bytes.toString('utf8')) as Record<string, unknown>) : undefined,
  };
}
