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
