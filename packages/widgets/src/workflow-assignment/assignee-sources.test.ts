import { describe, expect, it } from 'vitest';
import {
  OPTION_PAGE_SIZE,
  assigneeSourceOf,
  templateScheduleUrl,
  templateSearchUrl,
  userOption,
  workerOption,
} from './assignee-sources.ts';

const urlOf = (source: ReturnType<typeof assigneeSourceOf>, keyword = '', page = 1) => {
  if (source.kind === 'fixed') throw new Error('a fixed source has no URL');
  return new URL(source.url(keyword, page), 'http://x');
};

describe('assigneeSourceOf', () => {
  it('lists the users holding the role of a ROLE step', () => {
    const url = urlOf(
      assigneeSourceOf({ assignmentType: 'ROLE', assignmentId: 'r-1', assignmentName: 'HR' }),
      'an',
      2,
    );
    expect(url.pathname).toBe('/api/iam/users/auto-complete-by-role');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      keyword: 'an',
      roleIds: 'r-1',
      sortBy: 'fullName.asc',
      pageIndex: '2',
      pageSize: String(OPTION_PAGE_SIZE),
    });
  });

  it('lists the employees of the position or title of a JOB_POSITION or JOB_TITLE step', () => {
    const position = urlOf(
      assigneeSourceOf({ assignmentType: 'JOB_POSITION', assignmentId: 'p-1', assignmentName: null }),
    );
    expect(position.pathname).toBe('/api/om/workers/auto-complete');
    expect(position.searchParams.get('jobPositionIds')).toBe('p-1');
    expect(position.searchParams.has('keyword')).toBe(false);
    const title = urlOf(
      assigneeSourceOf({ assignmentType: 'JOB_TITLE', assignmentId: 't-1', assignmentName: null }),
    );
    expect(title.searchParams.get('jobTitleIds')).toBe('t-1');
    expect(title.searchParams.has('jobPositionIds')).toBe(false);
  });

  it('fixes the assigned user of a USER step', () => {
    expect(assigneeSourceOf({ assignmentType: 'USER', assignmentId: 'u-1', assignmentName: 'Lan' })).toEqual({
      kind: 'fixed',
      option: { id: 'u-1', name: 'Lan' },
    });
  });

  it('chooses a user, and an employee by its account (none without one)', () => {
    expect(userOption({ id: 'u-1', username: 'lan', fullName: 'Trần Lan' })).toEqual({
      id: 'u-1',
      name: 'Trần Lan',
    });
    expect(workerOption({ id: 'w-1', code: 'NV01', fullName: 'Lê Minh', userId: 'u-9' })).toEqual({
      id: 'u-9',
      name: 'Lê Minh (NV01)',
    });
    expect(workerOption({ id: 'w-2', fullName: 'Phạm Hà', userId: null })).toBe(null);
  });
});

describe('templateSearchUrl', () => {
  it('asks by name, the page and each kind', () => {
    const url = new URL(templateSearchUrl('', 3, ['LEAVE_REQUEST', 'OVERTIME']), 'http://x');
    expect(url.pathname).toBe('/api/system/workflow-templates/search-auto-complete');
    expect(url.searchParams.get('sortBy')).toBe('name.asc');
    expect(url.searchParams.get('pageIndex')).toBe('3');
    expect(url.searchParams.getAll('workflowTemplateTypes')).toEqual(['LEAVE_REQUEST', 'OVERTIME']);
    expect(url.searchParams.has('keyword')).toBe(false);
  });
});

describe('templateScheduleUrl', () => {
  it('asks the template’s schedule from an instant', () => {
    const url = new URL(templateScheduleUrl('t 1', Date.UTC(2026, 2, 6, 3, 0)), 'http://x');
    expect(url.pathname).toBe('/api/system/workflow-templates/t%201/schedule');
    expect(url.searchParams.get('start')).toBe('2026-03-06T03:00:00.000Z');
  });
});
