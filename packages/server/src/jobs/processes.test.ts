import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TokenSet } from '@hcm/contracts';
import pg from 'pg';
import { allOf } from '../../../../scripts/testing/all-of.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../testing/engines.ts';
import { httpClient } from '../testing/http-client.ts';
import { startServerProcess, type LogLine, type ServerProcess } from '../testing/server-process.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp-server.ts';
import { TEST_HR_ADMIN, TEST_ROOT } from '../testing/test-server.ts';
import { waitForState } from '../testing/wait-for-state.ts';
import type { ProcessRole } from './process-role.ts';
import { runId } from './schedules.ts';

/** What job-queue.ts logs: once at start, per queue worked, per look that sent runs, per job run. */
const ADDS_ONLY = 'job queue started: this process only adds jobs (no job worker, no schedules clock)';
const RUNS_JOBS = 'job queue started: this process runs jobs and the schedules clock';
const WORKER_STARTED = 'job worker started';
const RUNS_SENT = 'schedules clock: due runs sent';
const JOB_DONE = 'job done';

interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  data: { dueAt?: string };
  output: { progress?: { done: number; total?: number } } | null;
}

/**
 * The job queue across real server processes on one PostgreSQL database (docs/jobs.md "What runs
 * where"), each `node --import tsx src/main.ts --role=…` as deployed: an api process adds a job
 * and runs none, a worker process runs it, and a schedule's due run, sent by the clocks of two
 * processes, runs once. Every wait is for a state (a log line, a row, a mail), never a duration.
 */
describe.runIf(await postgresAvailable())('server processes on one database', () => {
  let scratch: TestDatabase;
  let smtp: TestSmtpServer;
  let filesDir: string;
  let db: pg.Pool;
  let env: Record<string, string>;
  const processes: ServerProcess[] = [];
  let api: ServerProcess | undefined;
  let workers: ServerProcess[] = [];

  /** Starts them side by side; each one started is stopped in afterAll, whichever failed. */
  const start = async (...roles: ProcessRole[]) => {
    const started = await Promise.allSettled(roles.map((role) => startServerProcess(role, env)));
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return started.map((result) => (result as PromiseFulfilledResult<ServerProcess>).value);
  };
  const jobs = async (where: string, values: unknown[]) =>
    (
      await db.query<JobRow>(
        `select id, name, state, retry_count, data, output from hcm_jobs.job where ${where}`,
        values,
      )
    ).rows;
  /** the processes whose log says they ran job `id` */
  const ranBy = (id: string) =>
    processes.flatMap((process) =>
      process
        .logged(JOB_DONE)
        .filter((line) => line.jobId === id)
        .map(() => process),
    );
  const runsSentBy = (process: ServerProcess) =>
    new Set(process.logged(RUNS_SENT).flatMap((line: LogLine) => line.runIds as string[]));

  beforeAll(async () => {
    [scratch, smtp] = await Promise.all([createTestDatabase('postgresql'), startTestSmtpServer()]);
    filesDir = mkdtempSync(join(tmpdir(), 'hcm-processes-'));
    db = new pg.Pool({ connectionString: scratch.env.DATABASE_URL, max: 2 });
    env = {
      ...scratch.env,
      FILE_STORE_DIR: filesDir,
      STATIC_DIR: join(filesDir, 'no-front-end'),
      HCM_ROOT_PASSWORD: TEST_ROOT.password,
      HCM_DEMO_ADMIN_PASSWORD: TEST_HR_ADMIN.password,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'nhansu@congty.vn',
      JOB_POLL_SECONDS: '1',
      // due every minute: whenever the workers start, the run of the minute is due (CATCH_UP_MS)
      CONTRACT_VALIDITY_SWEEP_MINUTES: '1',
      // the queue's start, workers, the clock's looks and each job run are logged at debug
      LOG_LEVEL: 'debug',
    };
  });
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await db?.end();
    await smtp?.stop();
    await scratch?.dispose();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  it('an api process adds the job, a worker process runs it, the api process runs none', async () => {
    // alone first: it migrates nothing (a copy of the migrated template) and seeds the demo tenant
    [api] = await start('api');
    const http = httpClient(api?.url ?? '');
    const auth = await http.post<{ data: TokenSet }>('/api/iam/authenticate', {
      username: TEST_HR_ADMIN.username,
      password: TEST_HR_ADMIN.password,
    });
    expect(auth.status, JSON.stringify(auth.body)).toBe(200);
    const token = auth.body.data.accessToken;
    const post = async (path: string, body: unknown) => {
      const res = await http.post<{ data: { id: string } & Record<string, unknown> }>(path, body, token);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    };

    // the HR administrator is an employee with an address: the audience of a notification by email
    const [hr] = (
      await db.query<{ id: string }>('select id from users where username = $1', [TEST_HR_ADMIN.username])
    ).rows;
    const unit = await post('/api/om/organization-units', {
      code: 'NHAN_SU',
      name: 'Phòng Nhân sự',
      typeCode: 'PHONG',
    });
    await post('/api/om/workers', {
      code: 'NV01',
      fullName: 'Quản trị Nhân sự',
      gender: 'FEMALE',
      organizationUnitId: unit.id,
      userId: hr?.id,
      email: 'hr@congty.vn',
    });
    const sent = await post('/api/notification/events/send-ver2', {
      title: 'Họp giao ban',
      content: 'Thứ Hai, 8 giờ.',
      audiences: [{ assignmentType: 'ALL_PERSONNEL' }],
      sendEmail: true,
    });
    expect(sent).toMatchObject({ sendStatus: 'SENT', emailCount: 1 });
    // the api wrote the email's job in the send's transaction, and runs no job
    const [queued, ...more] = await jobs('name = $1', ['notification-email']);
    expect(more).toEqual([]);
    expect(queued?.state).toBe('created');
    expect(api?.logged(ADDS_ONLY)).toHaveLength(1);
    expect(api?.logged(WORKER_STARTED)).toEqual([]);

    // two workers: the api, polling no queue, had the whole of their start to take the job
    workers = await start('worker', 'worker');
    const emails = await waitForState(
      async () =>
        (
          await http.get<{ data: { toAddress: string; status: string }[] }>(
            `/api/notification/events/${sent.id}/emails`,
            token,
          )
        ).body.data,
      (rows) => rows[0]?.status === 'SENT',
    );
    expect(emails.map((row) => row.toAddress)).toEqual(['hr@congty.vn']);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['hr@congty.vn']]);
    const runners = await waitForState(
      async () => ranBy(queued?.id ?? ''),
      (found) => found.length > 0,
    );
    expect(runners.map((process) => process.role)).toEqual(['worker']);
    for (const worker of workers) {
      expect(worker.logged(RUNS_JOBS)).toHaveLength(1);
      expect(worker.logged(WORKER_STARTED).map((line) => line.queue)).toContain('notification-email');
      expect(worker.url).toBeUndefined();
    }
    expect(api?.logged(WORKER_STARTED)).toEqual([]);
    expect(api?.logged(JOB_DONE)).toEqual([]);
  }, 180_000);

  it('runs a due schedule once, though the clocks of both workers send it', async () => {
    const [a, b] = workers;
    if (!a || !b || !api) throw new Error('the processes of the test above did not start');
    // both clocks looked while the same run was due (at start; a minute turning between the two
    // looks is met at the next, 30 s on)
    const both = await waitForState(
      async () => [...runsSentBy(a)].filter((id) => runsSentBy(b).has(id)),
      (ids) => ids.length > 0,
    );
    const [run, ...others] = await waitForState(
      () => jobs(`id = any($1::uuid[]) and name = 'om-date-sweep'`, [both]),
      (rows) => rows.length > 0 && allOf(rows, (row) => row.state === 'completed'),
    );
    expect(others).toEqual([]);
    // sent twice, one job: its id is the run's, from the schedule's name and due time
    expect(run?.id).toBe(runId('om-date-sweep', new Date(run?.data.dueAt ?? '')));
    expect(run?.retry_count).toBe(0);
    // one effect: the sweep went over every tenant once, in one of the two processes
    expect(run?.output?.progress?.done).toBe(run?.output?.progress?.total);
    const runners = await waitForState(
      async () => ranBy(run?.id ?? ''),
      (found) => found.length > 0,
    );
    expect(runners).toHaveLength(1);
    // every run in the table is one due time's, whichever process sent it first
    const sweeps = await jobs(`name = 'om-date-sweep'`, []);
    for (const sweep of sweeps)
      expect(sweep.id).toBe(runId('om-date-sweep', new Date(sweep.data.dueAt ?? '')));
    expect(new Set(sweeps.map((sweep) => sweep.data.dueAt)).size).toBe(sweeps.length);
    // and the api process keeps no clock
    expect(api.logged(RUNS_SENT)).toEqual([]);
  }, 120_000);
});
