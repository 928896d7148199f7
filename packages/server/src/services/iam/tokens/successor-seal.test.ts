import { describe, expect, it } from 'vitest';
import { randomToken, sha256 } from './opaque-token.ts';
import { openSuccessor, sealSuccessor } from './successor-seal.ts';

const successor = {
  accessToken: 'a.b.c',
  refreshToken: randomToken(),
  idToken: 'i.d.t',
  secretKey: randomToken(),
};

describe('the sealed successor of a rotated refresh token', () => {
  it('opens with the rotated token only', () => {
    const rotated = randomToken();
    const sealed = sealSuccessor(rotated, successor);
    expect(openSuccessor(rotated, sealed)).toEqual(successor);
    expect(openSuccessor(randomToken(), sealed)).toBeNull();
    // What the database holds of the rotated token opens nothing.
    expect(openSuccessor(sha256(rotated), sealed)).toBeNull();
  });

  it('shows nothing of the tokens and differs each time (a random IV)', () => {
    const rotated = randomToken();
    const [first, second] = [sealSuccessor(rotated, successor), sealSuccessor(rotated, successor)];
    expect(first).not.toBe(second);
    for (const value of Object.values(successor)) expect(first).not.toContain(value);
  });

  it('refuses a seal that was altered or is malformed', () => {
    const rotated = randomToken();
    const [iv, body, tag] = sealSuccessor(rotated, successor).split('.') as [string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(openSuccessor(rotated, [iv, flipped.toString('base64url'), tag].join('.'))).toBeNull();
    for (const bad of ['', 'x', 'a.b', `${iv}.${body}`, `${iv}.${body}.${tag}.extra`])
      expect(openSuccessor(rotated, bad)).toBeNull();
  });
});
