import { createHash } from 'node:crypto';
import cronParser from 'cron-parser';
import type PgBoss from 'pg-boss';

/** Where the schedules' cron expressions are read: the portal's users live in Vietnam. */
export const SCHEDULE_TIMEZONE = 'Asia/Ho_Chi_Minh';

/**
 * A due time older than this is let go: a worker started again within it still sends the run
 * it missed, and a run's job id stays in pg-boss's job table far longer (archived after 12 h),
 * so a late look can never send it twice.
 */
export const CATCH_UP_MS = 15 * 60_000;

/** How often each worker process looks for due schedules (a look is one cheap query). */
export const SCHEDULE_CHECK_MS = 30_000;

/** What a scheduled job's data carries besides the schedule's own data. */
export interface ScheduledRun {
  /** the due time this run is for (ISO 8601): the handler's clock, never the wall's */
  readonly dueAt: string;
}

/** The last time at or before `now` that `cron` (read in `timezone`) names. */
export function lastDueTime(cron: string, timezone: string, now: Date): Date {
  // cron-parser's prev() answers strictly before currentDate: a millisecond on, `now` itself counts
  const expression = cronParser.parseExpression(cron, {
    currentDate: new Date(now.getTime() + 1),
    tz: timezone,
  });
  return expression.prev().toDate();
}

/** Throws a clear error for a cron expression that does not parse. */
export function checkCron(cron: string, timezone = SCHEDULE_TIMEZONE): void {
  cronParser.parseExpression(cron, { tz: timezone });
}

/**
 * The job id of a schedule's run at `dueAt`: the same in every process, so the run is inserted
 * once (pg-boss inserts with ON CONFLICT DO NOTHING on its key (name, id)) however many
 * processes find it due, and however late. A UUID in form: SHA-256 of the pair, version 8.
 */
export function runId(name: string, dueAt: Date): string {
  const hex = createHash('sha256').update(`${name}@${dueAt.toISOString()}`).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** One row of pg-boss's schedule table. */
interface StoredSchedule {
  name: string;
  cron: string;
  timezone: string | null;
  data: object | null;
}

/**
 * Sends every stored schedule's run that is due at `now` (and no older than CATCH_UP_MS): the
 * schedules' clock in every worker process, and what tests call with their own time. Answers
 * the ids it sent, including runs another process had already sent (inserted once all the same).
 */
export async function sendDueRuns(boss: PgBoss, now: Date): Promise<string[]> {
  const schedules = (await boss.getSchedules()) as unknown as StoredSchedule[];
  const runs = schedules.flatMap((schedule) => {
    const dueAt = lastDueTime(schedule.cron, schedule.timezone ?? SCHEDULE_TIMEZONE, now);
    if (now.getTime() - dueAt.getTime() >= CATCH_UP_MS) return [];
    const data: ScheduledRun = { ...(schedule.data ?? {}), dueAt: dueAt.toISOString() };
    return [{ id: runId(schedule.name, dueAt), name: schedule.name, data }];
  });
  if (runs.length > 0) await boss.insert(runs);
  return runs.map((run) => run.id);
}

/** What the schedules' clock tells its process after each look. */
export interface ScheduleClockEvents {
  /** the runs a look sent (some perhaps already sent by another process): never called with none */
  sent(runIds: readonly string[]): void;
  failed(error: unknown): void;
}

/**
 * Looks for due schedules at once and every `everyMs`, never two looks at a time; the clock is
 * injected (tests give theirs). stop() ends it and waits for a look under way.
 */
export function startScheduleClock(
  boss: PgBoss,
  clock: () => Date,
  events: ScheduleClockEvents,
  everyMs = SCHEDULE_CHECK_MS,
) {
  let looking: Promise<void> | null = null;
  const look = () => {
    looking ??= sendDueRuns(boss, clock())
      .then((runIds) => {
        if (runIds.length > 0) events.sent(runIds);
      })
      .catch((error: unknown) => events.failed(error))
      .finally(() => {
        looking = null;
      });
  };
  const first = setImmediate(look);
  const timer = setInterval(look, everyMs);
  timer.unref();
  return {
    async stop() {
      clearImmediate(first);
      clearInterval(timer);
      await looking;
    },
  };
}
