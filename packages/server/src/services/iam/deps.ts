import type { SignInProtectionConfig, TokenConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { PasswordHasher } from './passwords/password-hasher.ts';
import type { TokenSigner } from './tokens/token-signer.ts';

/** What IAM operations need, passed in explicitly (no module-level state). */
export interface IamDeps {
  db: Db;
  passwords: PasswordHasher;
  tokens: TokenSigner;
  tokenConfig: TokenConfig;
  /** lockout and captcha thresholds */
  signIn: SignInProtectionConfig;
}
