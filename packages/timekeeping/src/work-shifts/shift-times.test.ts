import { describe, expect, it } from 'vitest';
import { normaliseClock, shiftTimesOf } from './shift-times.ts';

describe('a typed clock time', () => {
  it.each([
    ['8', '08:00'],
    ['08', '08:00'],
    ['830', '08:30'],
    ['8:30', '08:30'],
    ['2230', '22:30'],
    [' 22:30 ', '22:30'],
    ['0000', '00:00'],
  ])('%s is written %s', (typed, clock) => expect(normaliseClock(typed)).toBe(clock));

  it.each(['24:00', '7:60', '12345', 'tám giờ', ''])('%s is left for the pattern to refuse', (typed) =>
    expect(normaliseClock(typed)).toBe(typed.trim()),
  );
});

describe('a form’s values as shift times', () => {
  it('reads the breaks’ rows and leaves empty texts out', () => {
    const times = shiftTimesOf({
      kind: 'SPLIT',
      startTime: '08:00',
      endTime: '11:00',
      secondStartTime: '',
      breaks: [{ startTime: '09:00', endTime: '09:15', paid: true }],
      requiredHours: '3',
    });
    expect(times).toMatchObject({ kind: 'SPLIT', secondStartTime: null, requiredHours: '3' });
    expect(times.breaks).toEqual([{ startTime: '09:00', endTime: '09:15', paid: true }]);
  });

  it('takes an unknown kind for a fixed shift', () => {
    expect(shiftTimesOf({ kind: 'WHATEVER', startTime: '08:00', endTime: '17:00' }).kind).toBe('FIXED');
  });
});
