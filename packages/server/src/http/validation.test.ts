import { AuthenticateBody, Patterns } from '@hcm/contracts';
import { fieldSchema } from '@hcm/contracts/resource';
import { workerContract } from '@hcm/contracts/workers';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { UpdateProfileBody } from '../services/iam/me/schemas.ts';
import { controlCharacterError, toFieldErrors, withActualValues } from './validation.ts';

const errorsOf = (schema: TSchema, value: unknown) =>
  toFieldErrors(withActualValues(Compile(schema).Errors(value), value));

describe('toFieldErrors', () => {
  it('names each missing field with error.required', () => {
    expect(errorsOf(AuthenticateBody, {})).toEqual([
      { field: 'username', code: 'error.required', message: 'is required' },
      { field: 'password', code: 'error.required', message: 'is required' },
    ]);
  });

  it('keeps one error per field, the most specific one', () => {
    const errors = errorsOf(AuthenticateBody, { username: 'a b'.repeat(40), password: '', extra: true });
    expect(errors).toEqual([
      { field: 'extra', code: 'error.invalidValue', message: 'is not an accepted field' },
      expect.objectContaining({ field: 'username', code: 'error.maxlength' }),
      { field: 'password', code: 'error.required', message: 'is required' },
    ]);
  });

  it('maps wrong types, patterns and e-mail formats to the spec keys', () => {
    expect(errorsOf(AuthenticateBody, { username: 42, password: 'x' })).toEqual([
      expect.objectContaining({ field: 'username', code: 'error.invalidValue' }),
    ]);
    expect(errorsOf(AuthenticateBody, { username: 'có dấu', password: 'x' })).toEqual([
      expect.objectContaining({ field: 'username', code: 'error.pattern' }),
    ]);
    expect(errorsOf(UpdateProfileBody, { email: 'not-an-email' })).toEqual([
      expect.objectContaining({ field: 'email', code: 'error.email' }),
    ]);
    expect(errorsOf(UpdateProfileBody, { email: `${'x'.repeat(50)}@a.vn` })).toEqual([
      expect.objectContaining({ field: 'email', code: 'error.maxlength' }),
    ]);
    expect(errorsOf(UpdateProfileBody, { language: 'fr' })).toEqual([
      expect.objectContaining({ field: 'language', code: 'error.pattern' }),
    ]);
  });

  it('carries the required and actual values of lengths and bounds (spec core §5)', () => {
    const schema = Type.Object({
      name: Type.String({ maxLength: 5 }),
      code: Type.String({ minLength: 4 }),
      days: Type.Integer({ minimum: 1, maximum: 30 }),
      steps: Type.Array(Type.Object({ amount: Type.Integer({ maximum: 720 }) })),
    });
    expect(errorsOf(schema, { name: 'Nguyễn', code: 'AB', days: 31, steps: [{ amount: 721 }] })).toEqual([
      {
        field: 'name',
        code: 'error.maxlength',
        message: 'must not have more than 5 characters (now 6)',
        params: { required: 5, actual: 6 },
      },
      expect.objectContaining({ field: 'code', code: 'error.minlength', params: { required: 4, actual: 2 } }),
      expect.objectContaining({ field: 'days', code: 'error.max', params: { required: 30, actual: 31 } }),
      expect.objectContaining({
        field: 'steps[0].amount',
        code: 'error.max',
        params: { required: 720, actual: 721 },
      }),
    ]);
    expect(errorsOf(schema, { name: '', code: 'ABCD', days: 0, steps: [] })).toEqual([
      expect.objectContaining({ field: 'days', code: 'error.min', params: { required: 1, actual: 0 } }),
    ]);
  });

  it('says the format a pattern allows, with an example, for every described pattern', () => {
    const phone = fieldSchema(workerContract.fields.phone);
    expect(errorsOf(Type.Object({ phone }), { phone: '0243 825 6789 ext' })).toEqual([
      {
        field: 'phone',
        code: 'error.pattern',
        message: 'must be a phone, e.g. 0243 825 6789',
        params: { format: 'phone', example: '0243 825 6789' },
      },
    ]);
    expect(errorsOf(AuthenticateBody, { username: 'có dấu', password: 'x' })).toEqual([
      expect.objectContaining({ params: { format: 'username', example: 'nguyen.van_an' } }),
    ]);
    const taxCode = fieldSchema(workerContract.fields.personalTaxCode);
    expect(errorsOf(Type.Object({ taxCode }), { taxCode: '12-34' })[0]?.params).toEqual({
      format: 'personalTaxCode',
      example: '8012345678',
    });
  });

  it('accepts phone numbers as Vietnamese people write them, and refuses what is not one', () => {
    const phone = new RegExp(Patterns.phone);
    for (const written of [
      '0243 825 6789',
      '024.3825.6789',
      '0243-825-6789',
      '+84 24 3825 6789',
      '(024) 3825 6789',
      '0987654321',
    ])
      expect(phone.test(written), written).toBe(true);
    for (const wrong of ['0243 825 6789 ext', 'abc', '+', '0243  825 678-', '++84 24 3825 6789'])
      expect(phone.test(wrong), wrong).toBe(false);
  });

  it('leaves errors about the whole body without a field', () => {
    expect(errorsOf(AuthenticateBody, 'just text')).toEqual([]);
  });
});

describe('controlCharacterError', () => {
  it('finds the first control character in document order', () => {
    expect(controlCharacterError({ a: ['ok', 'bad\u0000'], b: 'bad\u0001' })?.instancePath).toBe('/a/1');
    expect(controlCharacterError({ 'x/y~': 'bad\u007f' })?.instancePath).toBe('/x~1y~0');
    expect(controlCharacterError({ a: ['fine', { b: 'tab\tand\nnewline' }] })).toBeUndefined();
  });

  it('walks a value of any depth without running out of stack', () => {
    let deep: unknown = 'bad\u0002';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(controlCharacterError(deep)?.instancePath).toBe('/0'.repeat(200_000));
  });
});
