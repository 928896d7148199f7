import { describe, expect, it } from 'vitest';
import type { LookupColumn } from '@hcm/contracts/payroll-lookup-tables';
import { draftOf, draftProblems, emptyDraft, rowsOf, versionInForce, type RowDraft } from './lookup-rows.ts';

const columns: LookupColumn[] = [
  { code: 'THUE_SUAT', type: 'PERCENT', name: 'Thuế suất' },
  { code: 'GIAM_TRU', type: 'MONEY', name: 'Số trừ' },
];
const bands = { kind: 'band' as const, keyType: 'MONEY' as const, columns };
const keyed = {
  kind: 'keyed' as const,
  keyType: 'TEXT' as const,
  columns: [{ code: 'MUC', type: 'MONEY', name: 'Mức' } as LookupColumn],
};
const draft = (key: string, values: Record<string, string>): RowDraft => ({ key, values });

describe('the rows of a version', () => {
  it('go to the server typed: bounds and values as numbers, the last band open', () => {
    const rows = rowsOf(bands, [
      draft('10000000', { THUE_SUAT: '5', GIAM_TRU: '0' }),
      draft('30000000', { THUE_SUAT: '10', GIAM_TRU: '500000' }),
      draft('', { THUE_SUAT: '35', GIAM_TRU: '14500000' }),
    ]);
    expect(rows).toEqual([
      { key: 10_000_000, values: { THUE_SUAT: 5, GIAM_TRU: 0 } },
      { key: 30_000_000, values: { THUE_SUAT: 10, GIAM_TRU: 500_000 } },
      { key: null, values: { THUE_SUAT: 35, GIAM_TRU: 14_500_000 } },
    ]);
    // a keyed table's text key trimmed; what is not a number stays text for the server to name
    expect(rowsOf(keyed, [draft(' I ', { MUC: '5310000' }), draft('II', { MUC: 'năm triệu' })])).toEqual([
      { key: 'I', values: { MUC: 5_310_000 } },
      { key: 'II', values: { MUC: 'năm triệu' } },
    ]);
  });

  it('come back as the editor shows them', () => {
    expect(draftOf({ key: null, values: { THUE_SUAT: 35, GIAM_TRU: 14_500_000 } })).toEqual(
      draft('', { THUE_SUAT: '35', GIAM_TRU: '14500000' }),
    );
    expect(emptyDraft({ columns })).toEqual(draft('', { THUE_SUAT: '', GIAM_TRU: '' }));
  });

  it('are refused before sending where the editor can tell, on their rows', () => {
    const values = { THUE_SUAT: '5', GIAM_TRU: '0' };
    expect([...draftProblems(bands, [draft('10', values), draft('10', values), draft('', values)])]).toEqual([
      [1, 'bandOrder'],
    ]);
    expect([...draftProblems(bands, [draft('', values), draft('20', values)])]).toEqual([
      [0, 'openNotLast'],
      [1, 'lastNotOpen'],
    ]);
    expect([
      ...draftProblems(bands, [draft('10', { THUE_SUAT: '5', GIAM_TRU: '' }), draft('', values)]),
    ]).toEqual([[0, 'valueRequired']]);
    expect([
      ...draftProblems(keyed, [draft('I', { MUC: '1' }), draft('i', { MUC: '1' }), draft(' ', { MUC: '1' })]),
    ]).toEqual([
      [1, 'keyTwice'],
      [2, 'keyRequired'],
    ]);
  });
});

describe('the version in force', () => {
  const versions = [{ effectiveFrom: '2026-01-01' }, { effectiveFrom: '2009-01-01' }];
  it('is the latest not after the day', () => {
    expect(versionInForce(versions, '2025-12-31')).toEqual({ effectiveFrom: '2009-01-01' });
    expect(versionInForce(versions, '2026-01-01')).toEqual({ effectiveFrom: '2026-01-01' });
    expect(versionInForce(versions, '2008-12-31')).toBe(null);
  });
});
