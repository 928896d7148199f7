import { JobPaths, type JobStatus } from '@hcm/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../db/tenant-scope.ts';
import { testEngines } from '../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../testing/factories.ts';
import { serveDuringSuite } from '../testing/serve-during-suite.ts';
import { startJobQueue, type JobQueue, type QueueSettings } from './job-queue.ts';
import { JOB_OVERSIGHT_PERMISSION } from './job-routes.ts';

const SETTINGS: QueueSettings = {
  retryLimit: 0,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 600,
};
const pathOf = (template: string, id: string) => template.replace(':id', id);

/** A gate the test opens: the job waits at it between two chunks. */
function gate() {
  const opening: { resolve?: () => void } = {};
  const opened = new Promise<void>((resolve) => (opening.resolve = resolve));
  return { opened, open: () => opening.resolve?.() };
}

/**
 * `GET /api/system/jobs/{id}` and its cancel, on a real server: the starter and their tenant's
 * administrator read it, nobody else does (404), a queued job cancelled never starts, a running
 * one stops at its next chunk.
 */
describe.each(await testEngines())('jobs a user started, on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);
  let queue: JobQueue;
  let tenantId: string;
  const tokens: Record<'starter' | 'colleague' | 'admin' | 'stranger', string> = {
    starter: '',
    colleague: '',
    admin: '',
    stranger: '',
  };
  let starterId: string;
  const started: string[] = [];
  const gates = [gate(), gate(), gate()];
  let stoppedAfter: number | undefined;

  beforeAll(async () => {
    const { db, passwords } = suite.server;
    tenantId = (await makeTenant(db.orm)).id;
    const otherTenant = (await makeTenant(db.orm)).id;
    const deps = { db: db.orm, passwords };
    const starter = await makeUser(deps, { tenantId, permissions: [] });
    const colleague = await makeUser(deps, { tenantId, permissions: [] });
    const admin = await makeUser(deps, { tenantId, permissions: [JOB_OVERSIGHT_PERMISSION] });
    const stranger = await makeUser(deps, { tenantId: otherTenant, permissions: [JOB_OVERSIGHT_PERMISSION] });
    starterId = starter.user.id;
    for (const [who, made] of Object.entries({ starter, colleague, admin, stranger }))
      tokens[who as keyof typeof tokens] = await accessTokenFor(db.orm, made.user);
    // a second queue on the server's database, as a worker process would be
    queue = await startJobQueue(db, pino({ level: 'silent' }), { pollSeconds: 1 });
  });
  afterAll(async () => {
    for (const g of gates) g.open();
    await queue?.stop();
  });

  const enqueue = (name: string, data: object) =>
    inScope(suite.server.db.orm, { tenantId, userId: starterId }, (tx) =>
      queue.enqueue(tx, name, [{ data, startedBy: { tenantId, userId: starterId } }]),
    ).then(([id]) => id as string);
  const read = (id: string, who: keyof typeof tokens) =>
    suite.http.get<{ data: JobStatus }>(pathOf(JobPaths.status, id), tokens[who]);
  const waitForStatus = async (id: string, done: (status: JobStatus) => boolean) => {
    for (;;) {
      const { body } = await read(id, 'starter');
      if (done(body.data)) return body.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('cancels a queued job, which then never starts', async () => {
    // an API-only process creates the queue and adds the job; it runs none itself
    const apiOnly = await startJobQueue(suite.server.db, pino({ level: 'silent' }), {
      pollSeconds: 1,
      runJobs: false,
    });
    await apiOnly.work('test-tracked-queued', SETTINGS, async () => {
      throw new Error('an API-only process runs no job');
    });
    const queued = await enqueue('test-tracked-queued', { n: 'never' });
    const cancelled = await suite.http.post<{ data: JobStatus }>(
      pathOf(JobPaths.cancel, queued),
      undefined,
      tokens.starter,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ id: queued, status: 'cancelled', startedBy: starterId });
    // the worker starts afterwards: the next job runs, the cancelled one (first in line) does not
    await queue.work<{ n: string }>('test-tracked-queued', SETTINGS, async (job) => {
      started.push(job.data.n);
    });
    const next = await enqueue('test-tracked-queued', { n: 'after' });
    await waitForStatus(next, (status) => status.status === 'completed');
    expect(started).toEqual(['after']);
    expect((await read(queued, 'starter')).body.data.status).toBe('cancelled');
    await apiOnly.stop();
  });

  it('shows a running job’s progress to its starter and the tenant’s administrator only, and stops it at its next chunk', async () => {
    await queue.work<{ chunks: number }>('test-tracked-running', SETTINGS, async (job, control) => {
      for (let chunk = 1; chunk <= job.data.chunks; chunk += 1) {
        await gates[chunk - 1]?.opened;
        if (!(await control.report({ done: chunk, total: job.data.chunks, message: `chunk ${chunk}` }))) {
          stoppedAfter = chunk;
          return;
        }
      }
    });
    const id = await enqueue('test-tracked-running', { chunks: 3 });
    gates[0]?.open();
    const running = await waitForStatus(id, (status) => status.progress?.done === 1);
    expect(running).toMatchObject({ status: 'running', progress: { done: 1, total: 3, message: 'chunk 1' } });
    expect(running.startedAt).not.toBeNull();

    expect((await read(id, 'admin')).status).toBe(200);
    for (const who of ['colleague', 'stranger'] as const) {
      const refused = await read(id, who);
      expect(refused.status, who).toBe(404);
      expect((refused.body as unknown as { code: string }).code).toBe('NOT_FOUND');
    }
    expect((await suite.http.post(pathOf(JobPaths.cancel, id), undefined, tokens.stranger)).status).toBe(404);
    expect((await suite.http.get(pathOf(JobPaths.status, crypto.randomUUID()), tokens.starter)).status).toBe(
      404,
    );

    const cancelled = await suite.http.post<{ data: JobStatus }>(
      pathOf(JobPaths.cancel, id),
      undefined,
      tokens.admin,
    );
    expect(cancelled.body.data.status).toBe('cancelled');
    gates[1]?.open();
    // the job sees it at its next report and stops there; the third chunk never runs
    const ended = await waitForStatus(id, () => stoppedAfter !== undefined);
    expect(stoppedAfter).toBe(2);
    expect(ended).toMatchObject({ status: 'cancelled', progress: { done: 1, total: 3 } });
    expect(ended.endedAt).not.toBeNull();
  });
});
