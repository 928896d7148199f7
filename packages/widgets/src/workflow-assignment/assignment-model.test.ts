import { describe, expect, it } from 'vitest';
import {
  assignmentValue,
  hasMorePages,
  mergePages,
  stepKeyOf,
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
    const none = validateAssignment(assignmentValue(null, steps, {}, null));
    expect([none.template, none.steps, none.valid]).toEqual([true, true, false]);
    const empty = validateAssignment(assignmentValue('t-1', [], {}, null));
    expect([empty.template, empty.steps, empty.valid]).toEqual([false, true, false]);
  });

  it('requires an assignee per step, named by the step id or its position', () => {
    expect(stepKeyOf('t-1', steps[1] as TemplateStep, 1)).toBe('t-1#2');
    const value = assignmentValue('t-1', steps, { 's-1': { id: 'u-7', name: 'An' } }, null);
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
      null,
    );
    // valid without the schedule: the server sets the times itself
    expect(validateAssignment(full).valid).toBe(true);
  });

  it('carries each step’s times from the server’s schedule as ISO strings, null while unknown', () => {
    const at = (iso: string) => new Date(iso);
    const timings = [
      { start: at('2026-03-06T08:00:00Z'), end: at('2026-03-10T08:00:00Z') },
      { start: at('2026-03-10T08:00:00Z'), end: at('2026-03-10T08:30:00Z') },
    ];
    const value = assignmentValue('t-1', steps, {}, timings);
    expect(value.steps.map((s) => [s.startDateRaw, s.endDateRaw])).toEqual([
      ['2026-03-06T08:00:00.000Z', '2026-03-10T08:00:00.000Z'],
      ['2026-03-10T08:00:00.000Z', '2026-03-10T08:30:00.000Z'],
    ]);
    const unknown = assignmentValue('t-1', steps, {}, null);
    expect(unknown.steps.map((s) => [s.startDateRaw, s.endDateRaw])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});
