/**
 * What the sign-in's proof of work costs (packages/server/README.md, "Sign-in protection"):
 *
 * - the server: one SHA-256 per check (packages/server/src/services/iam/captcha/proof-of-work.ts);
 * - Node as an attacker would run it: hashes per second and solve times per difficulty;
 * - Chromium, as the sign-in page runs it: @hcm/session's plain-JavaScript SHA-256 against
 *   crypto.subtle (one awaited digest per try, one by one and 64 at a time), and the real
 *   solveProofOfWork at several difficulties (mean, median, 90th percentile of `--samples`).
 *
 *   npx tsx bench/proof-of-work.ts [--samples 12] [--bits 15,16,17,18,19]
 *
 * Figures go to docs/performance.md, "Sign-in protection: the proof of work".
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import flags from '../scripts/chromium.json' with { type: 'json' };
import { solveChallenge, solves } from '../packages/server/src/services/iam/captcha/proof-of-work.ts';
import type * as BrowserSolver from '../shared/session/src/proof-of-work.ts';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '12' },
    bits: { type: 'string', default: '15,16,17,18,19' },
  },
});
const samples = Number(values.samples);
const bitsList = values.bits.split(',').map(Number);

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = sorted.reduce((sum, t) => sum + t, 0) / sorted.length;
  return { meanMs: Math.round(mean), medianMs: Math.round(at(0.5)), p90Ms: Math.round(at(0.9)) };
};
const randomPrefix = () =>
  `${crypto.randomUUID()}.${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')}`;

// The server's check and Node's hashing.
const prefix = randomPrefix();
const nonce = solveChallenge(prefix, 12);
let t = performance.now();
for (let i = 0; i < 20_000; i++) solves(prefix, nonce, 12);
const verifyMicros = ((performance.now() - t) * 1000) / 20_000;
t = performance.now();
for (let i = 0; i < 300_000; i++) solves(prefix, String(i), 64);
const nodeRate = 300_000 / ((performance.now() - t) / 1000);
const nodeSolves: Record<number, ReturnType<typeof summary>> = {};
for (const bits of bitsList) {
  const times: number[] = [];
  for (let k = 0; k < samples; k++) {
    const start = performance.now();
    solveChallenge(randomPrefix(), bits);
    times.push(performance.now() - start);
  }
  nodeSolves[bits] = summary(times);
}

// Chromium: the browser's own solver, bundled as the portal bundles it.
const bundle = await build({
  entryPoints: [new URL('../shared/session/src/proof-of-work.ts', import.meta.url).pathname],
  bundle: true,
  format: 'iife',
  globalName: 'pow',
  target: 'es2022',
  write: false,
});
const script = bundle.outputFiles[0]?.text ?? '';
const server = createServer((request, response) => {
  if (request.url === '/pow.js') {
    response.setHeader('content-type', 'text/javascript');
    response.end(script);
    return;
  }
  response.setHeader('content-type', 'text/html');
  response.end('<!doctype html><script src="/pow.js"></script>');
}).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const browser = await chromium.launch({
  executablePath: flags.executablePath,
  headless: true,
  args: flags.args,
});
try {
  const page = await browser.newPage();
  // 127.0.0.1 is a secure context, so crypto.subtle exists for the comparison.
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const chromiumFigures = await page.evaluate(
    async ({ bitsList, samples }) => {
      const pow = (window as unknown as { pow: typeof BrowserSolver }).pow;
      const encoder = new TextEncoder();
      const base = `${crypto.randomUUID()}.AbCdEfGhIjKlMnOpQrStUv`;
      let n = 20_000;
      let start = performance.now();
      for (let i = 0; i < n; i++) await crypto.subtle.digest('SHA-256', encoder.encode(`${base}${i}`));
      const subtleOneByOne = n / ((performance.now() - start) / 1000);
      n = 40_000;
      start = performance.now();
      for (let i = 0; i < n; i += 64) {
        const batch = [];
        for (let j = 0; j < 64; j++)
          batch.push(crypto.subtle.digest('SHA-256', encoder.encode(`${base}${i + j}`)));
        await Promise.all(batch);
      }
      const subtleBatched = n / ((performance.now() - start) / 1000);
      n = 500_000;
      start = performance.now();
      for (let i = 0; i < n; i++) pow.sha256Words(`${base}${i}`);
      const plainJs = n / ((performance.now() - start) / 1000);
      const solvesByBits: Record<number, number[]> = {};
      for (const bits of bitsList) {
        solvesByBits[bits] = [];
        for (let k = 0; k < samples; k++) {
          const prefix = `${crypto.randomUUID()}.AbCdEfGhIjKlMnOpQrStUv`;
          const began = performance.now();
          await pow.solveProofOfWork(prefix, bits);
          solvesByBits[bits].push(performance.now() - began);
        }
      }
      return { subtleOneByOne, subtleBatched, plainJs, solvesByBits };
    },
    { bitsList, samples },
  );
  const perSecond = (rate: number) => `${Math.round(rate / 1000)} k/s`;
  console.log(`server check (one SHA-256, Node createHash): ${verifyMicros.toFixed(1)} µs`);
  console.log(`Node createHash: ${perSecond(nodeRate)}`);
  console.log(
    `Chromium: plain JS ${perSecond(chromiumFigures.plainJs)}, crypto.subtle one by one ${perSecond(chromiumFigures.subtleOneByOne)}, 64 at a time ${perSecond(chromiumFigures.subtleBatched)}`,
  );
  console.log(
    `solve times over ${samples} challenges each (ms): bits | Chromium mean / median / p90 | Node mean / median / p90`,
  );
  for (const bits of bitsList) {
    const browserSummary = summary(chromiumFigures.solvesByBits[bits] ?? []);
    const node = nodeSolves[bits];
    console.log(
      `${bits} | ${browserSummary.meanMs} / ${browserSummary.medianMs} / ${browserSummary.p90Ms} | ${node?.meanMs} / ${node?.medianMs} / ${node?.p90Ms}`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
