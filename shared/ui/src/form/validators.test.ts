import { Patterns } from '@hcm/contracts';
import { describe, expect, it } from 'vitest';
import {
  MISSING_ERROR_MESSAGE,
  Validators,
  fieldErrorText,
  firstError,
  serverFieldErrors,
  type FieldError,
} from './validators.ts';

describe('validators', () => {
  it('required', () => {
    const required = Validators.required();
    for (const empty of [null, undefined, '', '   ', []])
      expect(required(empty)).toEqual({ key: 'error.required' });
    expect(required('x')).toBeNull();
    expect(required(0)).toBeNull();
  });

  it('lengths carry the required and actual values', () => {
    expect(Validators.minLength(4)('abc')).toEqual({
      key: 'error.minlength',
      params: { required: 4, actual: 3 },
    });
    expect(Validators.maxLength(5)('abcdef')).toEqual({
      key: 'error.maxlength',
      params: { required: 5, actual: 6 },
    });
    expect(Validators.minLength(4)('')).toBeNull();
    expect(Validators.maxLength(5)('abcde')).toBeNull();
  });

  it('min and max carry the required and actual values', () => {
    expect(Validators.min(1)(0)).toEqual({ key: 'error.min', params: { required: 1, actual: 0 } });
    expect(Validators.max(28)('29')).toEqual({ key: 'error.max', params: { required: 28, actual: 29 } });
    expect(Validators.max(28)(28)).toBeNull();
    expect(Validators.min(1)(null)).toBeNull();
  });

  it('pattern, email, date and oneOf', () => {
    expect(Validators.pattern('^[0-9]+$')('12a')).toEqual({ key: 'error.pattern' });
    expect(Validators.pattern(/^[0-9]+$/)('12')).toBeNull();
    expect(Validators.email()('lan@example.vn')).toBeNull();
    expect(Validators.email()('lan@@example')).toEqual({ key: 'error.email' });
    expect(Validators.email()(`${'a'.repeat(51)}@example.vn`)).toEqual({ key: 'error.email' });
    expect(Validators.date()(new Date(Number.NaN))).toEqual({ key: 'error.invalidDate' });
    expect(Validators.date()(new Date())).toBeNull();
    expect(Validators.oneOf(['ACTIVE', 'INACTIVE'])('DELETED')).toEqual({ key: 'error.invalidValue' });
  });

  it('firstError gives the first failing validator', () => {
    expect(firstError('', [Validators.required(), Validators.minLength(3)])).toEqual({
      key: 'error.required',
    });
    expect(firstError('ab', [Validators.required(), Validators.minLength(3)])?.key).toBe('error.minlength');
    expect(firstError('abc', undefined)).toBeNull();
  });
});

describe('fieldErrorText', () => {
  const dictionary: Record<string, string> = {
    'error.required': '{{label}} là bắt buộc.',
    'error.maxlength': '{{label}} không được quá {{required}} ký tự (hiện có {{actual}}).',
  };
  const translate = (key: string, params: Record<string, string | number>) =>
    dictionary[key]?.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

  it('interpolates the label and the values', () => {
    expect(fieldErrorText({ key: 'error.required' }, 'Họ và tên', translate)).toBe('Họ và tên là bắt buộc.');
    expect(
      fieldErrorText({ key: 'error.maxlength', params: { required: 50, actual: 51 } }, 'Mã', translate),
    ).toBe('Mã không được quá 50 ký tự (hiện có 51).');
  });

  it("shows '-' for an unknown key and 'errorMessage not found' for a missing message", () => {
    expect(fieldErrorText({ key: 'error.weird' }, 'Mã', translate)).toBe('-');
    expect(fieldErrorText({ key: 'error.pattern' }, 'Mã', translate)).toBe(MISSING_ERROR_MESSAGE);
    expect(MISSING_ERROR_MESSAGE).toBe('errorMessage not found');
  });

  it('reads server field errors, with the values their messages carry', () => {
    const errors: Record<string, FieldError> = serverFieldErrors([
      { field: 'code', code: 'error.pattern' },
      { field: 'code', code: 'error.maxlength' },
      { field: 'name', code: 'error.required' },
      { field: 'title', code: 'error.maxlength', params: { required: 200, actual: 201 } },
    ]);
    expect(errors).toEqual({
      code: { key: 'error.pattern' },
      name: { key: 'error.required' },
      title: { key: 'error.maxlength', params: { required: 200, actual: 201 } },
    });
  });

  it('says a described pattern’s format and example, and a bound’s unit, when the dictionary has their words', () => {
    const words: Record<string, string> = {
      ...dictionary,
      'error.pattern': '{{label}} không đúng định dạng.',
      'error.patternFormat': '{{label}} không đúng định dạng: {{format}}. Ví dụ: {{example}}.',
      'error.formats.phone': 'chữ số và dấu cách',
      'error.max': '{{label}} phải nhỏ hơn hoặc bằng {{required}} (hiện là {{actual}}).',
      'error.maxUnit': '{{label}} không được quá {{required}} {{unit}} (hiện là {{actual}}).',
      'error.units.HOURS': 'giờ',
    };
    const say = (key: string, params: Record<string, string | number>) =>
      words[key]?.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
    const phone = Validators.pattern(Patterns.phone)('0243 825 6789 máy lẻ');
    expect(phone).toEqual({ key: 'error.pattern', params: { format: 'phone', example: '0243 825 6789' } });
    expect(fieldErrorText(phone as FieldError, 'Điện thoại', say)).toBe(
      'Điện thoại không đúng định dạng: chữ số và dấu cách. Ví dụ: 0243 825 6789.',
    );
    // a format or unit without words: the plain message, never its code
    const unknown = { key: 'error.pattern', params: { format: 'nope', example: '1' } };
    expect(fieldErrorText(unknown, 'Mã', say)).toBe('Mã không đúng định dạng.');
    const hours = { key: 'error.max', params: { required: 720, actual: 800, unit: 'HOURS' } };
    expect(fieldErrorText(hours, 'Thời hạn', say)).toBe('Thời hạn không được quá 720 giờ (hiện là 800).');
    const weeks = { key: 'error.max', params: { required: 4, actual: 5, unit: 'WEEKS' } };
    expect(fieldErrorText(weeks, 'Thời hạn', say)).toBe('Thời hạn phải nhỏ hơn hoặc bằng 4 (hiện là 5).');
    // a bound said without its values (a server rule written by hand) never shows empty values
    const limits: Record<string, string> = {
      ...words,
      'error.outOfLimits': '{{label}} nằm ngoài giới hạn cho phép.',
    };
    const sayLimits = (key: string, params: Record<string, string | number>) =>
      limits[key]?.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
    expect(fieldErrorText({ key: 'error.max' }, 'Hệ số', sayLimits)).toBe(
      'Hệ số nằm ngoài giới hạn cho phép.',
    );
    // a pattern declared without a format says nothing more
    expect(Validators.pattern('^[0-9]+$')('x')).toEqual({ key: 'error.pattern' });
  });
});
