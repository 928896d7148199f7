import type {
  DatedValue,
  IsoDate,
  ParameterUnit,
  Region,
  StatutoryData,
  StatutoryParameter,
  StatutoryTable,
  StatutoryTableVersion,
} from './data/types.ts';

/** A dated figure the data does not hold for the day asked: the message names it and the day. */
export class StatutoryDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatutoryDataError';
  }
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

function checkDate(date: IsoDate): void {
  if (!ISO.test(date)) throw new StatutoryDataError(`"${date}" is not a date (YYYY-MM-DD)`);
}

/** Of rows with an effectiveFrom, the one in force on `date`: the latest on or before it. */
export function inForce<T extends { readonly effectiveFrom: IsoDate }>(
  rows: readonly T[],
  date: IsoDate,
): T | undefined {
  checkDate(date);
  let found: T | undefined;
  for (const row of rows)
    if (row.effectiveFrom <= date && (!found || row.effectiveFrom > found.effectiveFrom)) found = row;
  return found;
}

export function parameterOf(data: StatutoryData, code: string): StatutoryParameter {
  const parameter = data.parameters.find((p) => p.code === code);
  if (!parameter) throw new StatutoryDataError(`There is no parameter ${code}`);
  return parameter;
}

/** The value of a parameter in force on `date` (an error naming the code and day when none is). */
export function parameterOn(data: StatutoryData, code: string, date: IsoDate): DatedValue {
  const value = inForce(parameterOf(data, code).values, date);
  if (!value) throw new StatutoryDataError(`Parameter ${code} has no value in force on ${date}`);
  return value;
}

/** Each region's minimum wage in force on `date`. */
export function regionWagesOn(data: StatutoryData, date: IsoDate): Record<Region, number> {
  const regions: Region[] = ['I', 'II', 'III', 'IV'];
  const entries = regions.map((region) => {
    const row = inForce(
      data.regionWages.filter((w) => w.region === region),
      date,
    );
    if (!row) throw new StatutoryDataError(`Region ${region} has no minimum wage in force on ${date}`);
    return [region, row.amount] as const;
  });
  return Object.fromEntries(entries) as Record<Region, number>;
}

export function tableOf(data: StatutoryData, code: string): StatutoryTable {
  const table = data.tables.find((t) => t.code === code);
  if (!table) throw new StatutoryDataError(`There is no table ${code}`);
  return table;
}

export function tableVersionOn(data: StatutoryData, code: string, date: IsoDate): StatutoryTableVersion {
  const version = inForce(tableOf(data, code).versions, date);
  if (!version) throw new StatutoryDataError(`Table ${code} has no version in force on ${date}`);
  return version;
}

/** The formula language's type of a parameter, by its unit (payroll-common: VND, %, else NUMBER). */
export function parameterType(unit: ParameterUnit | string | null): 'MONEY' | 'PERCENT' | 'NUMBER' {
  if (unit === 'VND') return 'MONEY';
  if (unit === '%') return 'PERCENT';
  return 'NUMBER';
}

/** The period's last day, the day its dated figures are read on: 2026-03 → 2026-03-31. */
export function lastDayOf(year: number, month: number): IsoDate {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
