import { describe, expect, it } from 'vitest';
import { FieldLimits } from '../limits.ts';
import { checkFieldValue } from './check-value.ts';
import { f } from './fields.ts';
import { CommonLabels } from './label.ts';

describe('checkFieldValue', () => {
  it('applies the limits of the field schema', () => {
    const name = f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true });
    expect(checkFieldValue(name, 'Kế toán')).toBe(true);
    expect(checkFieldValue(name, 'x'.repeat(FieldLimits.name + 1))).toBe(false);
    expect(checkFieldValue(f.code(), 'A B')).toBe(false);
    expect(checkFieldValue(f.money({ label: CommonLabels.name }), '12.345')).toBe(false);
  });
});
