import { describedPatterns } from '@hcm/contracts';
import { SLA_UNITS } from '@hcm/contracts/settings';
import '@hcm/contracts/system';
import '@hcm/contracts/workers';
import '@hcm/contracts/labor-contracts';
import '@hcm/contracts/categories';
import '@hcm/contracts/salary-components';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import vi from '../../i18n/vi.json';

/*
 * Every pattern declared with a human format has its words in both languages, and every unit a
 * bound's message may name (a workflow step's SLA units) too: a refusal never shows a code.
 */
describe('the words of pattern formats and units', () => {
  const names = describedPatterns().map((described) => described.format);

  it('knows the patterns of the contracts, each with an example it matches', () => {
    expect(names).toEqual(
      expect.arrayContaining(['phone', 'email', 'code', 'personalTaxCode', 'citizenIdentity', 'taxCode']),
    );
    for (const { pattern, example, format } of describedPatterns())
      expect(new RegExp(pattern).test(example), format).toBe(true);
  });

  for (const [language, dictionary] of [
    ['vi', vi],
    ['en', en],
  ] as const) {
    it(`has the words of each format and unit in ${language}`, () => {
      const { formats, units } = dictionary.error as unknown as {
        formats: Record<string, string>;
        units: Record<string, string>;
      };
      for (const name of names) expect(formats[name], name).toMatch(/\S/);
      for (const unit of SLA_UNITS) expect(units[unit], unit).toMatch(/\S/);
    });
  }
});
