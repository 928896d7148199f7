import { randomUUID, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { wallClock, type Clock } from '../../../clock.ts';
import { unauthorized } from '../../../http/errors.ts';

const ISSUER = 'hcm';
const AUDIENCE = 'hcm-portal';
/** RFC 9068's type: an id token (same key) can never pass as an access token. */
const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface AccessTokenSubject {
  userId: string;
  tenantId: string | null;
  /** the refresh-token family this sign-in belongs to */
  sessionId: string;
}

export interface VerifiedAccessToken extends AccessTokenSubject {
  tokenId: string;
  /** an API client's token (clients/issue-client-token.ts): userId is the client, sessionId its secret's generation */
  client?: boolean;
  /** when the token dies (ms since the epoch): a long-lived answer such as a stream ends then */
  expiresAt?: number;
}

export interface IdTokenClaims {
  userId: string;
  name: string;
  preferredUsername: string;
  tenantId: string | null;
  tenantCode: string | null;
  language: string;
}

export interface TokenSigner {
  signAccessToken(subject: AccessTokenSubject): Promise<string>;
  /** the same token type, marked `cli`: authorization loads the client, not a user */
  signClientAccessToken(subject: AccessTokenSubject): Promise<string>;
  signIdToken(claims: IdTokenClaims): Promise<string>;
  /** Throws a 401 UNAUTHORIZED AppError for anything but a valid, unexpired access token. */
  verifyAccessToken(token: string): Promise<VerifiedAccessToken>;
}

/** `clock`: `iat`, `exp` and the check of `exp` read it, never the wall (a test moves it). */
export function createTokenSigner(
  key: Uint8Array,
  accessTtlSeconds: number,
  clock: Clock = wallClock,
): TokenSigner {
  // Imported once: handed the raw bytes, jose imports them into WebCrypto again at every
  // signature and check, which is most of what checking a token costs (issue 29).
  const hmacKey = webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const sign = async (claims: Record<string, unknown>, subject: string, type: string) => {
    const issuedAt = Math.floor(clock().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: type })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + accessTtlSeconds)
      .setJti(randomUUID())
      .sign(await hmacKey);
  };

  return {
    signAccessToken: ({ userId, tenantId, sessionId }) =>
      sign({ ...(tenantId ? { tid: tenantId } : {}), sid: sessionId }, userId, ACCESS_TOKEN_TYPE),

    signClientAccessToken: ({ userId, tenantId, sessionId }) =>
      sign({ ...(tenantId ? { tid: tenantId } : {}), sid: sessionId, cli: true }, userId, ACCESS_TOKEN_TYPE),

    signIdToken: (claims) =>
      sign(
        {
          name: claims.name,
          preferred_username: claims.preferredUsername,
          locale: claims.language,
          ...(claims.tenantId ? { tid: claims.tenantId, tenant: claims.tenantCode } : {}),
        },
        claims.userId,
        'JWT',
      ),

    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, await hmacKey, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: ACCESS_TOKEN_TYPE,
          currentDate: clock(),
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.jti !== 'string' ||
          typeof payload.sid !== 'string'
        ) {
          throw unauthorized('The access token is not valid');
        }
        return {
          userId: payload.sub,
          tenantId: typeof payload.tid === 'string' ? payload.tid : null,
          sessionId: payload.sid,
          tokenId: payload.jti,
          ...(payload.cli === true ? { client: true } : {}),
          ...(typeof payload.exp === 'number' ? { expiresAt: payload.exp * 1000 } : {}),
        };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw unauthorized('The access token has expired');
        if (error instanceof joseErrors.JOSEError) throw unauthorized('The access token is not valid');
        throw error;
      }
    },
  };
}
