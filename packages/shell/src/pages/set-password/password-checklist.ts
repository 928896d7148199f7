import { FieldLimits } from '@hcm/contracts';
import { PASSWORD_MIN_LENGTH } from '../my-profile/password-rules.ts';

/** One rule of the password policy (catalogues §5.1), as the page lists it under the field. */
export type PasswordRule = 'length' | 'lower' | 'upper' | 'digit' | 'special' | 'noSpaces';

/**
 * Each rule of Patterns.password on its own, so the page can tick them off as the user types.
 * Together they accept exactly what the pattern (and the length limits of passwordValidators)
 * accept: password-checklist.test.ts holds them to it.
 */
const RULES: readonly { rule: PasswordRule; met: (password: string) => boolean }[] = [
  {
    rule: 'length',
    met: (p) => p.length >= PASSWORD_MIN_LENGTH && p.length <= FieldLimits.passwordMax,
  },
  { rule: 'lower', met: (p) => /[a-z]/.test(p) },
  { rule: 'upper', met: (p) => /[A-Z]/.test(p) },
  { rule: 'digit', met: (p) => /\d/.test(p) },
  { rule: 'special', met: (p) => /[^A-Za-z0-9\s]/.test(p) },
  // Nothing typed yet is not "no spaces" met: every rule starts unticked.
  { rule: 'noSpaces', met: (p) => p !== '' && !/\s/.test(p) },
];

export function passwordChecklist(password: string): { rule: PasswordRule; met: boolean }[] {
  return RULES.map(({ rule, met }) => ({ rule, met: met(password) }));
}
