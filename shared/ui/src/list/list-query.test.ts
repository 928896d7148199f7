import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_QUERY,
  LAST_QUERIES_KEY,
  listQueryParams,
  parseListQuery,
  parseSortBy,
  readLastQueries,
  rememberLastQuery,
  serializeListQuery,
  toggleSortBy,
} from './list-query.ts';

describe('list query', () => {
  it('defaults to page 1, size 25', () => {
    expect(DEFAULT_LIST_QUERY).toEqual({ pageIndex: 1, pageSize: 25 });
    expect(parseListQuery(null)).toEqual({ pageIndex: 1, pageSize: 25 });
  });

  it('serializes only what differs from the defaults, as one JSON value', () => {
    expect(serializeListQuery({ pageIndex: 1, pageSize: 25 })).toBe('');
    const text = serializeListQuery({
      pageIndex: 3,
      pageSize: 50,
      keyword: 'Lan',
      sortBy: 'name.desc',
      status: 'ACTIVE',
    });
    expect(JSON.parse(text)).toEqual({
      pageIndex: 3,
      pageSize: 50,
      keyword: 'Lan',
      sortBy: 'name.desc',
      status: 'ACTIVE',
    });
    expect(parseListQuery(text)).toEqual({
      pageIndex: 3,
      pageSize: 50,
      keyword: 'Lan',
      sortBy: 'name.desc',
      status: 'ACTIVE',
    });
  });

  it('drops empty filters and remembers a cleared default filter', () => {
    const defaults = { pageIndex: 1, pageSize: 25, status: 'ACTIVE' };
    expect(
      serializeListQuery({ pageIndex: 1, pageSize: 25, status: 'ACTIVE', keyword: '', orgIds: [] }, defaults),
    ).toBe('');
    const cleared = serializeListQuery({ pageIndex: 1, pageSize: 25 }, defaults);
    expect(JSON.parse(cleared)).toEqual({ status: null });
    expect(parseListQuery(cleared, defaults)).toEqual({ pageIndex: 1, pageSize: 25 });
    expect(parseListQuery('', defaults)).toEqual(defaults);
  });

  it('falls back to defaults for unreadable or out-of-range values', () => {
    expect(parseListQuery('{not json')).toEqual(DEFAULT_LIST_QUERY);
    expect(parseListQuery('[1,2]')).toEqual(DEFAULT_LIST_QUERY);
    expect(
      parseListQuery(JSON.stringify({ pageIndex: 0, pageSize: 500, sortBy: 'name;drop', keyword: 42 })),
    ).toEqual(DEFAULT_LIST_QUERY);
    expect(parseListQuery(JSON.stringify({ keyword: 'x'.repeat(250) })).keyword).toHaveLength(200);
    expect(parseListQuery(JSON.stringify({ keyword: '   ' })).keyword).toBeUndefined();
  });

  it('sorts by field.asc or field.desc; a click on the same field flips it', () => {
    expect(parseSortBy('name.asc')).toEqual({ field: 'name', direction: 'asc' });
    expect(parseSortBy('org.name.desc')).toEqual({ field: 'org.name', direction: 'desc' });
    expect(parseSortBy('name')).toBeNull();
    expect(toggleSortBy(undefined, 'name')).toBe('name.asc');
    expect(toggleSortBy('name.asc', 'name')).toBe('name.desc');
    expect(toggleSortBy('name.desc', 'name')).toBe('name.asc');
    expect(toggleSortBy('name.desc', 'code')).toBe('code.asc');
  });

  it('gives API parameters without empty values', () => {
    expect(listQueryParams({ pageIndex: 2, pageSize: 25, keyword: '', status: undefined, ids: [] })).toEqual({
      pageIndex: 2,
      pageSize: 25,
    });
  });

  it('remembers the last query per path in the given storage', () => {
    const storage = window.sessionStorage;
    storage.clear();
    rememberLastQuery(storage, '/om/employees', '{"pageIndex":2}');
    rememberLastQuery(storage, '/tm/shifts', '');
    expect(readLastQueries(storage)).toEqual({ '/om/employees': '{"pageIndex":2}', '/tm/shifts': '' });
    storage.setItem(LAST_QUERIES_KEY, 'garbage');
    expect(readLastQueries(storage)).toEqual({});
  });
});
