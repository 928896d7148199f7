import { FieldErrorKeys, type PageInfo } from '@hcm/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { BULK_TOTAL_CAP } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import { validationFailed } from '../../../http/errors.ts';

/*
 * The punches of a unit's workers (the unit and every unit below it), by keyset pages in time
 * order: what the bulk path's readKeysetPage does for equality filters, for a filter it cannot
 * say (a worker's unit is not a column of tm_punches). The rows come through the per-worker index
 * (tenant, worker, punched_at) of the unit's workers; page 1,000 costs what page 1 does.
 */

export interface UnitPunchQuery {
  tenantId: string;
  organizationUnitId: string;
  /** the bounds of punched_at, 'yyyy-MM-dd 00:00:00+07' */
  from: string;
  to: string;
  deviceCode?: string;
  workerId?: string;
  cursor?: string;
  pageSize: number;
}

interface Cursor {
  u: string;
  p: number;
  t: string;
  i: string;
}

const refused = (message: string) =>
  validationFailed([{ field: 'cursor', code: FieldErrorKeys.invalidValue, message }], message);

function decode(cursor: string, unit: string): Cursor {
  let body: Partial<Cursor> | null = null;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    throw refused('The cursor is not one this list gave');
  }
  if (!body || typeof body.t !== 'string' || typeof body.i !== 'string' || typeof body.p !== 'number')
    throw refused('The cursor is not one this list gave');
  if (body.u !== unit) throw refused('The cursor belongs to another list: start again from the first page');
  return body as Cursor;
}

export async function unitPunchPage(
  tx: Tx,
  query: UnitPunchQuery,
): Promise<{ data: Record<string, unknown>[]; page: PageInfo }> {
  // the list a cursor belongs to: a cursor of another unit, period or filter is refused
  const list = [
    query.organizationUnitId,
    query.from,
    query.to,
    query.deviceCode ?? '',
    query.workerId ?? '',
  ].join('|');
  const after = query.cursor ? decode(query.cursor, list) : null;
  const filters: SQL[] = [
    sql`p.tenant_id = ${query.tenantId}::uuid`,
    sql`p.punched_at >= ${query.from}::timestamptz`,
    sql`p.punched_at < ${query.to}::timestamptz`,
    sql`p.worker_id in (select w.id from workers w where w.tenant_id = ${query.tenantId}::uuid and w.organization_unit_id in (select id from units))`,
  ];
  if (query.deviceCode) filters.push(sql`p.device_code = ${query.deviceCode}`);
  if (query.workerId) filters.push(sql`p.worker_id = ${query.workerId}::uuid`);
  const units = sql`with recursive units as (
      select id from organization_units where tenant_id = ${query.tenantId}::uuid and id = ${query.organizationUnitId}::uuid
      union all
      select u.id from organization_units u join units on u.parent_id = units.id where u.tenant_id = ${query.tenantId}::uuid
    )`;
  const where = sql.join(filters, sql` and `);
  const position = after
    ? sql` and (p.punched_at, p.id) > (${after.t}::timestamptz, ${after.i}::uuid)`
    : sql``;
  const { rows } = (await tx.execute(sql`${units}
    select p.id, p.punched_at as "punchedAt", p.device_code as "deviceCode", p.attendance_code as "attendanceCode",
           p.worker_id as "workerId", p.source, p.raw_line as "rawLine", p.received_at as "receivedAt",
           p.punched_at::text as "__t"
      from tm_punches p where ${where}${position}
     order by p.punched_at, p.id limit ${query.pageSize + 1}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const counted = (await tx.execute(sql`${units}
    select count(*) as n from (select 1 from tm_punches p where ${where} limit ${BULK_TOTAL_CAP + 1}) capped`)) as unknown as {
    rows: { n: string | number }[];
  };
  const more = rows.length > query.pageSize;
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  const pageIndex = after ? after.p + 1 : 1;
  const total = Number(counted.rows[0]?.n ?? 0);
  const nextCursor =
    more && last
      ? Buffer.from(
          JSON.stringify({ u: list, p: pageIndex, t: String(last.__t), i: String(last.id) }),
        ).toString('base64url')
      : undefined;
  return {
    data: page.map(({ __t: _position, ...row }) => row),
    page: {
      pageIndex,
      pageSize: query.pageSize,
      total: Math.min(total, BULK_TOTAL_CAP),
      ...(total > BULK_TOTAL_CAP ? { totalCapped: true } : {}),
      ...(nextCursor ? { nextCursor } : {}),
    },
  };
}
