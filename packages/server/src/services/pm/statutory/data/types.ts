/**
 * The shapes of Vietnam's statutory payroll figures as dated data (docs/payroll-statutory.md).
 * Each change of the law is a new row with the date it takes effect; a row is never edited. The
 * value in force on a day is the row with the latest effectiveFrom on or before that day.
 */

/** A text in both languages, Vietnamese first. */
export interface Text {
  readonly vi: string;
  readonly en: string;
}

/** YYYY-MM-DD. */
export type IsoDate = string;

/**
 * A parameter's unit, as the parameter table stores it: 'VND' is money (MONEY to formulas), '%'
 * a percentage stored as the figure (8 for 8 %: PERCENT, given to formulas as 0.08), anything else
 * a plain number (NUMBER).
 */
export type ParameterUnit = 'VND' | '%' | 'lần' | 'ngày' | '0/1';

export interface DatedValue {
  readonly effectiveFrom: IsoDate;
  /** A decimal with at most 3 places (the table's numeric(18,3)), never negative. */
  readonly value: number;
  /** The legal instrument that sets this value, cited in the seeded row's description. */
  readonly source: string;
}

/** One effective-dated parameter of the tenant's parameter table (code, unit, its values by date). */
export interface StatutoryParameter {
  readonly code: string;
  readonly name: Text;
  readonly unit: ParameterUnit;
  readonly description: Text;
  /** In ascending effectiveFrom, no date twice. */
  readonly values: readonly DatedValue[];
}

/** A region of the region minimum wage. */
export type Region = 'I' | 'II' | 'III' | 'IV';

export interface RegionWage {
  readonly region: Region;
  /** VND a month. */
  readonly amount: number;
  readonly effectiveFrom: IsoDate;
  readonly note: string;
}

export type TableColumnType = 'PERCENT' | 'MONEY' | 'NUMBER' | 'TEXT';

export interface StatutoryTableColumn {
  readonly code: string;
  readonly type: TableColumnType;
  readonly name: Text;
}

export interface StatutoryTableRow {
  /**
   * A keyed table: the key. A band table: the band's inclusive upper bound ("to 10,000,000"),
   * null for the last, open band.
   */
  readonly key: string | number | null;
  /**
   * By column code. A PERCENT column holds the figure as the law writes it (5 for 5 %), as a
   * '%' parameter does; whoever binds the table for a formula gives it as the fraction (0.05).
   */
  readonly values: Readonly<Record<string, number | string>>;
}

export interface StatutoryTableVersion {
  readonly effectiveFrom: IsoDate;
  readonly source: string;
  readonly rows: readonly StatutoryTableRow[];
}

/** A lookup table the formulas read with LOOKUP(code, key[, "column"]), its versions by date. */
export interface StatutoryTable {
  readonly code: string;
  readonly name: Text;
  readonly kind: 'keyed' | 'band';
  readonly keyType: 'MONEY' | 'TEXT' | 'NUMBER';
  readonly columns: readonly StatutoryTableColumn[];
  /** In ascending effectiveFrom. */
  readonly versions: readonly StatutoryTableVersion[];
}

/** Everything dated the reference functions and the seed read. */
export interface StatutoryData {
  readonly parameters: readonly StatutoryParameter[];
  readonly regionWages: readonly RegionWage[];
  readonly tables: readonly StatutoryTable[];
}
