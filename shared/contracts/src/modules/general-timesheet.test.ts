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
    expect(legendBySymbol(legend, 'en')[0]).toEqual({
      symbol: '+',
      meanings: ['Time-paid work', 'Business trip'],
    });
  });
});
