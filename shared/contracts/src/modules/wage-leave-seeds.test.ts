import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFieldValue } from '../resource/check-value.ts';
import type { AnyResourceContract } from '../resource/contract.ts';
import {
  contractTypeContract,
  MAX_SALARY_RATE,
  regionWageContract,
  salaryGradeContract,
} from './wage-categories.ts';
import { holidayContract, leaveTypeContract, MAX_LEAVE_DAYS_PER_YEAR } from './leave-categories.ts';

type Row = Record<string, unknown>;

/** The data file of a contract: packages/server/seed-data/om/<path>.json, an array of create bodies. */
const seedOf = (contract: AnyResourceContract): Row[] =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../packages/server/seed-data/om/${contract.path}.json`, import.meta.url),
      'utf8',
    ),
  ) as Row[];

/** Why a row is not a valid create body of the contract (empty: it is). */
function problemsOf(contract: AnyResourceContract, row: Row): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(row)) {
    const field = contract.fields[name];
    if (!field || !contract.create.includes(name)) problems.push(`${name} is not a field create accepts`);
    else if (value === null) {
      if (field.required) problems.push(`${name} is required`);
    } else if (!checkFieldValue(field, value))
      problems.push(`${name}: ${JSON.stringify(value)} is not valid`);
  }
  for (const [name, field] of Object.entries(contract.fields))
    if (field.required && row[name] === undefined) problems.push(`${name} is missing`);
  return problems;
}

describe('the seed data of the wage and leave categories', () => {
  const seeded = [regionWageContract, contractTypeContract, leaveTypeContract, holidayContract];

  it.each(seeded.map((contract) => ({ contract, path: contract.path })))(
    '$path.json: every row is a valid create body, codes unique',
    ({ contract }) => {
      const rows = seedOf(contract);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(problemsOf(contract, row), JSON.stringify(row)).toEqual([]);
      const codes = rows.map((row) => row.code).filter((code) => code !== undefined);
      expect(new Set(codes.map((code) => String(code).toLowerCase())).size).toBe(codes.length);
    },
  );

  it('has the region minimum wages of 2024-07-01 and 2026-01-01, one per region and date', () => {
    const rows = seedOf(regionWageContract);
    const table = Object.fromEntries(
      rows.map((row) => [`${String(row.effectiveDate)} ${String(row.region)}`, row.amount]),
    );
    expect(table).toEqual({
      '2024-07-01 I': '4960000',
      '2024-07-01 II': '4410000',
      '2024-07-01 III': '3860000',
      '2024-07-01 IV': '3450000',
      '2026-01-01 I': '5310000',
      '2026-01-01 II': '4730000',
      '2026-01-01 III': '4140000',
      '2026-01-01 IV': '3700000',
    });
    expect(rows).toHaveLength(8);
  });

  it('keeps to the rules the server adds to the fields', () => {
    for (const row of seedOf(contractTypeContract))
      expect(Number(row.salaryRate)).toBeLessThanOrEqual(MAX_SALARY_RATE);
    for (const row of seedOf(leaveTypeContract))
      if (row.maxDaysPerYear !== null)
        expect(Number(row.maxDaysPerYear)).toBeLessThanOrEqual(MAX_LEAVE_DAYS_PER_YEAR);
    for (const row of seedOf(holidayContract))
      expect(String(row.endDate) >= String(row.startDate), String(row.code)).toBe(true);
  });

  it("has the government's 2026 schedule: the eleven public holiday days (art. 112), a compensatory day and two swaps", () => {
    const days = seedOf(holidayContract).map((row) => [row.kind, row.startDate, row.endDate, row.paid]);
    expect(days).toEqual([
      ['PUBLIC_HOLIDAY', '2026-01-01', '2026-01-01', true],
      // 1/1–4/1 with Saturday 10/1 worked for Friday 2/1
      ['SWAPPED_DAY_OFF', '2026-01-02', '2026-01-02', true],
      ['SWAPPED_WORKING_DAY', '2026-01-10', '2026-01-10', true],
      ['PUBLIC_HOLIDAY', '2026-02-16', '2026-02-20', true],
      ['PUBLIC_HOLIDAY', '2026-04-26', '2026-04-26', true],
      ['COMPENSATORY_DAY_OFF', '2026-04-27', '2026-04-27', true],
      ['PUBLIC_HOLIDAY', '2026-04-30', '2026-04-30', true],
      ['PUBLIC_HOLIDAY', '2026-05-01', '2026-05-01', true],
      // 29/8–2/9 with Saturday 22/8 worked for Monday 31/8
      ['SWAPPED_WORKING_DAY', '2026-08-22', '2026-08-22', true],
      ['SWAPPED_DAY_OFF', '2026-08-31', '2026-08-31', true],
      ['PUBLIC_HOLIDAY', '2026-09-01', '2026-09-02', true],
    ]);
    const publicDays = seedOf(holidayContract)
      .filter((row) => row.kind === 'PUBLIC_HOLIDAY')
      .reduce(
        (n, row) =>
          n + (Date.parse(String(row.endDate)) - Date.parse(String(row.startDate))) / 86_400_000 + 1,
        0,
      );
    expect(publicDays).toBe(11);
  });

  it('pays probation at 85 % and marks the leave social insurance pays as not paid by the employer', () => {
    const rate = Object.fromEntries(seedOf(contractTypeContract).map((row) => [row.code, row.salaryRate]));
    expect(rate).toMatchObject({ INDEFINITE_TERM: '100', DEFINITE_TERM: '100', PROBATION: '85' });
    const paid = Object.fromEntries(seedOf(leaveTypeContract).map((row) => [row.code, row.paid]));
    expect(paid).toMatchObject({
      ANNUAL_LEAVE: true,
      SICK_LEAVE: false,
      MATERNITY_LEAVE: false,
      UNPAID_LEAVE: false,
    });
  });

  it('writes the paid personal leave of Labour Code art. 115(1) as such (R), apart from annual leave', () => {
    const types = seedOf(leaveTypeContract);
    const reason = Object.fromEntries(types.map((row) => [row.code, row.timesheetReason]));
    expect(reason).toMatchObject({
      ANNUAL_LEAVE: 'ANNUAL_LEAVE',
      MARRIAGE_LEAVE: 'PAID_PERSONAL',
      CHILD_MARRIAGE_LEAVE: 'PAID_PERSONAL',
      BEREAVEMENT_LEAVE: 'PAID_PERSONAL',
      COMPENSATORY_LEAVE: 'COMPENSATORY',
    });
    // paid by the employer, not taken from the annual balance
    for (const row of types.filter((type) => type.timesheetReason === 'PAID_PERSONAL'))
      expect(row, String(row.code)).toMatchObject({ paid: true, usesAnnualBalance: false });
  });

  it("a grade's valid example has a step (the server refuses a grade without one)", () => {
    expect(salaryGradeContract.fields.scales.example(1)).toHaveLength(1);
  });
});
