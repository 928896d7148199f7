import Value from 'typebox/value';
import { fieldSchema } from './field-schema.ts';
import type { FieldContract } from './fields.ts';

/**
 * Whether a present value passes the field's TypeBox schema (fieldSchema): the server's own check,
 * for code that has no typebox of its own (browser test fakes, tools). Null and undefined are the
 * caller's to judge (required or not).
 */
export function checkFieldValue(field: FieldContract, value: unknown): boolean {
  return Value.Check(fieldSchema(field), value);
}
