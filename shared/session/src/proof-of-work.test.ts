import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, proofOfWorkHeader, sha256Words, solveProofOfWork } from './proof-of-work.ts';

const hex = (words: Int32Array) =>
  [...words].map((word) => (word >>> 0).toString(16).padStart(8, '0')).join('');
const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('proof of work in the browser', () => {
  it.each([
    ['', 0],
    ['abc', 0],
    ['one block exactly fits fifty-five bytes of text here....', 0],
    ['a prefix that needs a second block because it is longer than 55 bytes', 0],
    ['4f1c2d0e-1111-4222-8333-444455556666.AbCdEfGhIjKlMnOpQrStUv1234567890', 0],
  ])('hashes %j like SHA-256', (text) => {
    expect(hex(sha256Words(text))).toBe(nodeSha256(text));
  });

  it('counts leading zero bits across words', () => {
    expect(leadingZeroBits(new Int32Array([0, 0x00ffffff, 0, 0, 0, 0, 0, 0]))).toBe(40);
    expect(leadingZeroBits(new Int32Array([-1, 0, 0, 0, 0, 0, 0, 0]))).toBe(0);
    expect(leadingZeroBits(new Int32Array(8))).toBe(256);
  });

  it('finds a nonce the server accepts: SHA-256(prefix + nonce) starts with the zero bits', async () => {
    const prefix = '4f1c2d0e-1111-4222-8333-444455556666.AbCdEfGhIjKlMnOpQrStUv';
    const nonce = await solveProofOfWork(prefix, 12);
    expect(nonce).toMatch(/^\d+$/);
    const digest = createHash('sha256').update(`${prefix}${nonce}`).digest();
    expect(digest[0]).toBe(0);
    expect((digest[1] ?? 255) >> 4).toBe(0);
    // The first such nonce: every smaller one fails.
    for (let n = 0; n < Number(nonce); n++)
      expect(leadingZeroBits(sha256Words(`${prefix}${n}`))).toBeLessThan(12);
    expect(proofOfWorkHeader(prefix, nonce)).toBe(`${prefix}:${nonce}`);
  });

  it('stops when its signal is aborted, giving the page turns meanwhile', async () => {
    const controller = new AbortController();
    const solving = solveProofOfWork('x', 40, { signal: controller.signal, sliceMs: 2 });
    let turns = 0;
    await new Promise<void>((resolve) => {
      const tick = () => (++turns < 3 ? setTimeout(tick, 0) : resolve());
      setTimeout(tick, 0);
    });
    controller.abort();
    await expect(solving).rejects.toThrow(/abort/i);
    expect(turns).toBe(3);
  });
});
