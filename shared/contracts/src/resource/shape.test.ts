import { describe, expect, it } from 'vitest';
import { ethnicityContract, jobTitleContract, plainCategoryContracts } from '../modules/categories.ts';
import { servicePackContract } from '../modules/system.ts';
import { category } from '../modules/category.ts';
import { contractShape, oneOfEachShape } from './shape.ts';

describe('contract shapes', () => {
  it('gives plain categories one shape whatever their names and labels', () => {
    expect(contractShape(ethnicityContract)).toBe(contractShape(jobTitleContract));
    expect(oneOfEachShape(plainCategoryContracts, (c) => c)).toEqual([jobTitleContract]);
  });

  it('tells apart contracts whose fields, limits or lists differ', () => {
    expect(contractShape(servicePackContract)).not.toBe(contractShape(jobTitleContract));
    const narrower = { ...jobTitleContract, keyword: ['code'] };
    expect(contractShape(narrower)).not.toBe(contractShape(jobTitleContract));
    const required = {
      ...jobTitleContract,
      fields: {
        ...jobTitleContract.fields,
        description: { ...jobTitleContract.fields.description, required: true },
      },
    };
    expect(contractShape(required)).not.toBe(contractShape(jobTitleContract));
    const fewer = { ...jobTitleContract, without: ['import' as const] };
    expect(contractShape(fewer)).not.toBe(contractShape(jobTitleContract));
  });

  it('keeps items without a contract', () => {
    const items = [{ c: jobTitleContract }, { c: undefined }, { c: category('religion', 'religions', 'c') }];
    expect(oneOfEachShape(items, (item) => item.c)).toEqual(items.slice(0, 2));
  });
});
