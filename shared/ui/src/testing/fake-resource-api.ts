import { ErrorCodes, FieldErrorKeys, Paging, type UserLevel } from '@hcm/contracts';
import { answerIam, type FakeIamState } from '../../../session/src/testing/fake-iam.ts';
import type { AnyResourceContract, FieldContract } from '@hcm/contracts/resource';
import { checkFieldValue } from '@hcm/contracts/resource/check';
import { childrenProblems } from './fake-children.ts';
import { refusalOf } from './fake-request-check.ts';
import { answerStorage, attachFakeFileInfo, type FakeStoredFile } from './fake-storage.ts';
import { configureHttp, signIn } from '@hcm/session';

/** One call the page made, as the fake saw it. */
export interface FakeResourceCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export interface FakeResourceReply {
  status: number;
  body?: unknown;
  /** a binary answer (a workbook) instead of JSON */
  blob?: Blob;
  headers?: Record<string, string>;
}

type StoredRecord = Record<string, unknown> & { id: string; version: number };
type Interceptor = (call: FakeResourceCall) => FakeResourceReply | null | undefined;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const json = (status: number, body: unknown): FakeResourceReply => ({ status, body });
const failure = (status: number, code: string, message: string, errors?: unknown[]) =>
  json(status, { code, message, ...(errors ? { errors } : {}) });

/** The error key of a value the field's schema refuses, like the server's validation answers. */
function problemOf(field: FieldContract, value: unknown): string | null {
  if (value === null || value === undefined) return field.required ? FieldErrorKeys.required : null;
  if (checkFieldValue(field, value)) return null;
  if (typeof value === 'string' && 'maxLength' in field && value.length > field.maxLength)
    return FieldErrorKeys.maxlength;
  if (typeof value === 'string' && field.required && value.trim() === '') return FieldErrorKeys.required;
  if (typeof value === 'string' && 'minLength' in field && field.minLength && value.length < field.minLength)
    return FieldErrorKeys.minlength;
  if (typeof value === 'string' && 'pattern' in field && field.pattern) return FieldErrorKeys.pattern;
  return FieldErrorKeys.invalidValue;
}

const compare = (a: unknown, b: unknown) => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'vi');
};

/**
 * An in-memory API for browser tests: the generic sub-paths of catalogues §7.1 for any contract
 * (search with keyword, filters, sort and paging; get, find-by-ids, auto-complete; create and
 * update checked with the contracts' own TypeBox schemas into 400 VALIDATION_FAILED with field
 * errors; update with a stale version 409 CONFLICT; delete; active/inactive; export, template
 * and import answered with small workbooks), plus the sign-in calls of IAM, plugged into
 * @hcm/session's axios client as its fetch. `intercept` answers a call differently (a failure).
 * The list calls' query strings and the find-by-ids body are checked first with the server's own
 * schemas (fake-request-check.ts): an unknown or malformed parameter is a 400 here as there.
 */
export class FakeResourceApi {
  readonly calls: FakeResourceCall[] = [];
  readonly #tables = new Map<string, StoredRecord[]>();
  readonly #contracts = new Map<string, AnyResourceContract>();
  readonly #interceptors: Interceptor[] = [];
  /** the files uploaded to the fake storage service (fake-storage.ts) */
  readonly files = new Map<string, FakeStoredFile>();
  #nextId = 1;
  /** the IAM's answers are the one browser IAM fake's (@hcm/session testing/fake-iam.ts) */
  readonly #iam: FakeIamState = { profile: null };

  constructor(contracts: readonly AnyResourceContract[]) {
    for (const contract of contracts) {
      this.#contracts.set(contract.apiPath, contract);
      this.#tables.set(contract.apiPath, []);
    }
  }

  /** The records of a contract, as stored (tests read and change them). */
  records(contract: AnyResourceContract): StoredRecord[] {
    return this.#tables.get(contract.apiPath) ?? [];
  }

  /** Adds `count` records built from the fields' examples (n from 1), with `patch(n)` over them. */
  seed(
    contract: AnyResourceContract,
    count: number,
    patch: (n: number) => Record<string, unknown> = () => ({}),
  ) {
    const table = this.records(contract);
    for (let n = 1; n <= count; n++) {
      const record: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(contract.fields)) record[name] = field.example(n) ?? null;
      table.push(this.#stamp({ ...record, ...patch(n) }));
    }
    return table;
  }

  /** Answers calls matching `when` with `reply` instead (e.g. a delete the server refuses). */
  intercept(interceptor: Interceptor): this {
    this.#interceptors.push(interceptor);
    return this;
  }

  callsTo(method: string, path: string): FakeResourceCall[] {
    return this.calls.filter((call) => call.method === method && call.path === path);
  }

  /** Plugs the fake into the shared client and signs in a user holding `permissions` (a tenant user by default, a system user has no tenant). */
  async signInWith(
    permissions: readonly string[],
    isRoot = false,
    userLevel: UserLevel = 'TENANT',
  ): Promise<void> {
    const tenant = userLevel === 'TENANT';
    this.#iam.profile = {
      id: '00000000-0000-4000-8000-000000000001',
      username: 'hradmin',
      fullName: 'Quản trị Nhân sự',
      email: null,
      tenantId: tenant ? 't-1' : null,
      tenantName: tenant ? 'Công ty Minh An' : null,
      language: 'vi',
      userPrimary: { isRoot, grantedPermissions: [...permissions], userLevel },
    };
    configureHttp({ fetch: this.fetch });
    await signIn({ username: 'hradmin', password: 'right', rememberMe: false });
  }

  #stamp(values: Record<string, unknown>): StoredRecord {
    const now = new Date(Date.UTC(2026, 0, 1, 8, 0, this.#nextId)).toISOString();
    const id = `00000000-0000-4000-8000-${String(this.#nextId++).padStart(12, '0')}`;
    return {
      ...values,
      id,
      version: 1,
      createdAt: now,
      createdBy: null,
      lastModifiedAt: now,
      lastModifiedBy: null,
    };
  }

  readonly fetch = async (input: URL | Request | string, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const type = request.headers.get('content-type') ?? '';
    let body: unknown;
    if (type.includes('multipart/form-data')) body = await request.formData();
    else {
      const text = await request.text();
      body = text ? (JSON.parse(text) as unknown) : undefined;
    }
    const call: FakeResourceCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: request.headers,
    };
    this.calls.push(call);
    const reply = this.#interceptors.map((intercept) => intercept(call)).find(Boolean) ?? this.#answer(call);
    // an answer in the next task, as a network would: the page sees its loading state
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (reply.blob)
      return new Response(reply.blob, {
        status: reply.status,
        headers: { 'content-type': XLSX, ...reply.headers },
      });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };

  #answer(call: FakeResourceCall): FakeResourceReply {
    const iam = answerIam(call, this.#iam);
    if (iam) return iam;
    const storage = answerStorage(call, this.files);
    if (storage) return storage;
    for (const [base, contract] of this.#contracts) {
      if (call.path === base || call.path.startsWith(`${base}/`))
        return this.#resource(contract, call, call.path.slice(base.length));
    }
    return failure(404, ErrorCodes.notFound, `no route ${call.path}`);
  }

  #resource(contract: AnyResourceContract, call: FakeResourceCall, rest: string): FakeResourceReply {
    const table = this.records(contract);
    const { method } = call;
    // The server's own schemas first: what it refuses, the fake refuses (issue 27).
    const refusal = refusalOf(contract, method, rest, call.query, call.body);
    if (refusal) return json(400, refusal);
    if (method === 'GET' && rest === '') return this.#search(contract, call.query, false);
    if (method === 'GET' && rest === '/auto-complete') return this.#search(contract, call.query, true);
    if (method === 'POST' && rest === '/find-by-ids') {
      const ids = new Set((call.body as { ids?: string[] }).ids ?? []);
      return json(200, { data: table.filter((r) => ids.has(r.id)).map((r) => listRowOf(contract, r)) });
    }
    if (method === 'GET' && rest === '/export') return this.#export(contract, call.query);
    if (method === 'GET' && rest === '/download-template')
      return this.#file(`${contract.path}_template.xlsx`, 'template');
    if (method === 'POST' && rest === '/import') return this.#import(contract, call.body);
    if (method === 'POST' && rest === '')
      return this.#write(contract, null, call.body as Record<string, unknown>);
    const batch = /^\/(active|inactive)\/batch$/.exec(rest);
    if (method === 'POST' && batch && contract.statusField) {
      // all or none, as the server's one transaction: an unknown id changes nothing
      const ids = (call.body as { ids?: string[] }).ids ?? [];
      const rows = ids.map((id) => table.find((r) => r.id === id));
      const missing = ids.find((_, i) => !rows[i]);
      if (missing !== undefined)
        return failure(404, ErrorCodes.notFound, `${missing}: The record was not found`);
      for (const row of rows)
        if (row)
          Object.assign(row, {
            [contract.statusField]: batch[1] === 'active' ? 'ACTIVE' : 'INACTIVE',
            version: row.version + 1,
          });
      return json(200, { data: { ids } });
    }
    const match = /^\/([^/]+)(?:\/(update|delete|active|inactive))?$/.exec(rest);
    const record = match ? table.find((r) => r.id === decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !record) return failure(404, ErrorCodes.notFound, 'The record was not found');
    const action = match[2];
    if (method === 'GET' && !action) return json(200, { data: record });
    if (method !== 'POST') return failure(405, ErrorCodes.methodNotAllowed, method);
    if (action === 'update') return this.#write(contract, record, call.body as Record<string, unknown>);
    if (action === 'delete') {
      table.splice(table.indexOf(record), 1);
      return json(200, { data: null });
    }
    const statusField = contract.statusField;
    if (!statusField) return failure(404, ErrorCodes.notFound, 'no status');
    Object.assign(record, {
      [statusField]: action === 'active' ? 'ACTIVE' : 'INACTIVE',
      version: record.version + 1,
    });
    return json(200, { data: record });
  }

  /**
   * Every row the query matches (paging ignored, `ids` a selection), as the server exports them:
   * a text file "export of N: code-or-id, …" in the list's order, for a test to read.
   */
  #export(contract: AnyResourceContract, query: URLSearchParams): FakeResourceReply {
    const matched = this.#matching(contract, query, false);
    if (!Array.isArray(matched)) return matched;
    const ids = new Set(query.getAll('ids'));
    const rows = ids.size > 0 ? matched.filter((row) => ids.has(row.id)) : matched;
    const names = rows.map((row) => String(row.code ?? row.id));
    return this.#file(`${contract.path}_20260101_0800.xlsx`, `export of ${rows.length}: ${names.join(', ')}`);
  }

  #search(contract: AnyResourceContract, query: URLSearchParams, activeOnly: boolean): FakeResourceReply {
    const rows = this.#matching(contract, query, activeOnly);
    if (!Array.isArray(rows)) return rows;
    const pageIndex = Number(query.get('pageIndex') ?? Paging.defaultPageIndex);
    const pageSize = Number(query.get('pageSize') ?? Paging.defaultPageSize);
    const sort = query.get('sortBy') ?? `${contract.defaultSort.field}.${contract.defaultSort.direction}`;
    const cursor = query.get('cursor');
    const after = cursor === null ? undefined : afterCursor(rows, cursor, sort);
    if (typeof after === 'object') return after;
    const start = after ?? (pageIndex - 1) * pageSize;
    const data = rows.slice(start, start + pageSize);
    const last = data.at(-1);
    const keyset = cursor !== null || query.get('keyset') === 'true';
    const nextCursor =
      keyset && last && data.length === pageSize ? encodeFakeCursor(sort, last.id) : undefined;
    return json(200, {
      data: data.map((row) => listRowOf(contract, row)),
      page: {
        pageIndex,
        pageSize,
        ...pageTotal(rows.length, after === undefined ? start : undefined, data.length, pageSize),
        ...(nextCursor ? { nextCursor } : {}),
      },
    });
  }

  /** The rows of the keyword, filters and sort of a list query, sorted (or the sort's refusal). */
  #matching(
    contract: AnyResourceContract,
    query: URLSearchParams,
    activeOnly: boolean,
  ): StoredRecord[] | FakeResourceReply {
    let rows = [...this.records(contract)];
    const keyword = query.get('keyword')?.trim().toLowerCase();
    if (keyword)
      rows = rows.filter((row) =>
        contract.keyword.some((name) =>
          String(row[name] ?? '')
            .toLowerCase()
            .includes(keyword),
        ),
      );
    for (const name of contract.filters) {
      const values = query.getAll(name);
      if (values.length)
        rows = rows.filter((row) => values.some((v) => String(row[name]).toLowerCase() === v.toLowerCase()));
    }
    if (activeOnly && contract.statusField)
      rows = rows.filter((row) => row[contract.statusField ?? ''] === 'ACTIVE');
    const [field, direction] = (
      query.get('sortBy') ?? `${contract.defaultSort.field}.${contract.defaultSort.direction}`
    ).split('.');
    if (!field || !contract.sort.includes(field))
      return failure(400, ErrorCodes.validation, 'sortBy is not one of the sortable fields', [
        { field: 'sortBy', code: FieldErrorKeys.invalidValue, message: 'not sortable' },
      ]);
    rows.sort((a, b) => compare(a[field], b[field]) * (direction === 'desc' ? -1 : 1));
    return rows;
  }

  #write(
    contract: AnyResourceContract,
    record: StoredRecord | null,
    body: Record<string, unknown>,
  ): FakeResourceReply {
    const allowed = record ? contract.update : contract.create;
    const errors: { field: string; code: string; message: string }[] = [];
    for (const name of Object.keys(body)) {
      if (name === 'version' && record) continue;
      if (!allowed.includes(name))
        errors.push({ field: name, code: FieldErrorKeys.invalidValue, message: 'not allowed' });
    }
    for (const name of allowed) {
      const field = contract.fields[name];
      if (!field) continue;
      const present = name in body;
      if (!present && (record || !field.required)) continue;
      if (field.kind === 'children') {
        errors.push(...childrenProblems(name, field, body[name], problemOf));
        continue;
      }
      const problem = problemOf(field, body[name]);
      if (problem) errors.push({ field: name, code: problem, message: problem });
    }
    if (errors.length) return failure(400, ErrorCodes.validation, 'The request is not valid', errors);
    if (record && body.version !== record.version)
      return failure(409, ErrorCodes.conflict, 'The record was changed by someone else; reload it');
    const table = this.records(contract);
    for (const [name, field] of Object.entries(contract.fields)) {
      if (!field.unique || !(name in body)) continue;
      const taken = table.some(
        (other) => other !== record && String(other[name]).toLowerCase() === String(body[name]).toLowerCase(),
      );
      if (taken)
        return failure(409, ErrorCodes.conflict, `Another record already has this ${name}`, [
          { field: name, code: FieldErrorKeys.invalidValue, message: 'is already used' },
        ]);
    }
    const { version: _version, ...values } = body;
    if (record) {
      Object.assign(record, values, {
        version: record.version + 1,
        lastModifiedAt: new Date().toISOString(),
      });
      attachFakeFileInfo(contract, record, this.files);
      return json(200, { data: record });
    }
    const defaults: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(contract.fields))
      defaults[name] =
        field.kind === 'enum' ? (field.defaultValue ?? null) : field.kind === 'children' ? [] : null;
    const created = this.#stamp({ ...defaults, ...values });
    attachFakeFileInfo(contract, created, this.files);
    table.push(created);
    return json(200, { data: created });
  }

  #file(fileName: string, content: string): FakeResourceReply {
    return {
      status: 200,
      blob: new Blob([content], { type: XLSX }),
      headers: { 'content-disposition': `attachment; filename="${fileName}"` },
    };
  }

  /**
   * A workbook named *bad*.xlsx fails: the import_err workbook with `x-failed-rows: 2`; an empty
   * file is refused in the envelope; any other file imports 3 rows (seeded from the examples).
   */
  #import(contract: AnyResourceContract, body: unknown): FakeResourceReply {
    const file = body instanceof FormData ? body.get('file') : null;
    if (!(file instanceof File) || file.size === 0)
      return failure(400, ErrorCodes.validation, 'The file cannot be imported: the file has no data rows', [
        { field: 'file', code: FieldErrorKeys.required, message: 'the file has no data rows' },
      ]);
    if (file.name.includes('bad'))
      return {
        status: 400,
        blob: new Blob(['rows with errors'], { type: XLSX }),
        headers: {
          'content-disposition': `attachment; filename="import_err_${contract.path}_20260101_0800.xlsx"`,
          'x-failed-rows': '2',
        },
      };
    const start = this.records(contract).length + 1000;
    this.seed(contract, 3, (n) => {
      const values: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(contract.fields))
        values[name] = field.example(start + n) ?? null;
      return values;
    });
    return json(200, { data: { imported: 3 } });
  }
}

/**
 * A record as a list answers it (search, auto-complete, find-by-ids), as the server's list rows
 * (packages/server resources/search/list-view.ts): id, version and the contract's listFields,
 * each file field with its `<field>Info` and each area with its `<field>Name`; none of the
 * record's other fields or child lists, which only GET {id} answers.
 */
export function listRowOf(
  contract: AnyResourceContract,
  record: Readonly<Record<string, unknown>> & { id: string; version: number },
): StoredRecord {
  const row: StoredRecord = { id: record.id, version: record.version };
  for (const name of contract.listFields) {
    const kind = contract.fields[name]?.kind;
    const many = kind === 'children' || kind === 'enumSet' || kind === 'references' || kind === 'files';
    row[name] = record[name] ?? (many ? [] : null);
    if (kind === 'file' || kind === 'image') row[`${name}Info`] = record[`${name}Info`] ?? null;
    if (kind === 'files') row[`${name}Info`] = record[`${name}Info`] ?? [];
    if (kind === 'area') row[`${name}Name`] = record[`${name}Name`] ?? null;
  }
  return row;
}

/**
 * The total as the server answers it (resources/search/search-records.ts): a short page by
 * pageIndex is the end of the list (exact); otherwise the count stops at Paging.totalCap, or
 * just past the page asked for when that is deeper, and says `totalCapped` beyond it.
 */
function pageTotal(
  matched: number,
  skipped: number | undefined,
  shown: number,
  pageSize: number,
): { total: number; totalCapped?: true } {
  if (skipped !== undefined && shown < pageSize && (shown > 0 || skipped === 0))
    return { total: skipped + shown };
  const cap = Math.max(Paging.totalCap, (skipped ?? 0) + shown);
  return matched > cap ? { total: cap, totalCapped: true } : { total: matched };
}

/** The fake's cursor: the sort and the last row's id (the server's also carries its sort value). */
const encodeFakeCursor = (sort: string, id: string) =>
  btoa(JSON.stringify({ s: sort, i: id }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** Where the page after `cursor` starts in `rows`, or the server's 400 for a cursor of another sort or none of ours. */
function afterCursor(
  rows: readonly StoredRecord[],
  cursor: string,
  sort: string,
): number | FakeResourceReply {
  const refused = (message: string) =>
    failure(400, ErrorCodes.validation, message, [
      { field: 'cursor', code: FieldErrorKeys.invalidValue, message },
    ]);
  let body: { s?: unknown; i?: unknown };
  try {
    body = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))) as typeof body;
  } catch {
    return refused('The cursor is not one this list gave');
  }
  if (body.s !== sort) return refused('The cursor belongs to another sort: start again from the first page');
  const index = rows.findIndex((row) => row.id === body.i);
  // a row deleted since is not found and the list starts again (the server seeks by its sort value)
  return index + 1;
}
