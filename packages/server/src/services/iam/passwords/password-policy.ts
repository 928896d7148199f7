import { FieldLimits, Patterns } from '@hcm/contracts';

const PASSWORD_PATTERN = new RegExp(Patterns.password);

/** The spec's policy: 8 to 50 characters with lower, upper, digit and special, no spaces. */
export function meetsPasswordPolicy(password: string): boolean {
  return password.length <= FieldLimits.passwordMax && PASSWORD_PATTERN.test(password);
}

export const PASSWORD_POLICY_TEXT =
  'at least 8 and at most 50 characters with a lower-case letter, an upper-case letter, a digit and a special character, no spaces';
