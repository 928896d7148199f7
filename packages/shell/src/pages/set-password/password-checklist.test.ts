import { describe, expect, it } from 'vitest';
import { FieldLimits, Patterns } from '@hcm/contracts';
import { passwordChecklist } from './password-checklist.ts';

const unmet = (password: string) =>
  passwordChecklist(password)
    .filter((r) => !r.met)
    .map((r) => r.rule);

describe('password checklist', () => {
  it('starts with every rule unticked', () => {
    expect(unmet('')).toEqual(['length', 'lower', 'upper', 'digit', 'special', 'noSpaces']);
  });

  it('ticks off each rule as it is met', () => {
    expect(unmet('abc')).toEqual(['length', 'upper', 'digit', 'special']);
    expect(unmet('Abc 1')).toEqual(['length', 'special', 'noSpaces']);
    expect(unmet('Mật-khẩu-Mới-9')).toEqual([]);
    expect(unmet(`Aa1!${'x'.repeat(FieldLimits.passwordMax)}`)).toEqual(['length']);
  });

  it('accepts exactly what the policy pattern accepts, up to the length limit', () => {
    const pattern = new RegExp(Patterns.password);
    for (const password of [
      'Abcdef1!',
      'abcdef1!',
      'ABCDEF1!',
      'Abcdefg!',
      'Abcdefg1',
      'Abc def1!',
      'Ab1!',
      'Ä1bcdefG',
      '        ',
      'Mật-khẩu-Mới-9',
    ])
      expect(unmet(password).length === 0, password).toBe(pattern.test(password));
  });
});
