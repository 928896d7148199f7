import { FieldLimits } from '@hcm/contracts';
import { CommonLabels, f, label } from '@hcm/contracts/resource';
import { numeric, pgTable, smallint, uuid, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { childrenList } from './children.ts';

const ranks = f.children({
  label: label('test.children.ranks', 'Cấp bậc', 'Ranks'),
  maxItems: 5,
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    coefficient: f.decimal({ label: label('test.children.coefficient', 'Hệ số', 'Coefficient'), scale: 3 }),
  },
});
const table = pgTable('test_ranks', {
  tenantId: uuid('tenant_id').notNull(),
  groupId: uuid('group_id').notNull(),
  position: smallint('position').notNull(),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 200 }).notNull(),
  coefficient: numeric('coefficient', { precision: 10, scale: 3 }),
});
const list = childrenList('ranks', ranks, { table, parent: table.groupId, order: table.position });

describe('the ListSpec of a children field', () => {
  it('keeps the rows in the order given, every item field present, decimals at their scale', () => {
    expect(
      list.normalise?.([
        { code: 'B001', name: 'Hai', coefficient: '1.5' },
        { code: 'A001', name: 'Một' },
      ]),
    ).toEqual([
      { code: 'B001', name: 'Hai', coefficient: '1.500' },
      { code: 'A001', name: 'Một', coefficient: null },
    ]);
  });

  it('names a unique value used twice (any case) at its later row, counting rows from 0', () => {
    expect(
      list.check?.([
        { code: 'A001', name: 'x' },
        { code: 'B001', name: 'y' },
        { code: 'a001', name: 'z' },
      ]),
    ).toEqual([{ field: 'ranks[2].code', code: 'error.invalidValue', message: 'is already used by row 1' }]);
    expect(list.check?.([{ code: 'A001', name: 'x' }])).toEqual([]);
  });

  it('exports the rows as one readable cell', () => {
    expect(
      list.cell?.(
        [
          { code: 'A001', name: 'Một', coefficient: '1.500' },
          { code: 'B001', name: 'Hai', coefficient: null },
        ],
        'vi',
      ),
    ).toBe('A001 – Một – 1.500; B001 – Hai');
  });

  it('writes enums by name, yes/no and dates in words a reader knows, and leaves out ids', () => {
    const visits = f.children({
      label: label('test.children.visits', 'Lần khám', 'Visits'),
      maxItems: 5,
      fields: {
        doctorId: f.reference({
          label: label('test.children.doctor', 'Bác sĩ', 'Doctor'),
          target: { resource: 'doctor', apiPath: '/api/doctors', display: 'name' },
        }),
        doctorName: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, readOnly: true }),
        day: f.date({ label: label('test.children.day', 'Ngày', 'Day') }),
        kind: f.enumOf({
          label: label('test.children.kind', 'Loại', 'Kind'),
          valueLabels: { ROUTINE: label('test.children.routine', 'Định kỳ', 'Routine') },
        }),
        fit: f.boolean({ label: label('test.children.fit', 'Đủ sức khoẻ', 'Fit') }),
      },
    });
    const visitTable = pgTable('test_visits', {
      workerId: uuid('worker_id').notNull(),
      doctorId: uuid('doctor_id'),
      doctorName: varchar('doctor_name', { length: 200 }),
      day: varchar('day', { length: 10 }),
      kind: varchar('kind', { length: 20 }),
      fit: varchar('fit', { length: 5 }),
    });
    const visitList = childrenList('visits', visits, { table: visitTable, parent: visitTable.workerId });
    const row = {
      doctorId: '6f1c2d3e-0000-4000-8000-000000000001',
      doctorName: 'Lê Văn Minh',
      day: '2026-03-09',
      kind: 'ROUTINE',
      fit: true,
    };
    expect(visitList.cell?.([row], 'vi')).toBe('Lê Văn Minh – 09/03/2026 – Định kỳ – Có');
    expect(visitList.cell?.([row], 'en')).toBe('Lê Văn Minh – 09/03/2026 – Routine – Yes');
  });

  it('refuses a child table that cannot hold the rows, when the module loads', () => {
    const short = pgTable('test_short', {
      groupId: uuid('group_id').notNull(),
      code: varchar('code', { length: 50 }).notNull(),
      name: varchar('name', { length: 200 }),
    });
    expect(() => childrenList('ranks', ranks, { table: short, parent: short.groupId })).toThrow(
      'children field ranks (table test_short): item field name is required but its column allows NULL',
    );
    const missing = pgTable('test_missing', { groupId: uuid('group_id').notNull() });
    expect(() => childrenList('ranks', ranks, { table: missing, parent: missing.groupId })).toThrow(
      'no column for the item field code',
    );
  });
});
