import { describe, expect, it } from 'vitest';
import { catalogueOf } from '@hcm/formula';
import type { ComponentRow } from '../formula-editor/scope-api.ts';
import { checkTemplateRows } from './template-check.ts';

const catalogue = catalogueOf([
  { code: 'LUONG_HOP_DONG', type: 'MONEY' },
  { code: 'CONG_CHUAN', type: 'NUMBER' },
]);
const component = (id: string, code: string, formula: string | null): ComponentRow => ({
  id,
  code,
  name: `Tên ${code}`,
  nameEn: null,
  valueType: 'MONEY',
  source: formula === null ? 'INPUT' : 'FORMULA',
  formula,
  category: 'EARNING',
});
const components = [
  component('1', 'LUONG', 'LUONG_HOP_DONG / CONG_CHUAN'),
  component('2', 'PHU_CAP', null),
  component('3', 'TONG', 'LUONG + PHU_CAP'),
  component('4', 'VONG_A', 'VONG_B + 1'),
  component('5', 'VONG_B', 'VONG_A + 1'),
  component('6', 'HONG', 'KHONG_CO * 2'),
];
const rows = (...ids: string[]) => ids.map((componentId) => ({ componentId }));

describe('checkTemplateRows', () => {
  it('finds nothing in a template whose formulas read what it holds', () => {
    const check = checkTemplateRows(rows('3', '1', '2'), components, catalogue);
    expect([...check.rows]).toEqual([]);
    expect(check.general).toEqual([]);
  });

  it('says on the reader’s row a component of the tenant the template lacks, once to add', () => {
    const check = checkTemplateRows(rows('2', '3'), components, catalogue);
    expect([...check.rows.keys()]).toEqual([1]);
    expect(check.rows.get(1)).toMatchObject([
      { kind: 'missing', reader: 'TONG', missing: { code: 'LUONG' } },
    ]);
    expect(check.missing.map((row) => row.code)).toEqual(['LUONG']);
  });

  it('puts a cycle on the row of the component it is named from, and an unknown name on its own row', () => {
    const check = checkTemplateRows(rows('6', '4', '5'), components, catalogue);
    const cycles = [...check.rows.entries()].flatMap(([row, problems]) =>
      problems.flatMap((problem) =>
        problem.kind === 'formula' && problem.error.code === 'cycle' ? [row] : [],
      ),
    );
    expect(cycles).toHaveLength(1);
    expect([1, 2]).toContain(cycles[0]);
    expect(check.rows.get(0)).toMatchObject([{ kind: 'formula', error: { code: 'unknownVariable' } }]);
    expect(check.missing).toEqual([]);
  });

  it('leaves out a row whose component is not (or no longer) the tenant’s', () => {
    const check = checkTemplateRows([{ componentId: 'gone' }, { componentId: '1' }], components, catalogue);
    expect([...check.rows]).toEqual([]);
  });
});
