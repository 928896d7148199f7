import type { FieldError } from '@hcm/contracts';
import {
  BAND_KEY_TYPES,
  DERIVED_LOOKUP_TABLE_CODES,
  LookupErrorKeys,
  LookupTableLimits,
  type LookupColumn,
  type LookupRow,
  type LookupTableKind,
} from '@hcm/contracts/payroll-lookup-tables';
import type { SalaryValueType } from '@hcm/contracts/salary-components';
import { normalise15 } from '@hcm/formula';
import { DECLARED_BY_CODE } from '../variables/declared.ts';

/*
 * What makes a lookup table and a version of it valid (docs/payroll-variables.md, "Lookup
 * tables"): checked before anything is written, each problem a field error naming its place
 * (`rows[3].key`, `rows[3].values.THUE_SUAT`, `columns[1].code`) with the key of its words
 * (error.lookup…) and the values those words carry. Pure: the routes, the import and the seed
 * run the same checks.
 */

export interface TableShape {
  readonly kind: LookupTableKind;
  readonly keyType: SalaryValueType;
  readonly columns: readonly Pick<LookupColumn, 'code' | 'type'>[];
}

const problem = (
  field: string,
  code: string,
  message: string,
  params?: Readonly<Record<string, string | number>>,
): FieldError => ({ field, code, message, ...(params ? { params } : {}) });

const NUMERIC = new Set<SalaryValueType>(['INTEGER', 'MONEY', 'DOUBLE', 'PERCENT', 'NUMBER']);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether `value` is one of `type`: a finite number (a whole one for INTEGER and MONEY), text, or a date. */
export function isValueOf(type: SalaryValueType, value: unknown): boolean {
  if (NUMERIC.has(type)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    return type === 'INTEGER' || type === 'MONEY' ? Number.isInteger(value) : true;
  }
  if (typeof value !== 'string') return false;
  if (type === 'DATE') return isDate(value);
  return value.trim().length > 0 && value.length <= LookupTableLimits.textMaxLength;
}

/** The table's own fields: its code free, a band table's key a number, its columns' codes unique. */
export function checkTableShape(table: { code?: string } & TableShape): FieldError[] {
  const errors: FieldError[] = [];
  const code = table.code;
  if (
    code !== undefined &&
    ((DERIVED_LOOKUP_TABLE_CODES as readonly string[]).includes(code) || DECLARED_BY_CODE.has(code))
  )
    errors.push(
      problem('code', LookupErrorKeys.codeTaken, `${code} is a name the payroll catalogue already gives`, {
        code,
      }),
    );
  if (table.kind === 'band' && !(BAND_KEY_TYPES as readonly string[]).includes(table.keyType))
    errors.push(
      problem('keyType', LookupErrorKeys.bandKeyType, 'A band table is keyed by a number', {
        type: table.keyType,
      }),
    );
  const seen = new Map<string, number>();
  table.columns.forEach((column, index) => {
    const first = seen.get(column.code);
    if (first !== undefined)
      errors.push(
        problem(
          `columns[${index}].code`,
          LookupErrorKeys.columnDuplicate,
          `The column ${column.code} is already column ${first + 1}`,
          { column: column.code, row: first + 1 },
        ),
      );
    else seen.set(column.code, index);
  });
  return errors;
}

/** A keyed table's key as it is compared: text in upper case, numbers to 15 digits. */
const keyOf = (key: string | number) => (typeof key === 'number' ? normalise15(key) : key.toUpperCase());

/**
 * A version's rows against its table: a keyed table's keys of its key type and unique (text
 * case-insensitively); a band table's bounds numbers, strictly ascending, and only the last band
 * open (null) — there must be one, so that every key finds a band; every column's value given
 * and of its type, no other column.
 */
export function checkRows(table: TableShape, rows: readonly LookupRow[]): FieldError[] {
  const errors: FieldError[] = [];
  const columns = new Map(table.columns.map((column) => [column.code, column.type]));
  const keys = new Map<string | number, number>();
  let previous: number | undefined;
  rows.forEach((row, index) => {
    const at = `rows[${index}]`;
    const line = index + 1;
    if (table.kind === 'band') {
      const last = index === rows.length - 1;
      if (row.key === null) {
        if (!last)
          errors.push(
            problem(`${at}.key`, LookupErrorKeys.openBand, 'Only the last band is open (no upper bound)', {
              row: line,
            }),
          );
      } else if (typeof row.key !== 'number' || !Number.isFinite(row.key)) {
        errors.push(
          problem(`${at}.key`, LookupErrorKeys.keyType, 'A band’s upper bound is a number', {
            row: line,
            type: table.keyType,
          }),
        );
      } else {
        if (previous !== undefined && !(row.key > previous))
          errors.push(
            problem(`${at}.key`, LookupErrorKeys.bandOrder, 'The upper bounds must ascend', {
              row: line,
              bound: row.key,
              previous,
            }),
          );
        previous = row.key;
        if (last)
          errors.push(
            problem(
              `${at}.key`,
              LookupErrorKeys.openBand,
              'The last band is open: leave its upper bound empty',
              {
                row: line,
              },
            ),
          );
      }
    } else if (row.key === null || !isValueOf(table.keyType, row.key)) {
      errors.push(
        problem(`${at}.key`, LookupErrorKeys.keyType, `The key is not a value of type ${table.keyType}`, {
          row: line,
          type: table.keyType,
        }),
      );
    } else {
      const key = keyOf(row.key);
      const first = keys.get(key);
      if (first !== undefined)
        errors.push(
          problem(
            `${at}.key`,
            LookupErrorKeys.keyDuplicate,
            `The key ${String(row.key)} is already on row ${first}`,
            {
              row: line,
              key: String(row.key),
              first,
            },
          ),
        );
      else keys.set(key, line);
    }
    for (const [code, type] of columns) {
      const value = Object.hasOwn(row.values, code) ? row.values[code] : undefined;
      if (value === undefined)
        errors.push(
          problem(
            `${at}.values.${code}`,
            LookupErrorKeys.valueMissing,
            `Row ${line} has no value of ${code}`,
            {
              row: line,
              column: code,
            },
          ),
        );
      else if (!isValueOf(type, value))
        errors.push(
          problem(
            `${at}.values.${code}`,
            LookupErrorKeys.valueType,
            `Row ${line}: ${code} is not a value of type ${type}`,
            { row: line, column: code, type },
          ),
        );
    }
    for (const code of Object.keys(row.values))
      if (!columns.has(code))
        errors.push(
          problem(`${at}.values.${code}`, LookupErrorKeys.unknownColumn, `The table has no column ${code}`, {
            row: line,
            column: code,
          }),
        );
  });
  return errors;
}
