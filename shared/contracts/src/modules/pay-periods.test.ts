import { describe, expect, it } from 'vitest';
import { labelsOf } from '../resource/contract.ts';
import { dictionaryOf } from '../resource/label.ts';
import { payPeriodContract } from './pay-periods.ts';
import { payrollTemplateContract } from './payroll-templates.ts';
import { salaryComponentContract } from './salary-components.ts';
import { salaryPeriodContract } from './salary-periods.ts';

describe('the payroll contracts’ labels', () => {
  // the kit registers a contract's labels as one dictionary per language when a page draws it:
  // a value's label under its field's key (payPeriod.kind.regular under payPeriod.kind) broke
  // every generic page of the pay periods
  it('make one dictionary per language: no key is another key’s prefix', () => {
    const labels = [
      payPeriodContract,
      salaryPeriodContract,
      salaryComponentContract,
      payrollTemplateContract,
    ].flatMap(labelsOf);
    for (const language of ['vi', 'en'] as const) expect(() => dictionaryOf(labels, language)).not.toThrow();
  });
});
