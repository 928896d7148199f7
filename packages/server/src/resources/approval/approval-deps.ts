import type { Language } from '@hcm/contracts';
import type { Tx } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';

/** A notification as the inbox keeps it (the notification module's NotificationMessage). */
export interface ApprovalMessage {
  title: string;
  content: string;
  attachedLink: string;
  eventType: string;
  /** the language it is written in (the recipients'), for a batch's summary of many */
  language: Language;
}

/**
 * What the approval engine needs from outside it, given by the application when it wires the
 * routes (app.ts): the engine knows no module, so the notification module's sender comes in here.
 */
export interface ApprovalDeps {
  /** puts a notification in each user's inbox, inside the caller's transaction */
  notify(tx: Tx, tenantId: string, userIds: readonly string[], message: ApprovalMessage): Promise<unknown>;
  /** the job queue that runs the steps' reminders; null: no reminders (tests of other parts) */
  readonly queue: JobQueue | null;
  /** the engine's clock: a step's start, deadline and reminders are read from it (tests move it) */
  now(): Date;
}
