import type { Language } from '@hcm/contracts';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
 * Who holds a workflow step of one assignment type: a condition on the candidate user's id
 * (a column of the query that looks for eligible users) and the step's assignment id.
 */
export type AssigneeRule = (userId: AnyPgColumn, assignmentId: string) => SQL;

/**
 * The rules by assignment type, each given by the module that owns what the type names (a role
 * by IAM, a job position or title by the organisation module). A step of a type no module rules
 * is held by the user whose id it names, and by no one else.
 */
export type AssigneeRules = Readonly<Partial<Record<string, AssigneeRule>>>;

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
  /** who may take a step, by its assignment type (the engine reads no module's tables) */
  readonly assignees: AssigneeRules;
}
