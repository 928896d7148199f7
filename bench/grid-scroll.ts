/**
 * The grid candidates in Debian's Chromium (docs/grid.md): frame times while scrolling, the JS
 * heap and the DOM after drawing, and what each would add to the kit's bundle (gzip).
 *
 *   npx tsx bench/grid-scroll.ts [--rounds 3]
 *
 * Candidates (bench/grid/): the kit's own DataGrid; react-data-grid 7 beta; @tanstack/react-table
 * with @tanstack/react-virtual; and a baseline: the browser scrolling a box of the same size with
 * no script. The libraries are installed into .cache/grid-bench (pinned, never the workspace).
 * Sheets: payroll 10,000 rows × 40 columns, timekeeping 1,000 rows × 32 (a name and 31 days).
 * Each round loads every candidate afresh, in turn, so a busy machine weighs on all alike.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { REPO, percentile } from './lib/measure.ts';

const CANDIDATE_PACKAGES = [
  'react-data-grid@7.0.0-beta.61',
  '@tanstack/react-table@8.21.3',
  '@tanstack/react-virtual@3.14.28',
];
const CANDIDATES = ['baseline', 'kit', 'rdg', 'tanstack'] as const;
type Candidate = (typeof CANDIDATES)[number];
const SHEETS = [
  { name: 'payroll 10,000 × 40', rows: 10_000, columns: 40 },
  { name: 'timekeeping 1,000 × 32', rows: 1_000, columns: 32 },
];
const MODES = ['down', 'right', 'diagonal'] as const;
const FRAMES = 240;

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);
const work = join(REPO, '.cache', 'grid-bench');
const deps = join(work, 'deps');
const out = join(work, 'out');
const source = (candidate: Candidate) =>
  join(REPO, 'bench', 'grid', candidate === 'baseline' ? 'baseline.ts' : `${candidate}.tsx`);

function installCandidates() {
  if (existsSync(join(deps, 'node_modules', '@tanstack', 'react-virtual'))) return;
  mkdirSync(deps, { recursive: true });
  writeFileSync(join(deps, 'package.json'), '{ "private": true }\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', ...CANDIDATE_PACKAGES], {
    cwd: deps,
    stdio: 'inherit',
  });
}

/** One copy of React (the kit's), the libraries from .cache, production mode. */
const react = join(REPO, 'shared', 'ui', 'node_modules', 'react');
const reactDom = join(REPO, 'shared', 'ui', 'node_modules', 'react-dom');
const common = {
  bundle: true,
  format: 'esm' as const,
  target: 'es2022',
  minify: true,
  jsx: 'automatic' as const,
  define: { 'process.env.NODE_ENV': '"production"' },
  nodePaths: [join(deps, 'node_modules'), join(REPO, 'shared', 'ui', 'node_modules')],
  alias: { react, 'react-dom': reactDom },
  logLevel: 'error' as const,
};

async function buildPages() {
  mkdirSync(out, { recursive: true });
  for (const candidate of CANDIDATES) {
    await build({ ...common, entryPoints: { [candidate]: source(candidate) }, outdir: out });
    const css = existsSync(join(out, `${candidate}.css`))
      ? `<link rel="stylesheet" href="/${candidate}.css">`
      : '';
    writeFileSync(
      join(out, `${candidate}.html`),
      `<!doctype html><html lang="vi"><head><meta charset="utf-8">${css}</head>` +
        `<body style="margin:0"><div id="root"></div><script type="module" src="/${candidate}.js"></script></body></html>`,
    );
  }
}

/**
 * What a candidate adds to the kit (gzip 9, as the build precompresses): its bundle with React,
 * Fluent UI, i18n and the contracts left out (the portal has them once already), CSS included.
 */
async function addedSize(candidate: Candidate): Promise<number> {
  const result = await build({
    ...common,
    entryPoints: [source(candidate)],
    write: false,
    outdir: join(work, 'size'),
    external: [
      'react',
      'react-dom',
      'react/*',
      'react-dom/*',
      '@fluentui/*',
      '@griffel/*',
      '@hcm/*',
      'i18next',
      'react-i18next',
    ],
    alias: {},
    plugins: [
      {
        // the kit's page reaches these by relative paths; the portal has them already
        name: 'portal-shared',
        setup(build) {
          build.onResolve({ filter: /shared\/(contracts|i18n)\/|HcmProvider/ }, (args) => ({
            path: args.path,
            external: true,
          }));
        },
      },
    ],
  });
  return result.outputFiles.reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).length, 0);
}

interface Sample {
  frames: Record<(typeof MODES)[number], number[]>;
  heapMiB: number;
  domNodes: number;
  drawMs: number;
}

function serve(): Promise<{ url: string; close: () => void }> {
  const server = createServer((request, response) => {
    const path = join(out, (request.url ?? '/').split('?')[0] ?? '/');
    if (!path.startsWith(out) || !existsSync(path)) {
      response.writeHead(404).end();
      return;
    }
    const type = path.endsWith('.js') ? 'text/javascript' : path.endsWith('.css') ? 'text/css' : 'text/html';
    response.writeHead(200, { 'content-type': `${type}; charset=utf-8` }).end(readFileSync(path));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

/**
 * In the page: a scroll step per animation frame, the time between frames recorded. Sent as
 * text: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const SCROLL_FRAMES = `(args) => {
  const scroller = window.benchScroller;
  scroller.scrollTop = 0;
  scroller.scrollLeft = 0;
  return new Promise((resolve) => {
    const deltas = [];
    let last = 0;
    let frame = 0;
    const step = (now) => {
      if (last) deltas.push(now - last);
      last = now;
      if (args.mode !== 'right') scroller.scrollTop += 160;
      if (args.mode !== 'down') scroller.scrollLeft += args.mode === 'right' ? 40 : 20;
      frame += 1;
      if (frame < args.frames) requestAnimationFrame(step);
      else resolve(deltas.slice(2));
    };
    requestAnimationFrame(step);
  });
}`;

async function main() {
  installCandidates();
  await buildPages();
  const sizes = Object.fromEntries(
    await Promise.all(CANDIDATES.map(async (c) => [c, await addedSize(c)] as const)),
  ) as Record<Candidate, number>;
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const samples = new Map<string, Sample[]>();
  try {
    for (let round = 0; round < rounds; round += 1)
      for (const sheet of SHEETS)
        for (const candidate of CANDIDATES) {
          const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
          const cdp = await page.context().newCDPSession(page);
          await cdp.send('Performance.enable');
          const started = Date.now();
          await page.goto(`${server.url}/${candidate}.html?rows=${sheet.rows}&columns=${sheet.columns}`);
          await page.waitForFunction(() => 'benchScroller' in window, undefined, { timeout: 60_000 });
          const drawMs = Date.now() - started;
          await cdp.send('HeapProfiler.collectGarbage');
          const { metrics } = await cdp.send('Performance.getMetrics');
          const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
          const frames = {} as Sample['frames'];
          for (const mode of MODES)
            frames[mode] = (await page.evaluate(
              `(${SCROLL_FRAMES})(${JSON.stringify({ mode, frames: FRAMES })})`,
            )) as number[];
          const key = `${sheet.name}|${candidate}`;
          samples.set(key, [
            ...(samples.get(key) ?? []),
            { frames, heapMiB: metric('JSHeapUsedSize') / 2 ** 20, domNodes: metric('Nodes'), drawMs },
          ]);
          await page.close();
        }
  } finally {
    await browser.close();
    server.close();
  }
  const lines = [
    `grid candidates, ${rounds} rounds, ${FRAMES} frames per scroll, Chromium ${browser.version()}`,
    '| sheet | candidate | down p50/p95 ms | right p50/p95 ms | diagonal p50/p95 ms | frames > 20 ms | JS heap MiB | DOM nodes | first draw ms | added gzip KiB |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const median = (xs: number[]) => percentile(xs, 50);
  for (const sheet of SHEETS)
    for (const candidate of CANDIDATES) {
      const runs = samples.get(`${sheet.name}|${candidate}`) ?? [];
      const pooled = (mode: (typeof MODES)[number]) => runs.flatMap((run) => run.frames[mode]);
      const cell = (mode: (typeof MODES)[number]) =>
        `${percentile(pooled(mode), 50).toFixed(1)} / ${percentile(pooled(mode), 95).toFixed(1)}`;
      const all = MODES.flatMap(pooled);
      const slow = all.filter((d) => d > 20).length / Math.max(1, all.length);
      lines.push(
        `| ${sheet.name} | ${candidate} | ${cell('down')} | ${cell('right')} | ${cell('diagonal')} | ${(slow * 100).toFixed(1)} % | ${median(runs.map((r) => r.heapMiB)).toFixed(1)} | ${median(runs.map((r) => r.domNodes))} | ${median(runs.map((r) => r.drawMs))} | ${(sizes[candidate] / 1024).toFixed(1)} |`,
      );
    }
  console.log(lines.join('\n'));
  writeFileSync(join(work, 'results.md'), `${lines.join('\n')}\n`);
}

await main();
