import type { Clock } from '../../clock.ts';
import type { SignInProtectionConfig, TokenConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { AccountsInReach } from './authorization/escalation.ts';
import type { PasswordHasher } from './passwords/password-hasher.ts';
import type { TokenSigner } from './tokens/token-signer.ts';

/** What IAM operations need, passed in explicitly (no module-level state). */
export interface IamDeps {
  db: Db;
  passwords: PasswordHasher;
  tokens: TokenSigner;
  tokenConfig: TokenConfig;
  /** the time tokens and sessions are issued, expire and are refreshed at (tests move it) */
  clock: Clock;
  /** lockout and captcha thresholds */
  signIn: SignInProtectionConfig;
  /** Which accounts a caller limited to some units may manage: the organisation module's data scope, given by app.ts. */
  accountsInReach: AccountsInReach;
}
