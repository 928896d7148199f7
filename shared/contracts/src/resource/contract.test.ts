import { describe, expect, it } from 'vitest';
import Value from 'typebox/value';
import { FieldLimits } from '../limits.ts';
import { categoryContracts, jobTitleContract, type CategoryRecord } from '../modules/categories.ts';
import { settingContracts } from '../modules/settings.ts';
import { systemContracts } from '../modules/system.ts';
import { organizationUnitContract, workingGroupContract } from '../modules/organization-units.ts';
import { workerContract } from '../modules/workers.ts';
import { laborContractContract } from '../modules/labor-contracts.ts';
import { defineContract, labelsOf } from './contract.ts';
import { fieldSchema } from './field-schema.ts';
import { f } from './fields.ts';
import { CommonLabels, dictionaryOf, label } from './label.ts';

const base = {
  service: 'om',
  path: 'things',
  route: '/setting/things',
  permission: 'job_title',
  level: 'tenant',
  title: label('test.things', 'Thứ', 'Things'),
  singular: label('test.thing', 'Thứ', 'Thing'),
  fields: { code: f.code(), status: f.status() },
  columns: ['code', 'status'],
  keyword: ['code'],
  filters: ['status'],
  sort: ['code'],
  defaultSort: { field: 'code', direction: 'asc' },
} as const;

describe('defineContract', () => {
  it('derives the form, create, update and import columns from the fields', () => {
    expect(jobTitleContract.apiPath).toBe('/api/om/job-titles');
    expect(jobTitleContract.create).toEqual(['code', 'name', 'nameEn', 'priority', 'description', 'status']);
    expect(jobTitleContract.update).toEqual(['code', 'name', 'nameEn', 'priority', 'description']);
    expect(jobTitleContract.module).toBe('OM');
    expect(jobTitleContract.approvable).toBe(false);
    expect(jobTitleContract.offers('import')).toBe(true);
  });

  it('imports area fields by default, never the status, lists or files', () => {
    const place = (key: string) => label(`test.things.${key}`, key, key);
    const contract = defineContract({
      ...base,
      fields: {
        code: f.code(),
        province: f.area({ label: place('province'), level: 'province' }),
        ward: f.area({ label: place('ward'), level: 'ward', parent: 'province' }),
        papers: f.files({ label: place('papers'), ownerType: 'ATTACHMENT', accept: ['pdf'] }),
        status: f.status(),
      },
    });
    expect(contract.importColumns).toEqual(['code', 'province', 'ward']);
  });

  it('derives what a list row carries: names, status, columns, optional columns and the extras', () => {
    expect(jobTitleContract.listFields).toEqual([
      'name',
      'code',
      'nameEn',
      'status',
      'description',
      'priority',
      'lastModifiedAt',
    ]);
    const contract = defineContract({
      ...base,
      fields: {
        code: f.code(),
        note: f.text({ label: CommonLabels.description, maxLength: 200 }),
        paper: f.file({ label: CommonLabels.name, ownerType: 'ATTACHMENT', accept: ['pdf'] }),
        status: f.status(),
      },
      columns: ['code'],
      optionalColumns: ['createdAt'],
      listExtras: ['paper'],
    });
    expect(contract.listFields).toEqual(['code', 'status', 'createdAt', 'paper']);
    expect(contract.listExtras).toEqual(['paper']);
    expect(() => defineContract({ ...base, listExtras: ['nope' as 'code'] })).toThrow(
      /listExtras names nope/,
    );
    // a worker's list row: its columns and its account, none of its sub-records
    expect(workerContract.listFields).toContain('userId');
    expect(workerContract.listFields).not.toContain('academics');
    expect(workerContract.listFields).not.toContain('citizenIdentityNumber');
    // an approvable record's: its approval status and creator (four eyes) beside its columns
    expect(laborContractContract.listFields).toEqual(expect.arrayContaining(['approvalStatus', 'createdBy']));
  });

  it('refuses a level the permission catalogue does not give the resource', () => {
    expect(() => defineContract({ ...base, level: 'system' })).toThrow(/level system disagrees/);
    expect(() => defineContract({ ...base, level: 'both' })).toThrow(/disagrees/);
  });

  it('refuses an unknown permission and names that are not fields', () => {
    expect(() => defineContract({ ...base, permission: 'nope' as 'job_title' })).toThrow(
      /not in the permission catalogue/,
    );
    expect(() => defineContract({ ...base, columns: ['code', 'nope' as 'code'] })).toThrow(
      /columns names nope/,
    );
    expect(() => defineContract({ ...base, defaultSort: { field: 'status', direction: 'asc' } })).toThrow(
      /defaultSort/,
    );
    expect(() => defineContract({ ...base, keyword: ['status' as 'code'] })).toThrow(/not text/);
  });

  it('refuses a required field the create or import would leave out', () => {
    expect(() => defineContract({ ...base, create: ['status'] })).toThrow(
      /required field code is not in create/,
    );
  });

  it('syncs an import only by the one unique field, which the import must carry', () => {
    expect(defineContract({ ...base, importMatches: 'code' }).importMatches).toBe('code');
    expect(defineContract(base).importMatches).toBe(null);
    const twoUnique = {
      ...base.fields,
      name: f.text({ label: CommonLabels.name, maxLength: 50, unique: true }),
    };
    expect(() => defineContract({ ...base, fields: twoUnique, importMatches: 'code' })).toThrow(
      /only unique field/,
    );
    const fields = { ...base.fields, name: f.text({ label: CommonLabels.name, maxLength: 50 }) };
    expect(() => defineContract({ ...base, fields, importMatches: 'name' })).toThrow(/only unique field/);
    const optional = {
      ...base,
      fields: {
        name: f.text({ label: CommonLabels.name, maxLength: 50, unique: true }),
        note: f.text({ label: CommonLabels.description, maxLength: 50 }),
        status: f.status(),
      },
      columns: ['name'],
      keyword: ['name'],
      sort: ['name'],
      defaultSort: { field: 'name', direction: 'asc' },
    } as const;
    expect(() => defineContract({ ...optional, importColumns: ['note'], importMatches: 'name' })).toThrow(
      /not imported/,
    );
  });

  it('types records from the fields', () => {
    const record: CategoryRecord = {
      id: '0',
      version: 1,
      code: 'CODE',
      name: 'Name',
      nameEn: null,
      description: null,
      priority: null,
      status: 'ACTIVE',
      createdAt: '',
      createdBy: null,
      lastModifiedAt: '',
      lastModifiedBy: null,
    };
    expect(record.code).toBe('CODE');
  });
});

describe('labels', () => {
  it('give every contract one text per key in each language', () => {
    const labels = [
      ...categoryContracts,
      ...settingContracts,
      ...systemContracts,
      organizationUnitContract,
      workingGroupContract,
      workerContract,
      laborContractContract,
    ].flatMap(labelsOf);
    const vi = dictionaryOf(labels, 'vi') as Record<string, Record<string, string>>;
    const en = dictionaryOf(labels, 'en') as Record<string, Record<string, string>>;
    expect(vi.common?.code).toBe('Mã');
    expect(en.common?.lastModifiedAt).toBe('Last modified at');
  });

  it('refuse one key with two texts, and a key that is another key’s prefix', () => {
    expect(() => dictionaryOf([CommonLabels.code, { ...CommonLabels.code, vi: 'Khác' }], 'vi')).toThrow(
      /two texts/,
    );
    expect(() => dictionaryOf([label('a.b', 'x', 'x'), label('a.b.c', 'y', 'y')], 'vi')).toThrow(
      /prefix|extends/,
    );
    expect(() => label('Bad key', 'x', 'x')).toThrow();
  });
});

describe('fieldSchema', () => {
  it('carries the limits of catalogues §5', () => {
    const name = fieldSchema(jobTitleContract.fields.name);
    expect(Value.Check(name, 'x'.repeat(FieldLimits.name))).toBe(true);
    expect(Value.Check(name, 'x'.repeat(FieldLimits.name + 1))).toBe(false);
    expect(Value.Check(name, '   ')).toBe(false);
    const code = fieldSchema(jobTitleContract.fields.code);
    expect(Value.Check(code, 'AB_1.2')).toBe(true);
    expect(Value.Check(code, 'AB')).toBe(false);
    expect(Value.Check(code, 'AB C1')).toBe(false);
  });

  it('takes money and decimals as decimal strings within their scale', () => {
    const money = fieldSchema(f.money({ label: CommonLabels.name }));
    expect(Value.Check(money, '1500000.50')).toBe(true);
    expect(Value.Check(money, '1500000.505')).toBe(false);
    expect(Value.Check(money, '-1')).toBe(false);
    expect(Value.Check(money, 1500000)).toBe(false);
    expect(Value.Check(money, '1e6')).toBe(false);
  });
});

describe('field examples', () => {
  it.each(
    [...categoryContracts, ...settingContracts, ...systemContracts].map((c) => [c.apiPath, c] as const),
  )(
    '%s: every example is a valid value of its field (test factories build records from them)',
    (_, contract) => {
      // an example naming a record of the caller's tenant (a step's USER assignee) is given one
      const context = { userId: '00000000-0000-4000-8000-000000000001' };
      for (const [name, field] of Object.entries(contract.fields))
        for (const n of [1, 7, 42]) {
          // a reference has no valid value without a record to point at: an optional one is left out;
          // nor has a file without a stored file (the server's tests store one: storeExampleFiles)
          if (field.example(n, context) === null && (!field.required || field.kind === 'file')) continue;
          expect(
            Value.Check(fieldSchema(field), field.example(n, context)),
            `${name}: ${String(field.example(n, context))}`,
          ).toBe(true);
        }
    },
  );
});
