import { describe, expect, it } from 'vitest';
import { legendBySymbol } from './general-timesheet.ts';

describe('the general timesheet legend', () => {
  it('shows each symbol once with every meaning, a tenant key by its own name', () => {
    const legend = [
      { key: 'WORKED', symbol: '+' },
      { key: 'ANNUAL_LEAVE', symbol: 'P' },
      { key: 'BUSINESS_TRIP', symbol: '+' },
      { key: 'NIGHT_WATCH', symbol: 'Đ' },
    ];
    expect(legendBySymbol(legend, 'vi')).toEqual([
      { symbol: '+', meanings: ['Lương thời gian', 'Công tác'] },
      { symbol: 'P', meanings: ['Nghỉ phép'] },
      { symbol: 'Đ', meanings: ['NIGHT_WATCH'] },
    ]);
    // "Hội nghị" (a conference) is said by "Hội nghị, học tập" already, in either order
    for (const keys of [
      ['CONFERENCE', 'MEETING_STUDY'],
      ['MEETING_STUDY', 'CONFERENCE'],
    ])
      expect(
        legendBySymbol(
          keys.map((key) => ({ key, symbol: 'H' })),
          'vi',
        ),
      ).toEqual([{ symbol: 'H', meanings: ['Hội nghị, học tập'] }]);
    expect(legendBySymbol(legend, 'en')[0]).toEqual({
      symbol: '+',
      meanings: ['Time-paid work', 'Business trip'],
    });
  });
});
