import type { LookupRow, LookupTable } from '@hcm/contracts/payroll-lookup-tables';
import type { SalaryValueType } from '@hcm/contracts/salary-components';

/** A row as the editor holds it: every cell as typed (numbers as plain decimal text). */
export interface RowDraft {
  /** a keyed table's key, or a band's "up to" bound ('' on the open last band) */
  readonly key: string;
  readonly values: Readonly<Record<string, string>>;
}

const NUMERIC: ReadonlySet<SalaryValueType> = new Set(['INTEGER', 'MONEY', 'DOUBLE', 'PERCENT', 'NUMBER']);

export const isNumeric = (type: SalaryValueType) => NUMERIC.has(type);

/** How many decimals a value of the type is typed with (đồng and integers none, a rate up to 4). */
export function decimalsOf(type: SalaryValueType): number {
  if (type === 'MONEY' || type === 'INTEGER') return 0;
  return 4;
}

/** A stored row as the editor shows it (a band table's last, open band with no bound). */
export function draftOf(row: LookupRow): RowDraft {
  return {
    key: row.key === null ? '' : String(row.key),
    values: Object.fromEntries(Object.entries(row.values).map(([code, value]) => [code, String(value)])),
  };
}

/** A new row: the key empty, every value empty. */
export function emptyDraft(table: Pick<LookupTable, 'columns'>): RowDraft {
  return { key: '', values: Object.fromEntries(table.columns.map((column) => [column.code, ''])) };
}

const valueOf = (type: SalaryValueType, text: string): string | number =>
  isNumeric(type) && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

/**
 * The rows as the server takes them: a band's bound a number (the last one null when left
 * empty: the open band), a keyed table's key a number when its type is one, values by their
 * columns' types. What is not a number stays text, for the server to refuse by name.
 */
export function rowsOf(
  table: Pick<LookupTable, 'kind' | 'keyType' | 'columns'>,
  drafts: readonly RowDraft[],
): LookupRow[] {
  return drafts.map((draft, index) => {
    const last = index === drafts.length - 1;
    // a band table's last band is open: no upper bound, every key above the others finds it
    const key =
      table.kind === 'band' && last
        ? null
        : table.kind === 'band'
          ? valueOf('NUMBER', draft.key)
          : valueOf(table.keyType, draft.key.trim());
    return {
      key,
      values: Object.fromEntries(
        table.columns.map((column) => [column.code, valueOf(column.type, draft.values[column.code] ?? '')]),
      ),
    };
  });
}

export type RowProblem =
  'keyRequired' | 'keyTwice' | 'bandOrder' | 'openNotLast' | 'lastNotOpen' | 'valueRequired';

/**
 * The problems the editor can say before sending, by row (the server checks all of it again):
 * an empty key; a key twice; a band's bound not above the one before it, an open band that is
 * not the last, a last band that is not open (every key must find a band); an empty value.
 */
export function draftProblems(
  table: Pick<LookupTable, 'kind' | 'columns'>,
  drafts: readonly RowDraft[],
): Map<number, RowProblem> {
  const problems = new Map<number, RowProblem>();
  const seen = new Set<string>();
  let bound = -Infinity;
  drafts.forEach((draft, index) => {
    const key = draft.key.trim();
    const last = index === drafts.length - 1;
    if (key === '') {
      if (table.kind !== 'band') problems.set(index, 'keyRequired');
      else if (!last) problems.set(index, 'openNotLast');
    } else if (table.kind === 'band') {
      const value = Number(key);
      if (last) problems.set(index, 'lastNotOpen');
      else if (!(value > bound)) problems.set(index, 'bandOrder');
      bound = value;
    } else if (seen.has(key.toUpperCase())) problems.set(index, 'keyTwice');
    seen.add(key.toUpperCase());
    if (
      !problems.has(index) &&
      table.columns.some((column) => (draft.values[column.code] ?? '').trim() === '')
    )
      problems.set(index, 'valueRequired');
  });
  return problems;
}

/** The version in force on a day (versions newest first, dates as YYYY-MM-DD): the latest not after it. */
export function versionInForce<V extends { readonly effectiveFrom: string }>(
  versions: readonly V[],
  day: string,
): V | null {
  return versions.find((version) => version.effectiveFrom <= day) ?? null;
}
