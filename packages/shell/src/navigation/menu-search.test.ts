import { describe, expect, it } from 'vitest';
import { MENU, type MenuNode } from '@hcm/contracts';
import type { Language } from '@hcm/contracts';
import { shellTexts } from '../testing/shell-texts.ts';
import { foldForSearch, groupKeysOf, searchMenu } from './menu-search.ts';

const labels = (language: Language) => (key: string) => shellTexts(language).navigation.menu[key] ?? key;
const vietnamese = labels('vi');

/** The labels of the entries found, in menu order. */
function foundEntries(nodes: readonly MenuNode[], labelOf = vietnamese): string[] {
  return nodes.flatMap((node) =>
    node.kind === 'entry' ? [labelOf(node.key)] : foundEntries(node.children, labelOf),
  );
}

describe('menu search', () => {
  it('folds case and Vietnamese marks, and reads "đ" as "d"', () => {
    expect(foldForSearch('  Nhân   Viên ')).toBe('nhan vien');
    expect(foldForSearch('Điều động, bổ nhiệm')).toBe('dieu dong, bo nhiem');
    expect(foldForSearch('ĐƠN TỪ')).toBe('don tu');
  });

  it('finds "Nhân viên" from "nhan vien", with or without the marks', () => {
    for (const query of ['nhan vien', 'NHÂN VIÊN', 'Nhân vien']) {
      expect(foundEntries(searchMenu(MENU, query, vietnamese).nodes)).toContain('Danh sách nhân viên');
    }
  });

  it('reads "d" as "đ" in the query and the other way round', () => {
    const found = foundEntries(searchMenu(MENU, 'dieu dong', vietnamese).nodes);
    expect(found).toEqual(['Điều động, bổ nhiệm']);
    expect(foundEntries(searchMenu(MENU, 'điều đong', vietnamese).nodes)).toEqual(found);
  });

  it('keeps the groups around what it found, and counts the entries', () => {
    const result = searchMenu(MENU, 'chuc danh', vietnamese);
    expect(foundEntries(result.nodes)).toContain('Chức danh');
    expect(foundEntries(result.nodes)).not.toContain('Danh sách nhân viên');
    expect(result.entryCount).toBe(foundEntries(result.nodes).length);
    expect(groupKeysOf(result.nodes)).toEqual(['admin', 'adminCategories']);
    expect(searchMenu(MENU, '   ', vietnamese).entryCount).toBe(0);
  });

  it('lists a whole group when the query names the group', () => {
    const result = searchMenu(MENU, 'to chuc', vietnamese);
    expect(result.nodes.map((n) => n.key)).toContain('organisation');
    expect(foundEntries(result.nodes)).toContain('Khen thưởng');
  });

  it('needs every word, in any order', () => {
    expect(foundEntries(searchMenu(MENU, 'vien nhan danh', vietnamese).nodes)).toEqual([
      'Danh sách nhân viên',
    ]);
    expect(searchMenu(MENU, 'nhan vien zzz', vietnamese)).toEqual({ nodes: [], entryCount: 0 });
  });

  it('searches the labels of the language shown', () => {
    expect(foundEntries(searchMenu(MENU, 'job titles', labels('en')).nodes, labels('en'))).toEqual([
      'Job titles',
    ]);
    expect(searchMenu(MENU, 'job titles', vietnamese).entryCount).toBe(0);
  });
});
