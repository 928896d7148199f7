/** A parameter record as the parameters' list answers it (@hcm/contracts/settings parameterContract). */
export interface ParameterRow {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  /** decimal text, 3 decimals ("2340000.000") */
  readonly value: string;
  readonly unit: string | null;
  /** 'YYYY-MM-DD' */
  readonly effectiveDate: string;
  readonly status: 'ACTIVE' | 'INACTIVE';
}

/** One parameter code: its dated values, newest first, and what is in force on the day asked. */
export interface ParameterHistory {
  readonly code: string;
  /** the name of its newest value */
  readonly name: string;
  readonly unit: string | null;
  /** newest first */
  readonly values: readonly ParameterRow[];
  /** the latest value not after the day, or null when every value is later */
  readonly inForce: ParameterRow | null;
  /** the next value after the day, when one is already dated (a law's change announced) */
  readonly next: ParameterRow | null;
}

/**
 * The parameters by code, each a history of dated values (an inactive value counts for nothing,
 * as the payroll reads only active ones), in code order, with the value in force on `day` and
 * the next one dated after it: what a payroll of a period ending on `day` reads.
 */
export function parameterHistories(rows: readonly ParameterRow[], day: string): ParameterHistory[] {
  const byCode = new Map<string, ParameterRow[]>();
  for (const row of rows) {
    if (row.status !== 'ACTIVE') continue;
    const list = byCode.get(row.code) ?? [];
    list.push(row);
    byCode.set(row.code, list);
  }
  return [...byCode.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, list]) => {
      const values = [...list].sort((a, b) => b.effectiveDate.localeCompare(a.effectiveDate));
      const inForce = values.find((row) => row.effectiveDate <= day) ?? null;
      const later = values.filter((row) => row.effectiveDate > day);
      const newest = values[0] as ParameterRow;
      return {
        code,
        name: newest.name,
        unit: newest.unit,
        values,
        inForce,
        next: later[later.length - 1] ?? null,
      };
    });
}

/**
 * A new dated value must come after every value the code has: history is never rewritten, a
 * change of the law is a new value from its day. Answers the latest date it must follow, or
 * null when the date is after all of them.
 */
export function laterThanAll(history: Pick<ParameterHistory, 'values'>, day: string): string | null {
  const newest = history.values[0]?.effectiveDate;
  return newest !== undefined && day <= newest ? newest : null;
}

/** Whether a parameter's unit says a rate in per cent (the formulas read 8 as 0.08). */
export const isPercent = (unit: string | null) => unit?.trim() === '%';

/** Whether a parameter's unit says a switch (0 no, 1 yes): the overtime exemption's, say. */
export const isSwitch = (unit: string | null) => unit?.trim() === '0/1';

/**
 * The components whose formulas read each variable: by the variable's code (upper case), the
 * readers' codes in the order given. `readsOf` answers what one formula reads (checkFormula's
 * variables), so a formula that does not check reads nothing here.
 */
export function readersOf(
  components: readonly { readonly code: string; readonly formula: string | null }[],
  readsOf: (formula: string) => readonly string[],
): Map<string, string[]> {
  const readers = new Map<string, string[]>();
  for (const component of components) {
    if (!component.formula) continue;
    for (const code of new Set(readsOf(component.formula).map((name) => name.toUpperCase()))) {
      const list = readers.get(code) ?? [];
      list.push(component.code);
      readers.set(code, list);
    }
  }
  return readers;
}
