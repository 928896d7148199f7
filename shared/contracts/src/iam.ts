import Type from 'typebox';
import { FieldLimits, Patterns } from './limits.ts';
import { Languages, UserLevels } from './enums.ts';

export const AuthenticateBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: FieldLimits.usernameMax, pattern: Patterns.username }),
    password: Type.String({ minLength: 1, maxLength: FieldLimits.passwordMax }),
    rememberMe: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AuthenticateBody = Type.Static<typeof AuthenticateBody>;

/** Sign-in answer (core §3): the tokens and the private key that unlocks protected areas. */
export const TokenSet = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  idToken: Type.String(),
  secretKey: Type.String(),
  /** sign-in only: the password was set by someone else and must be changed before anything else */
  passwordChangeRequired: Type.Optional(Type.Boolean()),
});
export type TokenSet = Type.Static<typeof TokenSet>;

export const RefreshTokenBody = Type.Object(
  { refreshToken: Type.String({ minLength: 1, maxLength: 512 }) },
  { additionalProperties: false },
);
export type RefreshTokenBody = Type.Static<typeof RefreshTokenBody>;

export const LogoutBody = RefreshTokenBody;
export type LogoutBody = RefreshTokenBody;

export const UserPrimary = Type.Object({
  isRoot: Type.Boolean(),
  grantedPermissions: Type.Array(Type.String()),
  userLevel: Type.Union([Type.Literal(UserLevels[0]), Type.Literal(UserLevels[1])]),
});

/** The signed-in user's profile (core §3). tenantId is null for system users. */
export const Profile = Type.Object({
  id: Type.String(),
  username: Type.String(),
  fullName: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  tenantId: Type.Union([Type.String(), Type.Null()]),
  tenantName: Type.Union([Type.String(), Type.Null()]),
  language: Type.Union([Type.Literal(Languages[0]), Type.Literal(Languages[1])]),
  userPrimary: UserPrimary,
  /** true: every call but the own password change answers 403 PASSWORD_CHANGE_REQUIRED (always sent by the server) */
  passwordChangeRequired: Type.Optional(Type.Boolean()),
});
export type Profile = Type.Static<typeof Profile>;

/** Body of POST /api/iam/me/profile. The language is accepted in any case (vi, VI) and stored lower-case. */
export const UpdateProfileBody = Type.Object(
  {
    fullName: Type.Optional(Type.String({ minLength: 1, maxLength: FieldLimits.name })),
    email: Type.Optional(
      Type.Union([Type.String({ maxLength: FieldLimits.email, format: 'email' }), Type.Null()]),
    ),
    language: Type.Optional(Type.String({ pattern: '^(?:[vV][iI]|[eE][nN])$' })),
  },
  { additionalProperties: false },
);
export type UpdateProfileBody = Type.Static<typeof UpdateProfileBody>;

/** A password that meets the policy (catalogues §5.1): 8 to 50, lower, upper, digit, special, no spaces. */
const NewPassword = Type.String({
  minLength: 1,
  maxLength: FieldLimits.passwordMax,
  pattern: Patterns.password,
});

/**
 * GET /api/iam/public/captcha: a proof-of-work challenge. Find a nonce (decimal digits) such that
 * SHA-256 of the UTF-8 text `prefix + nonce` starts with `difficulty` zero bits, and send
 * `x-captcha: <prefix>:<nonce>` with the next sign-in (or password change) before `expiresAt`.
 */
export const Captcha = Type.Object({
  captchaId: Type.String(),
  /** random, single use; begins with the captchaId */
  prefix: Type.String(),
  /** leading zero bits wanted */
  difficulty: Type.Integer({ minimum: 1, maximum: 64 }),
  /** ISO date-time after which the answer is refused */
  expiresAt: Type.String(),
});
export type Captcha = Type.Static<typeof Captcha>;

/** POST /api/iam/reset-password: the signed-in user's own password; refreshToken is the session kept. */
export const ResetPasswordBody = Type.Object(
  {
    newPassword: NewPassword,
    oldPassword: Type.String({ minLength: 1, maxLength: FieldLimits.passwordMax }),
    refreshToken: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { additionalProperties: false },
);
export type ResetPasswordBody = Type.Static<typeof ResetPasswordBody>;

/** POST /api/iam/users/unlock-by-usernames: ends the sign-in lock of these users. */
export const UnlockUsersBody = Type.Object(
  {
    usernames: Type.Array(
      Type.String({ minLength: 1, maxLength: FieldLimits.usernameMax, pattern: Patterns.username }),
      { minItems: 1, maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);
export type UnlockUsersBody = Type.Static<typeof UnlockUsersBody>;

/** The user names (as stored) that were found and unlocked; others are silently left out. */
export const UnlockUsersResult = Type.Object({ unlocked: Type.Array(Type.String()) });
export type UnlockUsersResult = Type.Static<typeof UnlockUsersResult>;
