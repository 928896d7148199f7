import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { makeTenant } from '../../testing/factories.ts';
import { serveDuringSuite } from '../../testing/serve-during-suite.ts';
import { SWEEP_CHUNK, sweepAllTenants } from './date-sweep.ts';

const WORKERS = 1000;

/** 1,000 employees, each with an approved salary review due on `day` and another on `later`. */
async function thousandWorkersWithDueReviews(db: Db, day: string, later: string) {
  const tenant = await makeTenant(db);
  const inserted = (await db.execute(
    sql`insert into organization_units (tenant_id, code, name) values (${tenant.id}, 'CTY', 'Công ty') returning id`,
  )) as unknown as { rows: { id: string }[] };
  const unit = inserted.rows[0];
  await db.execute(sql`
    insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
    select ${tenant.id}, 'NV' || n, 'Nhân viên ' || n, 'MALE', ${unit?.id} from generate_series(1, ${WORKERS}) n`);
  for (const [effective, salary] of [
    [day, 10_000_000],
    [later, 12_000_000],
  ] as const)
    await db.execute(sql`
      insert into salary_reviews (tenant_id, worker_id, decision_number, effective_date, approval_status, to_salary)
      select tenant_id, id, 'QĐ-' || code, ${effective}::date, 'APPROVED', ${salary} from workers
      where tenant_id = ${tenant.id}`);
  return tenant.id;
}

/**
 * On the embedded default (PGlite: one connection, one transaction at a time), the date sweep
 * over a 1,000-worker tenant works in short transactions, so the API keeps answering while it
 * runs: the health requests answered between its chunks are counted (no clock is read). The
 * same work in one transaction answers none until it ends, which shows the count can fail.
 */
describe('the date sweep of 1,000 workers on the embedded database', () => {
  const suite = serveDuringSuite('pglite');
  let tenantId: string;

  beforeAll(async () => {
    tenantId = await thousandWorkersWithDueReviews(suite.server.db.orm, '2026-03-01', '2026-04-01');
  });

  /** Runs the sweep while a client asks for /api/health again and again; counts answers per chunk. */
  async function sweepWhileAsking(today: string, chunk: number) {
    let answered = 0;
    let sweeping = true;
    /** the answers so far and the decisions applied so far, at each report of the sweep */
    const atChunks: { answered: number; applied: number }[] = [];
    const asking = (async () => {
      while (sweeping) {
        const { status } = await suite.http.get('/api/health');
        expect(status).toBe(200);
        answered += 1;
      }
    })();
    // the client's first answer comes before the sweep starts: every later one came while it ran
    while (answered === 0) await new Promise((resolve) => setImmediate(resolve));
    const before = answered;
    const result = await sweepAllTenants(suite.server.db.orm, today, {
      chunk,
      between: async ({ applied }) => {
        atChunks.push({ answered, applied });
        return true;
      },
    });
    const during = answered - before;
    sweeping = false;
    await asking;
    // the reports from the last before the tenant's decisions to the first after all of them
    const first = atChunks.findLastIndex((report) => report.applied === 0);
    const last = atChunks.findIndex((report) => report.applied === WORKERS);
    const span = atChunks.slice(Math.max(0, first), last + 1);
    // the answers while the 1,000 decisions were applied, and the gaps between reports that served any
    const whileApplying = (span.at(-1)?.answered ?? 0) - (span[0]?.answered ?? 0);
    const gapsServed = span.filter(
      (report, index) => index > 0 && report.answered > (span[index - 1]?.answered ?? 0),
    ).length;
    return { result, during, whileApplying, gapsServed, chunks: span.length - 1 };
  }

  it('answers health requests between its chunks, and applies every decision once', async () => {
    const chunked = await sweepWhileAsking('2026-03-01', SWEEP_CHUNK);
    expect(chunked.result.applied).toBe(WORKERS);
    // 20 chunks of 50 for the tenant: requests were answered in many of the gaps between them
    expect(chunked.chunks).toBeGreaterThanOrEqual(WORKERS / SWEEP_CHUNK);
    expect(chunked.whileApplying).toBeGreaterThanOrEqual(WORKERS / SWEEP_CHUNK / 4);
    expect(chunked.gapsServed).toBeGreaterThanOrEqual(WORKERS / SWEEP_CHUNK / 4);
    const salaries = (await suite.server.db.orm.execute(
      sql`select count(*)::int as n from workers where tenant_id = ${tenantId} and salary = 10000000`,
    )) as unknown as { rows: { n: number }[] };
    expect(salaries.rows[0]?.n).toBe(WORKERS);
    console.info(
      `date sweep, 1,000 workers in chunks of ${SWEEP_CHUNK}: ${chunked.whileApplying} health answers in ${chunked.chunks} gaps (${chunked.gapsServed} served)`,
    );

    // the next month's decisions in one transaction: no request is answered until it ends
    const whole = await sweepWhileAsking('2026-04-01', 100_000);
    expect(whole.result.applied).toBe(WORKERS);
    // at most one in each gap around it (after the validity and before the notices)
    expect(whole.whileApplying).toBeLessThanOrEqual(3);
    console.info(
      `date sweep, 1,000 workers in one transaction: ${whole.whileApplying} health answers while it ran`,
    );
  });
});
