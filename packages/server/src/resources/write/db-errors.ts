import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { AppError } from '../../http/errors.ts';
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

/**
 * Turns the database's own refusals into answers: a unique violation that raced past the
 * check (409, on the unique fields), a record still referenced by another (409).
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
    );
  return error;
}
