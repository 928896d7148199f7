import { describe, expect, it } from 'vitest';
import { dateParts, formatDecimal, formatMoment, integerInWords, moneyInWords } from './vietnamese-format.ts';

describe('Vietnamese numbers, money and dates', () => {
  it('reads whole numbers the way a contract writes them out', () => {
    const cases: [string, string][] = [
      ['0', 'không'],
      ['5', 'năm'],
      ['10', 'mười'],
      ['15', 'mười lăm'],
      ['21', 'hai mươi mốt'],
      ['24', 'hai mươi tư'],
      ['105', 'một trăm lẻ năm'],
      ['110', 'một trăm mười'],
      ['1000', 'một nghìn'],
      ['1005', 'một nghìn không trăm lẻ năm'],
      ['1000500', 'một triệu năm trăm'],
      ['12500000', 'mười hai triệu năm trăm nghìn'],
      ['730000', 'bảy trăm ba mươi nghìn'],
      ['1000000000', 'một tỷ'],
      ['1000000000000', 'một nghìn tỷ'],
      ['12345000000000', 'mười hai nghìn ba trăm bốn mươi lăm tỷ'],
      [
        '99999999999999',
        'chín mươi chín nghìn chín trăm chín mươi chín tỷ chín trăm chín mươi chín triệu chín trăm chín mươi chín nghìn chín trăm chín mươi chín',
      ],
      ['2500000000000000', 'hai triệu năm trăm nghìn tỷ'],
      ['000042', 'bốn mươi hai'],
    ];
    for (const [digits, words] of cases) expect(integerInWords(digits), digits).toBe(words);
  });

  it('writes money in words with a capital and “đồng”, a sign and a fraction read after “phẩy”', () => {
    expect(moneyInWords('12000000')).toBe('Mười hai triệu đồng');
    expect(moneyInWords('12000000.00')).toBe('Mười hai triệu đồng');
    expect(moneyInWords('0')).toBe('Không đồng');
    expect(moneyInWords('-3500000')).toBe('Âm ba triệu năm trăm nghìn đồng');
    expect(moneyInWords('1500.50')).toBe('Một nghìn năm trăm phẩy năm đồng');
    expect(() => moneyInWords('12e6')).toThrow(/not an amount/);
  });

  it('groups thousands with dots and decimals after a comma', () => {
    expect(formatDecimal('12000000')).toBe('12.000.000');
    expect(formatDecimal('12000000.00')).toBe('12.000.000');
    expect(formatDecimal('4.50')).toBe('4,5');
    expect(formatDecimal('-1234567.25')).toBe('-1.234.567,25');
    expect(formatDecimal('999')).toBe('999');
  });

  it('writes dates as dd/MM/yyyy with their parts, and moments in Vietnam’s time', () => {
    expect(dateParts('2026-03-01')).toEqual({ text: '01/03/2026', day: '01', month: '03', year: '2026' });
    expect(formatMoment(new Date('2026-03-01T18:30:00Z'))).toBe('02/03/2026 01:30');
  });
});
