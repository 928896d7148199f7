import type { StatutoryTable, StatutoryTableRow } from './types.ts';

const band = (upTo: number | null, rate: number, subtraction: number): StatutoryTableRow => ({
  key: upTo,
  values: { THUE_SUAT: rate, GIAM_TRU: subtraction },
});

/**
 * THUE_TNCN: the resident's monthly income-tax bands, keyed by the month's assessable income
 * (thu nhập tính thuế). A band's key is its inclusive upper bound ("to 10,000,000"), null for the
 * last, open band. THUE_SUAT is the band's rate in per cent (5 = 5 %); GIAM_TRU is the quick
 * method's subtraction (Circular 111/2013, Appendix 01/PL-TNCN): the tax is
 * income × THUE_SUAT − GIAM_TRU, equal to the bands' progressive sum (statutory.test.ts proves it
 * at every edge). Each change of the law is a new version, never an edit of an old one.
 */
export const THUE_TNCN: StatutoryTable = {
  code: 'THUE_TNCN',
  name: { vi: 'Biểu thuế lũy tiến từng phần (tháng)', en: 'Progressive income tax bands (monthly)' },
  kind: 'band',
  keyType: 'MONEY',
  columns: [
    { code: 'THUE_SUAT', type: 'PERCENT', name: { vi: 'Thuế suất', en: 'Rate' } },
    {
      code: 'GIAM_TRU',
      type: 'MONEY',
      name: { vi: 'Số trừ (phương pháp rút gọn)', en: 'Subtraction (quick method)' },
    },
  ],
  versions: [
    {
      effectiveFrom: '2009-01-01',
      source:
        'Luật Thuế TNCN 2007 Điều 22 (sửa đổi bởi Luật 26/2012/QH13); Thông tư 111/2013/TT-BTC Phụ lục 01/PL-TNCN',
      rows: [
        band(5_000_000, 5, 0),
        band(10_000_000, 10, 250_000),
        band(18_000_000, 15, 750_000),
        band(32_000_000, 20, 1_650_000),
        band(52_000_000, 25, 3_250_000),
        band(80_000_000, 30, 5_850_000),
        band(null, 35, 9_850_000),
      ],
    },
    {
      effectiveFrom: '2026-01-01',
      source: 'Luật Thuế TNCN (sửa đổi) 2025, biểu thuế 5 bậc từ kỳ tính thuế 2026',
      rows: [
        band(10_000_000, 5, 0),
        band(30_000_000, 10, 500_000),
        band(60_000_000, 20, 3_500_000),
        band(100_000_000, 30, 9_500_000),
        band(null, 35, 14_500_000),
      ],
    },
  ],
};

/**
 * The lookup tables the statutory data brings, stored per tenant by the payroll module
 * (services/pm/lookup-tables). LTT_VUNG and HE_SO_BAC are not here: they are derived from the
 * region wages and the payroll scale.
 */
export const STATUTORY_TABLES: readonly StatutoryTable[] = [THUE_TNCN];
