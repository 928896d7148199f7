import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withServerProcessEnv } from '../../scripts/server/process-env.mjs';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** p-th percentile (0..100) of the samples, nearest rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export interface Timing {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  errors: number;
}

export function summarise(latencies: readonly number[], seconds: number, errors = 0): Timing {
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    errors,
  };
}

/** Resident set size of a process in MiB (Linux /proc), now. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * Runs `work` while sampling the RSS of `pid` every 10 ms: the RSS before, the highest seen
 * during, and how long `work` took.
 */
export async function withRssSampling<T>(pid: number, work: () => Promise<T>) {
  const before = rssMiB(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 10);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, before, peak: Math.max(peak, rssMiB(pid)) };
  } finally {
    clearInterval(timer);
  }
}

export interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the bundled server (dist/.bench/main.mjs) as its own process and waits for /api/health. */
export async function startServer(
  bundle: string,
  env: Record<string, string>,
  port: number,
): Promise<ServerProcess> {
  // BENCH_SERVER_NODE_ARGS: Node options for the server alone, e.g. "--cpu-prof --cpu-prof-dir=…"
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, bundle], {
    cwd: REPO,
    // as `npm start` starts it (scripts/server/process-env.mjs)
    env: withServerProcessEnv({
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export const serverBundle = () => join(REPO, 'packages', 'server', 'dist', '.bench', 'main.mjs');

/** p50 and p95 (ms) of `runs` sequential runs of `work`, after two unmeasured ones. */
export async function timeRuns(runs: number, work: () => unknown): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 2; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}
