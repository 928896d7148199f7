import { describe, expect, it } from 'vitest';
import { placeholdersOf } from './settings.ts';

describe('template placeholders', () => {
  it('finds each {{name}} once, spaces inside the braces allowed', () => {
    expect(placeholdersOf('{{a}} and {{ b.c }} and {{a}}')).toEqual({ names: ['a', 'b.c'] });
    expect(placeholdersOf('no placeholders')).toEqual({ names: [] });
  });

  it('names the first malformed piece', () => {
    expect(placeholdersOf('Dear {{name')).toEqual({ malformed: '{{name' });
    expect(placeholdersOf('{{1st}}')).toEqual({ malformed: '{{1st}}' });
    expect(placeholdersOf('ok {{a}} then }}')).toEqual({ malformed: '}}' });
  });
});
