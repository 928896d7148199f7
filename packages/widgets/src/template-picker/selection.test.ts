import { describe, expect, it } from 'vitest';
import { isSelectable, selectAllState, toggleAll, toggleOne } from './selection.ts';

const a = { id: 'a' };
const b = { id: 'b' };
const c = { id: 'c' };
const chosen = (...rows: { id: string }[]) => new Map(rows.map((row) => [row.id, row]));

describe('the picker’s choice', () => {
  it('shows select-all unchecked, mixed or checked by the choosable rows of the page', () => {
    expect(selectAllState([a, b], chosen())).toBe(false);
    expect(selectAllState([a, b], chosen(a))).toBe('mixed');
    expect(selectAllState([a, b], chosen(a, b))).toBe(true);
    // a choice on another page does not count
    expect(selectAllState([a, b], chosen(c))).toBe(false);
    expect(selectAllState([], chosen(c))).toBe(false);
  });

  it('select-all chooses the rest of the page, then unchooses the page, keeping other pages’ choices', () => {
    const some = toggleAll([a, b], chosen(a, c));
    expect([...some.keys()]).toEqual(['a', 'c', 'b']);
    expect([...toggleAll([a, b], some).keys()]).toEqual(['c']);
  });

  it('a row replaces the choice of one and toggles in a choice of several', () => {
    expect([...toggleOne(b, chosen(a), false).keys()]).toEqual(['b']);
    expect([...toggleOne(b, chosen(a), true).keys()]).toEqual(['a', 'b']);
    expect([...toggleOne(a, chosen(a, b), true).keys()]).toEqual(['b']);
  });

  it('lets only the preselected ids be chosen when the opener names some', () => {
    expect(isSelectable('a', ['a', 'b'])).toBe(true);
    expect(isSelectable('c', ['a', 'b'])).toBe(false);
    expect(isSelectable('c', undefined)).toBe(true);
    expect(isSelectable('c', [])).toBe(true);
  });
});
