import type { ContactCard, ContactQuery, ContactSort } from '@hcm/contracts/workers';
import type { PageEnvelope } from '@hcm/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { unitBranch } from '../organization-units/unit-tree.ts';
import type { Tx } from '../../../db/database.ts';
import { foldForSearch } from '../areas/area-files.ts';
import { likePattern } from '../../../resources/search/list-query.ts';

export const CONTACT_PAGE_SIZE = 24;

// By the folded name: "Đặng" among the D's, not after "Trần" as bytes would put it.
const ORDER: Record<ContactSort, SQL> = {
  'fullName.asc': sql`w.search_text, w.id`,
  'code.asc': sql`w.code, w.id`,
  'organizationUnitName.asc': sql`u.name, w.search_text, w.id`,
};

/**
 * A page of the colleagues' directory, in the caller's transaction (row-level security keeps it
 * to the caller's tenant). The keyword is folded as `workers.search_text` is (migration 0032)
 * and matched anywhere in the name, code, e-mail and phone; a unit takes the units below it.
 */
export async function findContacts(tx: Tx, query: ContactQuery): Promise<PageEnvelope<ContactCard>> {
  const pageIndex = query.pageIndex ?? 1;
  const pageSize = query.pageSize ?? CONTACT_PAGE_SIZE;
  const keyword = query.keyword ? foldForSearch(query.keyword) : '';
  const conditions: SQL[] = [sql`w.working_status = 'WORKING'`];
  if (keyword) conditions.push(sql`w.search_text like ${likePattern(keyword)}`);
  if (query.organizationUnitId)
    conditions.push(sql`w.organization_unit_id in ${unitBranch(query.organizationUnitId)}`);
  const where = sql.join(conditions, sql` and `);
  const result = (await tx.execute(sql`
    select w.id, w.code, w.full_name, w.gender, w.avatar_id, w.organization_unit_id, u.name as unit_name,
           p.name as position_name, t.name as title_name, w.phone, w.email,
           count(*) over () as total
    from workers w
    join organization_units u on u.id = w.organization_unit_id
    left join positions p on p.id = w.job_position_id
    left join job_titles t on t.id = w.job_title_id
    where ${where}
    order by ${ORDER[query.sortBy ?? 'fullName.asc']}
    limit ${pageSize} offset ${(pageIndex - 1) * pageSize}`)) as unknown as {
    rows: {
      id: string;
      code: string;
      full_name: string;
      gender: string;
      avatar_id: string | null;
      organization_unit_id: string;
      unit_name: string;
      position_name: string | null;
      title_name: string | null;
      phone: string | null;
      email: string | null;
      total: number | string;
    }[];
  };
  const total = result.rows[0] ? Number(result.rows[0].total) : await countContacts(tx, where);
  return {
    data: result.rows.map((row) => ({
      id: row.id,
      code: row.code,
      fullName: row.full_name,
      gender: row.gender,
      avatarId: row.avatar_id,
      organizationUnitId: row.organization_unit_id,
      organizationUnitName: row.unit_name,
      jobPositionName: row.position_name,
      jobTitleName: row.title_name,
      phone: row.phone,
      email: row.email,
    })),
    page: { pageIndex, pageSize, total },
  };
}

/** The total when the page asked for is past the end (no row to carry the window count). */
async function countContacts(tx: Tx, where: SQL): Promise<number> {
  const result = (await tx.execute(sql`
    select count(*)::int as n from workers w
    join organization_units u on u.id = w.organization_unit_id where ${where}`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}
