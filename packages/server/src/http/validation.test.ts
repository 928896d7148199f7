import { AuthenticateBody } from '@hcm/contracts';
import { describe, expect, it } from 'vitest';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { UpdateProfileBody } from '../services/iam/me/schemas.ts';
import { controlCharacterError, toFieldErrors } from './validation.ts';

const errorsOf = (schema: TSchema, value: unknown) => toFieldErrors(Compile(schema).Errors(value));

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
