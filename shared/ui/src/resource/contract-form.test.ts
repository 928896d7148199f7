import { describe, expect, it } from 'vitest';
import { categoryContracts } from '@hcm/contracts/categories';
import { shownValue, storedValue, type FieldContract } from '@hcm/contracts/resource';
import { checkFieldValue } from '@hcm/contracts/resource/check';
import { organizationUnitContract } from '@hcm/contracts/organization';
import { notificationEventContract } from '@hcm/contracts/notification-events';
import { settingContracts } from '@hcm/contracts/settings';
import { systemContracts } from '@hcm/contracts/system';
import { firstError } from '../form/validators.ts';
import { fieldValidators, initialValues, requestBody, valuesDiffer } from './contract-form.ts';
import { contractTestContract } from './test-contracts.ts';

const contracts = [...categoryContracts, ...settingContracts, ...systemContracts, contractTestContract];

/** Values a user could leave in a form for this field, in the form's own shape. */
function samples(field: FieldContract): unknown[] {
  switch (field.kind) {
    case 'text':
    case 'code':
      return [
        field.example(1),
        'x'.repeat(field.maxLength),
        'x'.repeat(field.maxLength + 1),
        'AB',
        'AB C1',
        'Kế toán',
        'a.b_c',
        '   ',
      ];
    case 'integer': {
      // typed in the field's unit (minutes) when it has one
      const maximum = shownValue(field.unit, field.maximum);
      return ['0', '1', String(maximum), String(maximum + 1), '-1', '12.5'];
    }
    case 'decimal':
    case 'money':
      return ['0', '1500000.5', '1500000.505', '-1', '12', '1'.repeat(field.precision - field.scale + 1)];
    default:
      return [];
  }
}

/**
 * The value as the API takes it (what the server's schema judges), or undefined when the form
 * leaves the field out: blank text is not sent (requestBody trims it to nothing).
 */
const asRequest = (field: FieldContract, value: unknown) => {
  if ((field.kind === 'text' || field.kind === 'code') && typeof value === 'string' && value.trim() === '')
    return undefined;
  return field.kind === 'integer' && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
    ? storedValue(field.unit, Number(value))
    : value;
};

/** A contract's fields and the item fields of its children, each with its path. */
const fieldsOf = (fields: Readonly<Record<string, FieldContract>>): [string, FieldContract][] =>
  Object.entries(fields).flatMap(([name, field]) =>
    field.kind === 'children'
      ? Object.entries(field.fields).map(([item, child]): [string, FieldContract] => [
          `${name}[].${item}`,
          child,
        ])
      : [[name, field]],
  );

describe('validators derived from a contract', () => {
  it('accept and refuse exactly what the server’s TypeBox schema accepts and refuses', () => {
    let compared = 0;
    for (const contract of contracts)
      for (const [name, field] of fieldsOf(contract.fields))
        for (const value of samples(field)) {
          const browser = firstError(value, fieldValidators(field)) === null;
          const request = asRequest(field, value);
          const server = request === undefined ? !field.required : checkFieldValue(field, request);
          expect(
            { field: `${contract.path}.${name}`, value, browser },
            `${contract.path}.${name} = ${JSON.stringify(value)}`,
          ).toEqual({ field: `${contract.path}.${name}`, value, browser: server });
          compared++;
        }
    expect(compared).toBeGreaterThan(80);
  });

  it('give the spec’s keys with their values', () => {
    const name = categoryContracts[0].fields.name;
    expect(firstError('', fieldValidators(name))).toEqual({ key: 'error.required' });
    expect(firstError('x'.repeat(name.maxLength + 1), fieldValidators(name))).toEqual({
      key: 'error.maxlength',
      params: { required: name.maxLength, actual: name.maxLength + 1 },
    });
  });
});

describe('request bodies', () => {
  const contract = contractTestContract;
  const names = ['code', 'name', 'salary', 'kind', 'startDate', 'remote', 'jobTitle'];

  it('leave empty fields out of a create and send null to clear them on update, with the version', () => {
    const values = initialValues(contract, names, null);
    expect(values.kind).toBe('FIXED');
    values.code = 'HD_001';
    values.name = '  Hợp  đồng ';
    values.startDate = new Date(2026, 2, 5);
    expect(requestBody(contract, names, values, 'create')).toEqual({
      code: 'HD_001',
      name: 'Hợp đồng',
      kind: 'FIXED',
      startDate: '2026-03-05',
      remote: false,
    });
    expect(requestBody(contract, names, { ...values, name: '' }, 'update', 4)).toMatchObject({
      name: null,
      salary: null,
      jobTitle: null,
      version: 4,
    });
  });

  it('send a multi-line text with its lines and a formatted one with its leading characters', () => {
    const notification = notificationEventContract;
    const body = requestBody(
      notification,
      ['title', 'content', 'attachedLink'],
      {
        title: ' -- Lịch  nghỉ ',
        content: '- Nghỉ  05/02.\r\n- Làm lại 15/02. ',
        attachedLink: ' /om/contacts',
      },
      'create',
    );
    expect(body).toEqual({
      title: 'Lịch nghỉ',
      content: '- Nghỉ 05/02.\n- Làm lại 15/02.',
      attachedLink: '/om/contacts',
    });
  });

  it('clear an optional choice without a default (a unit’s wage region), never one with a default', () => {
    const units = organizationUnitContract;
    const unitNames = ['name', 'typeCode', 'wageRegion'];
    const body = requestBody(
      units,
      unitNames,
      { name: 'Phòng A', typeCode: null, wageRegion: null },
      'update',
      2,
    );
    expect(body).toEqual({ name: 'Phòng A', wageRegion: null, version: 2 });
  });

  it('read a record back into the same values, so an untouched form is not dirty', () => {
    const record = {
      id: 'r1',
      version: 1,
      code: 'HD_001',
      name: 'Hợp đồng',
      salary: '12.5',
      kind: 'OPEN',
      startDate: '2026-03-05',
      remote: true,
      jobTitle: null,
    };
    const values = initialValues(contract, names, record);
    expect(values.startDate).toEqual(new Date(2026, 2, 5));
    expect(valuesDiffer(values, initialValues(contract, names, record))).toBe(false);
    expect(valuesDiffer(values, { ...values, name: 'Khác' })).toBe(true);
  });
});
