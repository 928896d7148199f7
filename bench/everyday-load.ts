// The everyday mix under load (issue 29): N signed-in users of one tenant of WORKERS employees
// open the dashboard, search employees, open one, look at the unread count and at the rewards
// awaiting their approval, and create then delete a reward, thinking 1–3 s between actions.
// Prints p50 / p95 / p99 per call, the throughput, /api/health measured in the same run (the
// floor: a call that needs no database), and the server's memory before, during and after each
// level. The load generator runs in this process, on the same machine. Not part of the test
// run. See bench/README.md.
//
//   npx tsx bench/everyday-load.ts [--users 25,50,100,200] [--duration 60] [--workers 5000]
//        [--engine postgresql|pglite]
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, REPO, rssMiB, startServer, type ServerProcess } from './lib/measure.ts';
import { addLoadUsers, type LoadUsers } from './lib/load-users.ts';
import { seedPeople } from './lib/people.ts';
import { withScratchDatabase, withScratchDataDir } from './lib/scratch-database.ts';

const { values: options } = parseArgs({
  options: {
    users: { type: 'string', default: '25,50,100,200' },
    duration: { type: 'string', default: '60' },
    workers: { type: 'string', default: '5000' },
    units: { type: 'string', default: '100' },
    'think-ms': { type: 'string', default: '1000-3000' },
    /** seconds of quiet after a level before its memory is read again */
    settle: { type: 'string', default: '20' },
    /**
     * the servers compared in the same run, each a name of VARIANTS: the portal as it is, and as
     * it was before issue 29 (every request loads its caller in a transaction of its own)
     */
    variants: { type: 'string', default: 'portal,no-kept-callers' },
    /** postgresql (a scratch database on the server) or pglite (the embedded portal) */
    engine: { type: 'string', default: 'postgresql' },
  },
});
/** Each variant: the server's extra environment. */
const VARIANTS: Record<string, Record<string, string>> = {
  portal: {},
  'no-kept-callers': { ACTOR_CACHE_SECONDS: '0' },
  /** the embedded portal's memory as before issue 29 part 6: PGlite's page cache, glibc's defaults */
  'memory-as-before': {
    PGLITE_SHARED_BUFFERS_MB: '128',
    MALLOC_ARENA_MAX: '',
    MALLOC_TRIM_THRESHOLD_: '',
    MALLOC_MMAP_THRESHOLD_: '',
  },
};
const LEVELS = (options.users ?? '25').split(',').map(Number);
const DURATION_MS = Number(options.duration) * 1000;
const WORKERS = Number(options.workers);
const UNITS = Number(options.units);
const [THINK_MIN, THINK_MAX] = (options['think-ms'] ?? '1000-3000').split('-').map(Number) as [
  number,
  number,
];
const SETTLE_MS = Number(options.settle) * 1000;
const BUNDLE = join(REPO, 'packages', 'server', 'dist', '.bench-load', 'main.mjs');

const KEYWORDS = ['Nguyễn Văn', 'Trần Thị Lan', 'Lê Minh', 'NV00042', 'Phạm Hữu Nam', 'Hoa', 'Võ Ngọc'];

/** Every answer's time, by the call's name; the failures, by name and status. */
class Answers {
  readonly times = new Map<string, number[]>();
  readonly failures = new Map<string, number>();
  readonly firstFailure = new Map<string, string>();
  add(name: string, ms: number, ok: boolean, detail: string) {
    if (ok) {
      const list = this.times.get(name) ?? [];
      list.push(ms);
      this.times.set(name, list);
    } else {
      this.failures.set(name, (this.failures.get(name) ?? 0) + 1);
      if (!this.firstFailure.has(name)) this.firstFailure.set(name, detail);
    }
  }
  get requests() {
    let n = 0;
    for (const list of this.times.values()) n += list.length;
    for (const count of this.failures.values()) n += count;
    return n;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: readonly T[]): T => {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};
const think = () => sleep(THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));

/** One call, timed from sending to the whole body read; a non-2xx answer is a failure. */
async function call(
  record: Answers,
  base: string,
  name: string,
  token: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'accept-encoding': 'gzip, br',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    record.add(name, performance.now() - started, response.ok, `${response.status} ${text.slice(0, 200)}`);
    return response.ok && text ? (JSON.parse(text) as unknown) : undefined;
  } catch (error) {
    record.add(name, performance.now() - started, false, String(error));
    return undefined;
  }
}

/** The everyday actions, each with its weight in the mix. */
function actions(base: string, users: LoadUsers, record: Answers) {
  const get = (name: string, token: string, path: string) => call(record, base, name, token, path);
  const year = new Date().getFullYear();
  return [
    {
      weight: 2,
      // the shell's dashboard: one call for the summary and every statistics card (issue 29 part 4)
      run: (token: string) => get('dashboard', token, '/api/om/dashboard'),
    },
    {
      weight: 3,
      run: (token: string) =>
        get(
          'employee search',
          token,
          `/api/om/workers?pageSize=25&keyword=${encodeURIComponent(pick(KEYWORDS))}`,
        ),
    },
    {
      weight: 2,
      run: (token: string) => get('employee detail', token, `/api/om/workers/${pick(users.workerIds)}`),
    },
    {
      weight: 3,
      run: (token: string) => get('unread count', token, '/api/notification/me/notifications/count-unread'),
    },
    {
      weight: 1,
      run: (token: string) =>
        get('awaiting my approval', token, '/api/om/rewards?pageSize=25&approvalStatus=WAIT_MY_APPROVE'),
    },
    {
      weight: 1,
      run: async (token: string) => {
        const created = (await call(record, base, 'reward: create', token, '/api/om/rewards', {
          workerId: pick(users.workerIds),
          decisionNumber: `TAI-${Math.random().toString(36).slice(2, 10)}`,
          decisionDate: `${year}-01-15`,
          effectiveDate: `${year}-02-01`,
          rewardTypeId: users.rewardTypeId,
          form: 'Giấy khen',
          amount: '500000',
        })) as { data?: { id: string } } | undefined;
        if (created?.data?.id)
          await call(record, base, 'reward: delete', token, `/api/om/rewards/${created.data.id}/delete`, {});
      },
    },
  ];
}

/** `count` users working for DURATION_MS, each waiting a think time before every action. */
async function level(base: string, users: LoadUsers, count: number, pid: number) {
  const record = new Answers();
  const mix = actions(base, users, record);
  const bag = mix.flatMap((action) => Array.from({ length: action.weight }, () => action));
  const deadline = performance.now() + DURATION_MS;
  const health: number[] = [];
  let peak = rssMiB(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 250);
  const floor = (async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.text());
      health.push(performance.now() - started);
      await sleep(200);
    }
  })();
  const user = async (token: string) => {
    // spread the first actions over one think time, as people arriving at work would
    await sleep(Math.random() * THINK_MAX);
    while (performance.now() < deadline) {
      await pick(bag).run(token);
      await think();
    }
  };
  const started = performance.now();
  await Promise.all([floor, ...users.tokens.slice(0, count).map(user)]);
  clearInterval(sampler);
  return { record, health, seconds: (performance.now() - started) / 1000, peak };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');

async function run(env: Record<string, string>) {
  const started = performance.now();
  const people = await seedPeople(env, { WORKERS, CONTRACTS_EACH: 2, UNITS });
  const users = await addLoadUsers(env, people.hrUserId, Math.max(...LEVELS), [
    'reward.create',
    'reward.delete',
  ]);
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  for (const name of (options.variants ?? 'portal').split(',')) {
    const extra = VARIANTS[name];
    if (!extra) throw new Error(`unknown variant ${name}: ${Object.keys(VARIANTS).join(', ')}`);
    console.log(`# ${name} ${JSON.stringify(extra)}\n`);
    await runVariant({ ...env, ...extra }, users);
  }
}

async function runVariant(env: Record<string, string>, users: LoadUsers) {
  const server: ServerProcess = await startServer(BUNDLE, env, 18_091);
  try {
    // one of each action, unmeasured: the first calls compile queries and fill caches
    const warm = new Answers();
    for (const action of actions(server.url, users, warm)) await action.run(pick(users.tokens));
    for (const [name, detail] of warm.firstFailure) console.log(`warm-up: ${name} failed: ${detail}`);
    await sleep(SETTLE_MS);
    const idle = rssMiB(server.pid);
    console.log(`server idle after warm-up: ${idle.toFixed(0)} MiB\n`);
    for (const count of LEVELS) {
      const before = rssMiB(server.pid);
      const { record, health, seconds, peak } = await level(server.url, users, count, server.pid);
      await sleep(SETTLE_MS);
      const after = rssMiB(server.pid);
      console.log(`## ${count} users, ${seconds.toFixed(0)} s\n`);
      console.log(
        `${(record.requests / seconds).toFixed(0)} requests/s; memory ${before.toFixed(0)} → peak ${peak.toFixed(0)} → ${after.toFixed(0)} MiB ${SETTLE_MS / 1000} s later (idle ${idle.toFixed(0)})\n`,
      );
      console.log('| call | answers | p50 ms | p95 ms | p99 ms | failed |');
      console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
      const all: number[] = [];
      for (const [name, times] of [...record.times].sort(([a], [b]) => a.localeCompare(b))) {
        all.push(...times);
        console.log(
          `| ${name} | ${times.length} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(percentile(times, 99))} | ${record.failures.get(name) ?? 0} |`,
        );
      }
      console.log(
        `| **every call** | ${all.length} | ${ms(percentile(all, 50))} | ${ms(percentile(all, 95))} | ${ms(percentile(all, 99))} | ${[...record.failures.values()].reduce((a, b) => a + b, 0)} |`,
      );
      console.log(
        `| /api/health (the floor) | ${health.length} | ${ms(percentile(health, 50))} | ${ms(percentile(health, 95))} | ${ms(percentile(health, 99))} | |\n`,
      );
      for (const [name, detail] of record.firstFailure) console.log(`first failure of ${name}: ${detail}`);
    }
  } finally {
    await server.stop();
  }
}

async function main() {
  const { buildServer } = (await import(join(REPO, 'packages', 'server', 'build.mjs'))) as {
    buildServer(options: { outfile: string }): Promise<unknown>;
  };
  await buildServer({ outfile: BUNDLE });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(`# everyday load, ${new Date().toISOString()}\n${machine}`);
  console.log(
    `${WORKERS} employees (${UNITS} units, 2 contracts each) in one tenant; ${options.engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}; ${DURATION_MS / 1000} s per level; think ${THINK_MIN}–${THINK_MAX} ms\n`,
  );
  if (options.engine === 'pglite') await withScratchDataDir(run);
  else if (options.engine === 'postgresql') await withScratchDatabase(run);
  else throw new Error(`--engine is postgresql or pglite, not ${options.engine}`);
}

await main();
