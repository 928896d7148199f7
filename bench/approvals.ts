// The approval engine (docs/approvals.md): what a batch of approvals costs the request that
// carries it (each record locked, its workflow moved, status, action log, timeline, notices and
// reminder jobs written, each in a savepoint), a single approval's latency, and the list tabs'
// counts and "awaiting my approval" page over a tenant of many decisions. Not part of the test
// run. See bench/README.md.
//
//   npx tsx bench/approvals.ts [--engine postgresql|pglite] [--batch 1000] [--records 20000]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { Engine } from '../packages/server/src/db/database.ts';
import { startApprovalStory } from '../packages/server/src/resources/testing/approval-fixture.ts';
import { rawClientOf } from './lib/server-deps.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgresql' },
    batch: { type: 'string', default: '1000' },
    records: { type: 'string', default: '20000' },
  },
});
const BATCH = Number(values.batch);
const RECORDS = Number(values.records);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const API = '/api/om/displacements';

const story = await startApprovalStory(values.engine as Engine, { LOG_LEVEL: 'error' });
try {
  const client = rawClientOf(story.kit.server.db.orm);
  const insert = async (count: number, prefix: string) => {
    const result = await client.query(
      `insert into displacements (tenant_id, worker_id, decision_number, effective_date, to_unit_id, created_by, last_modified_by)
       select $1, $2, $3 || n, '2099-01-01', $4, $5, $5 from generate_series(1, $6::int) n returning id`,
      [story.tenantId, story.ids.worker, prefix, story.ids.finance, story.hr.userId, count],
    );
    return (result.rows as { id: string }[]).map((row) => row.id);
  };
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    return { result, took: performance.now() - started };
  };
  const post = async (who: typeof story.hr, path: string, body: unknown) => {
    const res = await story.post<{ data: { succeeded?: number } }>(who, path, body);
    if (res.status !== 200)
      throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body.data;
  };

  // background: a tenant with many decisions in every state but awaiting
  await insert(RECORDS, 'NEN-');
  const ids = await insert(BATCH, 'LO-');
  await client.query('ANALYZE');

  const request = await timed(() =>
    post(story.hr, `${API}/request-approval/batch`, { ids, workflow: story.assignment() }),
  );
  const approve = await timed(() => post(story.manager, `${API}/approve/batch`, { ids, note: 'Duyệt lô' }));
  console.log(
    `batch of ${BATCH}: request ${ms(request.took)} (${request.result.succeeded} ok), approve ${ms(approve.took)} (${approve.result.succeeded} ok)`,
  );
  console.log(
    `  per record: request ${(request.took / BATCH).toFixed(1)} ms, approve ${(approve.took / BATCH).toFixed(1)} ms`,
  );

  const singles: number[] = [];
  for (const id of ids.slice(0, 200)) {
    const { took } = await timed(() => post(story.director, `${API}/${id}/approve`, {}));
    singles.push(took);
  }
  singles.sort((a, b) => a - b);
  const at = (p: number) => singles[Math.min(singles.length - 1, Math.floor(p * singles.length))] as number;
  console.log(
    `single approve (last step, applies nothing yet: effective 2099): p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}`,
  );

  const reads: Record<string, number[]> = { statistic: [], mine: [] };
  for (let i = 0; i < 50; i += 1) {
    reads.statistic?.push(
      (await timed(() => story.get(story.manager, `${API}/approval-status-statistic`))).took,
    );
    reads.mine?.push(
      (await timed(() => story.get(story.manager, `${API}?approvalStatus=WAIT_MY_APPROVE`))).took,
    );
  }
  for (const [name, list] of Object.entries(reads)) {
    list.sort((a, b) => a - b);
    console.log(
      `${name} over ${RECORDS + BATCH} decisions: p50 ${ms(list[25] ?? 0)}, p95 ${ms(list[47] ?? 0)}`,
    );
  }
} finally {
  await story.kit.stop();
}
