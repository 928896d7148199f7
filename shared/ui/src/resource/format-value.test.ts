import { describe, expect, it } from 'vitest';
import { workerContract } from '@hcm/contracts/workers';
import type { Label } from '@hcm/contracts/resource';
import { formatFieldValue } from './format-value.ts';

const words = { yes: 'Có', no: 'Không' };
const vi = (text: Label) => text.vi;

describe('formatFieldValue', () => {
  it("shows an employee's seniority in years and months, not a count of months", () => {
    const field = workerContract.fields.seniorityMonths;
    expect(formatFieldValue(field, 'seniorityMonths', 38, vi, words)).toBe('3 năm 2 tháng');
    expect(formatFieldValue(field, 'seniorityMonths', null, vi, words)).toBe('');
  });
});
