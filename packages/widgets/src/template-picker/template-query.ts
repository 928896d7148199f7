import { FieldLimits, Paging, Status } from '@hcm/contracts';
import { documentTemplateContract as contract } from '@hcm/contracts/settings';

/** What the picker lists: the keyword searched (on Enter), the type filter, the page. */
export interface TemplateQuery {
  keyword: string;
  types: readonly string[];
  pageIndex: number;
  pageSize: number;
}

/** A search starts on page 1 of 25 (core §2). */
export const FIRST_PAGE = {
  pageIndex: Paging.defaultPageIndex,
  pageSize: Paging.defaultPageSize,
} as const;

/** The keyword as it is sent: trimmed, at most the search box's 200 characters. */
export const cleanKeyword = (typed: string) => typed.trim().slice(0, FieldLimits.search);

/** A filter the contract declares: naming one it does not declare fails to compile. */
const filter = <N extends (typeof contract.filters)[number]>(name: N): N => name;
const STATUS = filter('status');
const TYPE = filter('type');

/**
 * The list call (the contract's generic search, catalogues §7.1): ACTIVE templates only, the
 * types as a repeated parameter, the keyword when there is one.
 */
export function templateListUrl(query: TemplateQuery): string {
  const params = new URLSearchParams({
    pageIndex: String(query.pageIndex),
    pageSize: String(query.pageSize),
  });
  const keyword = cleanKeyword(query.keyword);
  if (keyword) params.set('keyword', keyword);
  params.set(STATUS, Status.active);
  for (const type of new Set(query.types)) params.append(TYPE, type);
  return `${contract.apiPath}?${params.toString()}`;
}
