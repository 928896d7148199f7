import { describe, expect, it } from 'vitest';
import { attributeName, flag, stringList, text } from './attribute-values.ts';

describe('attribute values', () => {
  it('reads a boolean attribute as HTML does, with the words that mean no', () => {
    expect(flag('')).toBe(true);
    expect(flag('open')).toBe(true);
    expect(flag(undefined)).toBe(false);
    for (const no of ['false', 'FALSE', '0', 'no', ' off ']) expect(flag(no)).toBe(false);
  });

  it('treats an empty text as not set', () => {
    expect(text('')).toBeUndefined();
    expect(text('Đơn nghỉ phép')).toBe('Đơn nghỉ phép');
  });

  it('never throws on a bad JSON list and keeps only its strings', () => {
    expect(stringList('["a","b"]')).toEqual(['a', 'b']);
    expect(stringList('[1,"a",null]')).toEqual(['a']);
    expect(stringList('{"a":1}')).toEqual([]);
    expect(stringList('[unclosed')).toEqual([]);
    expect(stringList(undefined)).toEqual([]);
  });

  it('names attributes in kebab case', () => {
    expect(attributeName('itemName')).toBe('item-name');
    expect(attributeName('apiBase')).toBe('api-base');
  });
});
