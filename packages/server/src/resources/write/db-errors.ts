import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { getTableName } from 'drizzle-orm';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { ResourceDefinition } from '../types.ts';

/** The SQLSTATE of a driver error, also when drizzle wraps it (DrizzleQueryError.cause). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const duplicateOf = (definition: ResourceDefinition, names: readonly string[]) =>
  new AppError(
    409,
    ErrorCodes.conflict,
    `Another record already has this ${names.join(', ')}`,
    names.map((name) => ({ field: name, code: FieldErrorKeys.invalidValue, message: 'is already used' })),
  );

/** What the driver says about the refusal (node-postgres and PGlite both carry these). */
const detailOf = (error: unknown, key: 'constraint' | 'column'): string | undefined => {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const value = (e as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') return value;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

/**
 * The field a column, or a constraint named `<table>_<column>_…` (the schema's naming), belongs
 * to; undefined when none does (a rule across several columns).
 */
function fieldOf(definition: ResourceDefinition, column?: string, constraint?: string) {
  const table = getTableName(definition.table);
  return Object.keys(definition.fields).find((name) => {
    const own = definition.column(name).name;
    return own === column || (constraint?.startsWith(`${table}_${own}_`) ?? false);
  });
}

/** A value the database refuses (a CHECK, NOT NULL, a length or a number's range): 400, never 500. */
function refusedValue(definition: ResourceDefinition, state: string, error: unknown) {
  const constraint = detailOf(error, 'constraint');
  const field = fieldOf(definition, detailOf(error, 'column'), constraint);
  const why =
    state === '23502'
      ? 'must be given'
      : state === '22001'
        ? 'is too long'
        : state === '22003'
          ? 'is out of range'
          : `breaks the rule ${constraint ?? 'of the record'}`;
  return validationFailed(
    [{ field: field ?? 'record', code: FieldErrorKeys.invalidValue, message: why }],
    `A value is not one this record takes: ${field ?? constraint ?? 'the record'} ${why}`,
  );
}

/**
 * Turns the database's own refusals into answers: a unique violation that raced past the
 * check (409, on the unique fields), a record still referenced by another (409), a value a
 * CHECK, NOT NULL, length or range refuses that the schema let through (400, on its field when
 * the constraint names one). Nothing is written: the statement failed.
 */
export function translateDbError(definition: ResourceDefinition, error: unknown): unknown {
  const state = sqlStateOf(error);
  if (state === '23505') {
    const unique = Object.entries(definition.fields)
      .filter(([, spec]) => spec.unique)
      .map(([name]) => name);
    return duplicateOf(definition, unique);
  }
  // 23503 foreign_key_violation (NO ACTION), 23001 restrict_violation (ON DELETE RESTRICT)
  if (state === '23503' || state === '23001')
    return new AppError(
      409,
      ErrorCodes.conflict,
      'The record is used by other records and cannot be removed',
      undefined,
      undefined,
      { reason: 'inUse' },
    );
  // 23514 check_violation, 23502 not_null_violation, 22001 string too long, 22003 out of range
  if (state === '23514' || state === '23502' || state === '22001' || state === '22003')
    return refusedValue(definition, state, error);
  return error;
}
