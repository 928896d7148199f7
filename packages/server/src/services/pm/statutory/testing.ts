/**
 * Test support for the statutory data: a variable catalogue built from payroll-common's agreed
 * codes and the parameters of data/parameters.ts, and the formula inputs and tables for a day.
 * It stands in for the payroll module's real catalogue (services/pm/variables, loadCatalogue)
 * until that one lands; the tests should then check DEFAULT_TEMPLATE against the real one too.
 */
import {
  catalogueOf,
  checkTemplate,
  compileTemplate,
  type BoundTemplate,
  type ComponentDefinition,
  type TableData,
  type TableInfo,
  type ValueType,
  type VariableCatalogue,
  type VariableInfo,
} from '@hcm/formula';
import { DEFAULT_COMPONENTS, DEFAULT_TEMPLATE, type DefaultComponent } from './data/components.ts';
import type { IsoDate, StatutoryData } from './data/types.ts';
import { inForce, parameterType, regionWagesOn, tableVersionOn } from './in-force.ts';

const v = (type: ValueType, ...codes: string[]): VariableInfo[] => codes.map((code) => ({ code, type }));

/** The agreed variables of the catalogue (payroll-common.md), parameters apart. */
export const AGREED_VARIABLES: readonly VariableInfo[] = [
  ...v('MONEY', 'LUONG_HOP_DONG', 'LUONG_DONG_BH', 'PHU_CAP_HOP_DONG'),
  ...v('NUMBER', 'HE_SO_LUONG', 'HE_SO_CHUC_VU'),
  ...v('TEXT', 'MA_NGACH', 'LOAI_HOP_DONG', 'MA_DON_VI', 'VUNG'),
  ...v('INTEGER', 'SO_NGUOI_PHU_THUOC', 'CU_TRU', 'HOP_DONG_NET', 'DOAN_VIEN'),
  ...v('DATE', 'NGAY_VAO_LAM', 'NGAY_NGHI_VIEC'),
  ...v(
    'NUMBER',
    'CONG_CHUAN',
    'CONG_THUC_TE',
    'NGHI_CO_LUONG',
    'NGHI_KHONG_LUONG',
    'GIO_LAM_DEM',
    'GIO_TC_NGAY_THUONG',
    'GIO_TC_NGHI_TUAN',
    'GIO_TC_NGAY_LE',
    'GIO_TC_DEM_NGAY_THUONG',
    'GIO_TC_DEM_NGHI_TUAN',
    'GIO_TC_DEM_NGAY_LE',
    'KPI',
  ),
  ...v('MONEY', 'THU_NHAP_KHAC', 'THU_NHAP_KHAC_CHIU_THUE', 'KHAU_TRU_KHAC', 'TAM_UNG'),
  ...v('INTEGER', 'THANG', 'NAM'),
  ...v('DATE', 'NGAY_DAU_KY', 'NGAY_CUOI_KY'),
];

/** The derived tables (region wages, the payroll scale) beside the stored statutory ones. */
const DERIVED_TABLES: readonly TableInfo[] = [
  { code: 'LTT_VUNG', kind: 'keyed', keyType: 'TEXT', columns: [{ code: 'LUONG_TOI_THIEU', type: 'MONEY' }] },
  { code: 'HE_SO_BAC', kind: 'keyed', keyType: 'TEXT', columns: [{ code: 'HE_SO', type: 'NUMBER' }] },
];

/** The test catalogue: the agreed variables, every parameter of `data` typed by its unit, the tables. */
export function testCatalogue(data: StatutoryData): VariableCatalogue {
  const parameters = data.parameters.map((p) => ({ code: p.code, type: parameterType(p.unit) }));
  const stored: TableInfo[] = data.tables.map((t) => ({
    code: t.code,
    kind: t.kind,
    keyType: t.keyType,
    columns: t.columns.map((c) => ({ code: c.code, type: c.type })),
  }));
  return catalogueOf([...AGREED_VARIABLES, ...parameters], [...stored, ...DERIVED_TABLES]);
}

/** A '%' figure as a formula reads it: 17.5 → 0.175 (as the payroll module gives it). */
const fraction = (figure: number) => figure / 100;

/** Every parameter in force on `date`, as formula inputs ('%' given as the fraction). */
export function formulaParametersOn(data: StatutoryData, date: IsoDate): Record<string, number> {
  const inputs: Record<string, number> = {};
  for (const parameter of data.parameters) {
    const value = inForce(parameter.values, date);
    if (value) inputs[parameter.code] = parameter.unit === '%' ? fraction(value.value) : value.value;
  }
  return inputs;
}

/** The tables' rows in force on `date`, as @hcm/formula's bind takes them. */
export function formulaTablesOn(data: StatutoryData, date: IsoDate): Record<string, TableData> {
  const tables: Record<string, TableData> = {};
  for (const table of data.tables) {
    const version = tableVersionOn(data, table.code, date);
    const percent = new Set(table.columns.filter((c) => c.type === 'PERCENT').map((c) => c.code));
    tables[table.code] = {
      rows: version.rows.map((row) => ({
        ...(table.kind === 'band' ? { upTo: row.key as number | null } : { key: row.key }),
        values: Object.fromEntries(
          Object.entries(row.values).map(([column, value]) => [
            column,
            percent.has(column) ? fraction(Number(value)) : value,
          ]),
        ),
      })),
    };
  }
  const wages = regionWagesOn(data, date);
  tables.LTT_VUNG = {
    rows: Object.entries(wages).map(([region, amount]) => ({
      key: region,
      values: { LUONG_TOI_THIEU: amount },
    })),
  };
  return tables;
}

/** A component in @hcm/formula's shape: NONE keeps the number (15 digits), else its rounding. */
export function componentDefinitionOf(component: DefaultComponent): ComponentDefinition {
  return {
    code: component.code,
    type: component.valueType,
    formula: component.source === 'FORMULA' ? component.formula : null,
    rounding:
      component.roundingMode === 'NONE'
        ? null
        : { mode: component.roundingMode, digits: component.roundingDigits },
  };
}

/** DEFAULT_TEMPLATE's components, in its order. */
export function defaultTemplateDefinitions(): ComponentDefinition[] {
  const byCode = new Map(DEFAULT_COMPONENTS.map((c) => [c.code, c]));
  return DEFAULT_TEMPLATE.components.map((code) => {
    const component = byCode.get(code);
    if (!component) throw new Error(`DEFAULT_TEMPLATE names ${code}, which is not a default component`);
    return componentDefinitionOf(component);
  });
}

/** DEFAULT_TEMPLATE checked against the test catalogue, compiled and bound to the tables of `date`. */
export function boundDefaultTemplate(data: StatutoryData, date: IsoDate): BoundTemplate {
  const check = checkTemplate(defaultTemplateDefinitions(), testCatalogue(data));
  if (!check.ok)
    throw new Error(`DEFAULT_TEMPLATE does not check: ${check.errors.map((e) => e.message.en).join('; ')}`);
  const bound = compileTemplate(check).bind(formulaTablesOn(data, date));
  if (!bound.ok) throw new Error(`DEFAULT_TEMPLATE does not bind: ${bound.error.message.en}`);
  return bound.template;
}

/** A worker's variables for one month: a full month at `salary`, nothing else, unless given. */
export function monthOf(worker: Record<string, number | string> = {}): Record<string, number | string> {
  return {
    LUONG_HOP_DONG: 20_000_000,
    LUONG_DONG_BH: worker.LUONG_HOP_DONG ?? 20_000_000,
    PHU_CAP_HOP_DONG: 0,
    VUNG: 'I',
    SO_NGUOI_PHU_THUOC: 0,
    CU_TRU: 1,
    DOAN_VIEN: 0,
    CONG_CHUAN: 26,
    CONG_THUC_TE: 26,
    NGHI_CO_LUONG: 0,
    GIO_LAM_DEM: 0,
    GIO_TC_NGAY_THUONG: 0,
    GIO_TC_NGHI_TUAN: 0,
    GIO_TC_NGAY_LE: 0,
    GIO_TC_DEM_NGAY_THUONG: 0,
    GIO_TC_DEM_NGHI_TUAN: 0,
    GIO_TC_DEM_NGAY_LE: 0,
    THU_NHAP_KHAC: 0,
    THU_NHAP_KHAC_CHIU_THUE: 0,
    KHAU_TRU_KHAC: 0,
    TAM_UNG: 0,
    ...worker,
  };
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same cases every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A generated worker-month: salaries from below the region minimum to far above the caps, whole
 * and half days, a month without standard days now and then, long unpaid absences, overtime of
 * every kind in half hours, other income, advances larger than the pay, residents and not,
 * members and not, 0–4 dependants, any region; and the month's last day, July 2024 to December 2026.
 */
export function generatedWorker(random: () => number): {
  date: IsoDate;
  inputs: Record<string, number | string>;
} {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const upTo = (n: number) => Math.floor(random() * (n + 1));
  const halves = (n: number) => upTo(n * 2) / 2;
  const year = pick([2024, 2025, 2026]);
  const month = year === 2024 ? 7 + upTo(5) : 1 + upTo(11);
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const date = `${year}-${String(month).padStart(2, '0')}-${day}`;
  const salary = pick([
    () => 3_000_000 + upTo(7_000_000),
    () => (5_000 + upTo(45_000)) * 1_000,
    () => 20_000_000 + upTo(180_000_000),
    () => pick([20_000_000, 25_000_000, 46_800_000, 50_600_000, 106_200_000]),
  ])();
  const standard = pick([0, 22, 24, 24.5, 26, 26, 26, 27]);
  const worked = random() < 0.15 ? halves(10) : Math.min(standard + 2, halves(Math.ceil(standard) + 1));
  const hours = () => (random() < 0.5 ? 0 : halves(30));
  return {
    date,
    inputs: monthOf({
      LUONG_HOP_DONG: salary,
      LUONG_DONG_BH: pick([salary, Math.round(salary * 0.7), salary + upTo(5_000_000)]),
      PHU_CAP_HOP_DONG: random() < 0.5 ? 0 : upTo(10_000) * 1_000,
      VUNG: pick(['I', 'II', 'III', 'IV']),
      SO_NGUOI_PHU_THUOC: upTo(4),
      CU_TRU: random() < 0.85 ? 1 : 0,
      DOAN_VIEN: random() < 0.5 ? 1 : 0,
      CONG_CHUAN: standard,
      CONG_THUC_TE: worked,
      NGHI_CO_LUONG: halves(3),
      GIO_LAM_DEM: random() < 0.7 ? 0 : halves(60),
      GIO_TC_NGAY_THUONG: hours(),
      GIO_TC_NGHI_TUAN: hours(),
      GIO_TC_NGAY_LE: hours(),
      GIO_TC_DEM_NGAY_THUONG: hours(),
      GIO_TC_DEM_NGHI_TUAN: hours(),
      GIO_TC_DEM_NGAY_LE: hours(),
      THU_NHAP_KHAC: random() < 0.7 ? 0 : upTo(5_000_000),
      THU_NHAP_KHAC_CHIU_THUE: random() < 0.7 ? 0 : upTo(30_000_000),
      KHAU_TRU_KHAC: random() < 0.8 ? 0 : upTo(2_000_000),
      TAM_UNG: random() < 0.8 ? 0 : upTo(40_000_000),
    }),
  };
}
