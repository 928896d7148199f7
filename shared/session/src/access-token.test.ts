import { describe, expect, it } from 'vitest';
import { MISSING_USER_ID_MESSAGE, userIdFromAccessToken } from './access-token.ts';
import { MemoryStorage } from './memory-storage.ts';
import { createSession } from './session.ts';
import { writeStoredSession } from './session-storage.ts';
import { sampleProfile, sampleTokens } from './testing/fixtures.ts';

const base64Url = (text: string) =>
  Buffer.from(text, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwtWith = (claims: Record<string, unknown>) =>
  `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify(claims))}.signature`;

describe('the user id of the access token', () => {
  it('is the sub claim', () => {
    expect(userIdFromAccessToken(jwtWith({ sub: 'b3c1-ư', tid: 't-1' }))).toBe('b3c1-ư');
  });

  it.each([
    ['no token', null],
    ['not a JWT', 'access-1'],
    ['no sub', jwtWith({ tid: 't-1' })],
    ['garbage payload', 'a.%%%.c'],
  ])('%s: the internal error of core §8', (_name, token) => {
    expect(() => userIdFromAccessToken(token)).toThrow(MISSING_USER_ID_MESSAGE);
  });

  it("currentUserId() reads the session's token", () => {
    const storages = { persistent: new MemoryStorage(), perTab: new MemoryStorage() };
    expect(() => createSession({ storages }).currentUserId()).toThrow(
      'Can not get user id from access token',
    );
    writeStoredSession(storages, {
      tokens: { ...sampleTokens('1'), accessToken: jwtWith({ sub: 'u-1' }) },
      profile: sampleProfile,
      rememberMe: true,
    });
    expect(createSession({ storages }).currentUserId()).toBe('u-1');
  });
});
