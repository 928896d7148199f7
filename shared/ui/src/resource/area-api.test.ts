import { describe, expect, it } from 'vitest';
import { areaMatches, foldText } from './area-api.ts';

const area = (code: string, name: string) => ({ code, name });

describe('finding an area by what is typed', () => {
  it('folds accents, đ and case', () => {
    expect(foldText('  Phường Đa Kao ')).toBe('phuong da kao');
  });

  it('takes each typed word as the start of one of the name’s words', () => {
    const names = ['Thành phố Hà Nội', 'Thành phố Hải Phòng', 'Tỉnh Thanh Hóa', 'Tỉnh Hà Tĩnh'];
    const found = (typed: string) => names.filter((name) => areaMatches(typed, area('01', name)));
    // not Thanh Hóa: "ha" starts none of its words
    expect(found('ha')).toEqual(['Thành phố Hà Nội', 'Thành phố Hải Phòng', 'Tỉnh Hà Tĩnh']);
    expect(found('ha noi')).toEqual(['Thành phố Hà Nội']);
    expect(found('thanh hoa')).toEqual(['Tỉnh Thanh Hóa']);
    expect(found('HÀ TI')).toEqual(['Tỉnh Hà Tĩnh']);
    expect(found('')).toEqual(names);
  });

  it('finds an area by its code', () => {
    expect(areaMatches('26743', area('26743', 'Phường Bến Thành'))).toBe(true);
    expect(areaMatches('2674', area('26743', 'Phường Bến Thành'))).toBe(false);
  });
});
