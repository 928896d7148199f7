import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { tenants } from '../../db/schema.ts';
import { inScope } from '../../db/tenant-scope.ts';
import { todayInVietnam } from '../../resources/search/find-latest-effective.ts';
import { noticeExpiringContracts } from './labor-contracts/expiring.ts';
import { refreshContractValidity } from './labor-contracts/refresh-validity.ts';
import { applyDueChanges } from './personnel-changes/apply-due-changes.ts';

/** How often the sweep looks for what the date has changed. */
export const DATE_SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface DateSweepResult {
  /** contracts whose validity changed */
  readonly validity: number;
  /** approved decisions applied to their employees */
  readonly applied: number;
  /** contracts about to expire that HR was told of (once each: expiring.ts) */
  readonly expiryNotices: number;
}

/**
 * What the passing of days changes, in every tenant (each in its own scope and transaction, so
 * one tenant's failure leaves the others swept): contracts that came into force or expired,
 * approved decisions whose effective date has come, and HR told of contracts about to expire.
 * `today` is the injected clock of tests.
 */
export async function sweepAllTenants(db: Db, today = todayInVietnam()): Promise<DateSweepResult> {
  // the owner with no tenant set reads every tenant row (migration 0002, tenants_read_own)
  const all = await db.select({ id: tenants.id }).from(tenants);
  let validity = 0;
  let applied = 0;
  let expiryNotices = 0;
  for (const { id } of all)
    await inScope(db, { tenantId: id, userId: null }, async (tx) => {
      validity += await refreshContractValidity(tx, today);
      applied += await applyDueChanges(tx, today);
      expiryNotices += await noticeExpiringContracts(tx, id, today);
    });
  return { validity, applied, expiryNotices };
}

/**
 * Runs sweepAllTenants a second after start and every `everyMs` (Vietnam's midnight falls at
 * 17:00 UTC, so with the hourly default a new day is seen within the hour), never two at once;
 * stop() ends it (the server's close). A failed run is logged and retried at the next tick.
 */
export function startDateSweep(db: Db, log: FastifyBaseLogger, everyMs = DATE_SWEEP_EVERY_MS) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= sweepAllTenants(db)
      .then((result) => {
        if (result.validity + result.applied + result.expiryNotices > 0)
          log.info(result, 'date sweep changed records');
      })
      .catch((error: unknown) => log.error({ err: error }, 'date sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 1000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
