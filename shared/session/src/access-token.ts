/** Core §8's internal error when the signed-in user's id cannot be read. */
export const MISSING_USER_ID_MESSAGE = 'Can not get user id from access token';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The user id (`sub`) of a JWT access token. The token is only decoded, not verified: the
 * server verifies it on every call; this is for the screens (e.g. "is this row mine?").
 */
export function userIdFromAccessToken(token: string | null | undefined): string {
  const payload = token?.split('.')[1];
  if (payload) {
    try {
      const claims = JSON.parse(decodeBase64Url(payload)) as unknown;
      if (typeof claims === 'object' && claims !== null) {
        const sub = (claims as Record<string, unknown>).sub;
        if (typeof sub === 'string' && sub !== '') return sub;
      }
    } catch {
      // Falls through to the error below: a token we cannot read has no user id for us.
    }
  }
  throw new Error(MISSING_USER_ID_MESSAGE);
}
