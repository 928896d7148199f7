import { describe, expect, it } from 'vitest';
import {
  assignmentValue,
  hasMorePages,
  mergePages,
  stepKeyOf,
  stepTimings,
  validateAssignment,
  type TemplateStep,
} from './assignment-model.ts';

const MINUTE = 60_000;
const step = (name: string, slaMinutes: number, id?: string): TemplateStep => ({
  ...(id ? { id } : {}),
  name,
  assignmentType: 'ROLE',
  assignmentId: 'role-1',
  assignmentName: 'Trưởng phòng',
  slaTime: slaMinutes * MINUTE,
});

describe('stepTimings', () => {
  it('starts the first step at the start, each next one when the previous ends, ends after its SLA', () => {
    const start = Date.UTC(2026, 0, 5, 8, 0);
    const [first, second, third] = stepTimings(start, [60 * MINUTE, 30 * MINUTE, 999 * MINUTE]);
    expect(first?.start.toISOString()).toBe('2026-01-05T08:00:00.000Z');
    expect(first?.end.toISOString()).toBe('2026-01-05T09:00:00.000Z');
    expect(second?.start).toEqual(first?.end);
    expect(second?.end.toISOString()).toBe('2026-01-05T09:30:00.000Z');
    expect(third?.end.toISOString()).toBe('2026-01-06T02:09:00.000Z');
  });

  it('counts a missing or negative SLA as none, and answers nothing for no steps', () => {
    const [a, b] = stepTimings(0, [null, -5]);
    expect([a?.end.getTime(), b?.end.getTime()]).toEqual([0, 0]);
    expect(stepTimings(0, [])).toEqual([]);
  });
});

describe('mergePages', () => {
  it('appends a page without the entries already loaded, nor its own repeats', () => {
    const merged = mergePages(
      [{ id: 'a' }, { id: 'b' }],
      [{ id: 'b' }, { id: 'c' }, { id: 'c' }],
      (x) => x.id,
    );
    expect(merged.map((x) => x.id)).toEqual(['a', 'b', 'c']);
  });

  it('tells whether pages follow', () => {
    expect(hasMorePages({ pageIndex: 1, pageSize: 25, total: 26 })).toBe(true);
    expect(hasMorePages({ pageIndex: 2, pageSize: 25, total: 50 })).toBe(false);
    expect(hasMorePages({ pageIndex: 1, pageSize: 25, total: 0 })).toBe(false);
  });
});

describe('validateAssignment and assignmentValue', () => {
  const steps = [step('Duyệt cấp 1', 60, 's-1'), step('Duyệt cấp 2', 30)];

  it('requires a template and at least one step', () => {
    const none = validateAssignment(assignmentValue(null, steps, {}, 0));
    expect([none.template, none.steps, none.valid]).toEqual([true, true, false]);
    const empty = validateAssignment(assignmentValue('t-1', [], {}, 0));
    expect([empty.template, empty.steps, empty.valid]).toEqual([false, true, false]);
  });

  it('requires an assignee per step, named by the step id or its position', () => {
    expect(stepKeyOf('t-1', steps[1] as TemplateStep, 1)).toBe('t-1#2');
    const value = assignmentValue('t-1', steps, { 's-1': { id: 'u-7', name: 'An' } }, 0);
    expect(value.steps.map((s) => [s.workFlowStepTemplateId, s.assigneeUserId])).toEqual([
      ['s-1', 'u-7'],
      ['t-1#2', null],
    ]);
    const checked = validateAssignment(value);
    expect([...checked.assignees]).toEqual(['t-1#2']);
    expect(checked.valid).toBe(false);
    const full = assignmentValue(
      't-1',
      steps,
      { 's-1': { id: 'u-7', name: 'An' }, 't-1#2': { id: 'u-8', name: 'Bình' } },
      0,
    );
    expect(validateAssignment(full).valid).toBe(true);
  });

  it('carries each step’s schedule as ISO strings', () => {
    const value = assignmentValue('t-1', steps, {}, Date.UTC(2026, 2, 1, 1, 0));
    expect(value.steps.map((s) => [s.startDateRaw, s.endDateRaw])).toEqual([
      ['2026-03-01T01:00:00.000Z', '2026-03-01T02:00:00.000Z'],
      ['2026-03-01T02:00:00.000Z', '2026-03-01T02:30:00.000Z'],
    ]);
  });
});
