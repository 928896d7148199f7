import { describe, expect, it } from 'vitest';
import {
  ancestorsOf,
  buildUnitTree,
  expandPathTo,
  initiallyExpanded,
  searchUnits,
  shownUnits,
} from './unit-tree.ts';
import { unit } from './test-units.ts';

const units = [
  unit('CT', null, 'Công ty Minh An', 'CONG_TY'),
  unit('HN', 'CT', 'Chi nhánh Hà Nội', 'CHI_NHANH'),
  unit('HCM', 'CT', 'Chi nhánh Hồ Chí Minh', 'CHI_NHANH'),
  unit('KT', 'HN', 'Phòng Kế toán'),
  unit('KT1', 'KT', 'Tổ Kế toán tổng hợp', 'TO'),
  unit('NS', 'HCM', 'Phòng Nhân sự'),
];
const tree = buildUnitTree(units);

describe('the unit tree', () => {
  it('keeps the answer order among siblings and counts the units under each', () => {
    expect(tree.roots).toEqual(['CT']);
    expect(tree.children.get('CT')).toEqual(['HN', 'HCM']);
    expect(tree.below.get('CT')).toBe(5);
    expect(tree.below.get('HN')).toBe(2);
    expect(tree.below.get('KT1')).toBe(0);
    expect(tree.depth.get('KT1')).toBe(3);
  });

  it('adds up the head count of each unit and every unit below it', () => {
    const staffed = buildUnitTree(
      units.map((u) => ({ ...u, workerQuantity: { CT: 2, KT: 3, KT1: 4, NS: 5 }[u.id] ?? 0 })),
    );
    expect(staffed.headCount.get('KT1')).toBe(4);
    expect(staffed.headCount.get('KT')).toBe(7);
    expect(staffed.headCount.get('HN')).toBe(7);
    expect(staffed.headCount.get('HCM')).toBe(5);
    expect(staffed.headCount.get('CT')).toBe(14);
  });

  it('puts a unit whose parent is not in the answer at the top', () => {
    const orphaned = buildUnitTree([unit('A', null), unit('B', 'gone')]);
    expect(orphaned.roots).toEqual(['A', 'B']);
  });

  it('opens the top level only: the second level is shown closed', () => {
    const open = initiallyExpanded(tree);
    expect([...open]).toEqual(['CT']);
    expect(shownUnits(tree, open)).toEqual(['CT', 'HN', 'HCM']);
  });

  it('finds a unit by any word of its name or code, diacritics and case ignored', () => {
    expect(searchUnits(tree, 'ke toan').map((u) => u.id)).toEqual(['KT', 'KT1']);
    expect(searchUnits(tree, 'PHÒNG nhân').map((u) => u.id)).toEqual(['NS']);
    expect(searchUnits(tree, 'hcm').map((u) => u.id)).toEqual(['HCM']);
    expect(searchUnits(tree, '   ')).toEqual([]);
    expect(searchUnits(tree, 'chi nhánh', 1)).toHaveLength(1);
  });

  it('opens every ancestor of a found unit, and nothing else, so that it is shown', () => {
    expect(ancestorsOf(tree, 'KT1')).toEqual(['CT', 'HN', 'KT']);
    const open = expandPathTo(tree, initiallyExpanded(tree), 'KT1');
    expect([...open].sort()).toEqual(['CT', 'HN', 'KT']);
    expect(shownUnits(tree, open)).toEqual(['CT', 'HN', 'KT', 'KT1', 'HCM']);
  });
});
