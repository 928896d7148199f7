// Test support (not part of the package's API): a small catalogue and one-formula evaluation.
import { checkFormula, checkTemplate } from './check.ts';
import { compileTemplate, type RunResult, type TableData, type WorkerInputs } from './compile.ts';
import {
  catalogueOf,
  type TableInfo,
  type ValueType,
  type VariableCatalogue,
  type VariableInfo,
} from './types.ts';

export const VARIABLES: VariableInfo[] = [
  { code: 'LUONG_CB', type: 'MONEY' },
  { code: 'NGAY_CONG', type: 'NUMBER' },
  { code: 'CONG_CHUAN', type: 'NUMBER' },
  { code: 'GIO_TC', type: 'DOUBLE' },
  { code: 'HE_SO', type: 'DOUBLE' },
  { code: 'TY_LE', type: 'PERCENT' },
  { code: 'SO_NPT', type: 'INTEGER' },
  { code: 'VUNG', type: 'ENUM' },
  { code: 'MA_BAC', type: 'TEXT' },
  { code: 'TEN', type: 'TEXT' },
  { code: 'NGAY_VAO', type: 'DATE' },
  { code: 'NGAY_TINH', type: 'DATE' },
];

export const TABLES: TableInfo[] = [
  { code: 'LTT_VUNG', kind: 'keyed', keyType: 'ENUM', columns: [{ code: 'MUC', type: 'MONEY' }] },
  { code: 'HE_SO_BAC', kind: 'keyed', keyType: 'TEXT', columns: [{ code: 'HE_SO', type: 'DOUBLE' }] },
  {
    code: 'THUE_TNCN',
    kind: 'band',
    keyType: 'MONEY',
    columns: [
      { code: 'THUE_SUAT', type: 'PERCENT' },
      { code: 'GIAM_TRU', type: 'MONEY' },
    ],
  },
];

export const TABLE_DATA: Record<string, TableData> = {
  // Decree 293/2025: region minimum wages from 2026-01-01.
  LTT_VUNG: {
    rows: [
      { key: 'I', values: { MUC: 5_310_000 } },
      { key: 'II', values: { MUC: 4_730_000 } },
      { key: 'III', values: { MUC: 4_140_000 } },
      { key: 'IV', values: { MUC: 3_700_000 } },
    ],
  },
  HE_SO_BAC: {
    rows: [
      { key: 'A1.1', values: { HE_SO: 2.34 } },
      { key: 'A1.2', values: { HE_SO: 2.67 } },
    ],
  },
  // The 2026 resident bands, each "to" bound inclusive; the quick method's deduction per band.
  THUE_TNCN: {
    rows: [
      { upTo: 10_000_000, values: { THUE_SUAT: 0.05, GIAM_TRU: 0 } },
      { upTo: 30_000_000, values: { THUE_SUAT: 0.1, GIAM_TRU: 500_000 } },
      { upTo: 60_000_000, values: { THUE_SUAT: 0.2, GIAM_TRU: 3_500_000 } },
      { upTo: 100_000_000, values: { THUE_SUAT: 0.3, GIAM_TRU: 9_500_000 } },
      { upTo: null, values: { THUE_SUAT: 0.35, GIAM_TRU: 14_500_000 } },
    ],
  },
};

export const catalogue: VariableCatalogue = catalogueOf(VARIABLES, TABLES);

const RESULT_TYPE: Record<string, ValueType> = { number: 'DOUBLE', text: 'TEXT', date: 'DATE' };

/**
 * One formula's value for one worker: a template of one component typed by the formula (a
 * condition is answered through IF(…, "TRUE", "FALSE")). Throws when the formula does not check.
 */
export function evaluate(
  formula: string,
  inputs: WorkerInputs = {},
  options: { type?: ValueType; trace?: boolean } = {},
): RunResult {
  const probe = checkFormula(formula, { catalogue });
  if (!probe.ok) throw new Error(`${formula}: ${probe.errors.map((e) => e.message.en).join('; ')}`);
  const text = probe.type === 'boolean' ? `IF(${formula}, "TRUE", "FALSE")` : formula;
  const type = options.type ?? (RESULT_TYPE[probe.type as string] as ValueType);
  const check = checkTemplate([{ code: 'X', type, formula: text }], catalogue);
  if (!check.ok) throw new Error(check.errors.map((e) => e.message.en).join('; '));
  const bound = compileTemplate(check).bind(TABLE_DATA);
  if (!bound.ok) throw new Error(bound.error.message.en);
  return bound.template.run(inputs, options.trace ? { trace: true } : {});
}

/** The value of a formula that must compute. */
export function valueOf(formula: string, inputs: WorkerInputs = {}, type?: ValueType) {
  const result = evaluate(formula, inputs, type ? { type } : {});
  if (!result.ok) throw new Error(`${formula}: ${result.error.message.en}`);
  const value = result.values[0];
  if (value === 'TRUE') return true;
  if (value === 'FALSE') return false;
  return value;
}
