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
      list.cell?.([
        { code: 'A001', name: 'Một', coefficient: '1.500' },
        { code: 'B001', name: 'Hai', coefficient: null },
      ]),
    ).toBe('A001 – Một – 1.500; B001 – Hai');
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
