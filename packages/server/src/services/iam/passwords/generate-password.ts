import { randomInt } from 'node:crypto';
import { meetsPasswordPolicy } from './password-policy.ts';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
// Specials that survive copy-paste from a terminal and shell quoting inside double quotes.
const SPECIAL = '!#%*+-=?@^_~';
const ALL = LOWER + UPPER + DIGITS + SPECIAL;

const pick = (alphabet: string) => alphabet.charAt(randomInt(alphabet.length));

/**
 * A random password that meets the policy: one of each class, the rest from all classes,
 * shuffled; ambiguous characters (l, I, O, 0, 1) left out because a person types it once.
 */
export function generatePassword(length = 20): string {
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  const password = chars.join('');
  if (!meetsPasswordPolicy(password)) throw new Error('generated password does not meet the policy');
  return password;
}
