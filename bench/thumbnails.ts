/**
 * What a thumbnail costs (packages/server/README.md, "Thumbnails"): the time makeThumbnail
 * takes for photos of common sizes and for the refusal of a pixel bomb, and the process's peak
 * RSS meanwhile (sampled every 5 ms), one thumbnail at a time as the server makes them.
 *
 *   npx tsx bench/thumbnails.ts [--samples 10]
 *
 * Figures go to docs/performance.md, "Thumbnails".
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from '../packages/server/node_modules/sharp/lib/index.js';
import { ImageProblem, makeThumbnail } from '../packages/server/src/services/storage/thumbnail.ts';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '10' } } });
const samples = Number(values.samples);
const dir = mkdtempSync(join(tmpdir(), 'hcm-bench-thumbnails-'));

/** A noisy image (so that it compresses like a photo) of the size and format given. */
async function image(name: string, width: number, height: number, format: 'jpeg' | 'png') {
  const noise = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
  const bytes = await (format === 'jpeg' ? noise.jpeg({ quality: 85 }) : noise.png()).toBuffer();
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, bytes: bytes.length };
}

const cases = [
  {
    label: 'phone photo JPEG 4032×3024 (12 MP)',
    ...(await image('12mp.jpg', 4032, 3024, 'jpeg')),
    fit: 'cover',
  },
  { label: 'ID photo JPEG 600×800', ...(await image('id.jpg', 600, 800, 'jpeg')), fit: 'cover' },
  { label: 'scan PNG 2480×3508 (A4, 300 dpi)', ...(await image('a4.png', 2480, 3508, 'png')), fit: 'inside' },
] as const;
const bomb = join(dir, 'bomb.png');
writeFileSync(
  bomb,
  await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
    .png({ compressionLevel: 9 })
    .toBuffer(),
);

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const mb = (bytes: number) => Math.round(bytes / 1_048_576);
const rows: string[] = [];
for (const one of cases) {
  const times: number[] = [];
  peak = process.memoryUsage().rss;
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await makeThumbnail(one.path, one.fit);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  rows.push(
    `| ${one.label} | ${Math.round(one.bytes / 1024)} KB | ${Math.round(times[Math.floor(samples / 2)] ?? 0)} ms | ${Math.round(times.at(-1) ?? 0)} ms | ${mb(peak)} MB |`,
  );
}
const start = performance.now();
try {
  await makeThumbnail(bomb, 'cover');
} catch (error) {
  if (!(error instanceof ImageProblem)) throw error;
}
rows.push(`| pixel bomb PNG 10000×6000, refused | — | ${Math.round(performance.now() - start)} ms | — | — |`);
clearInterval(sampler);
rmSync(dir, { recursive: true, force: true });
console.log('| Image | File | Median | Slowest | Peak RSS |\n| --- | --- | --- | --- | --- |');
console.log(rows.join('\n'));
