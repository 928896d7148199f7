import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { inScope } from '../../db/tenant-scope.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import {
  APPROVAL_REMINDER_QUEUE,
  recordTypeOf,
  registerApprovalRoutes,
  remindStep,
  type ApprovalDeps,
  type AssigneeRules,
  type ReminderJob,
} from '../../resources/approval/index.ts';
import type { ResourceDefinition } from '../../resources/index.ts';
import type { MailConfig } from '../../config.ts';
import { queueNoticeEmails, sendNotifications } from '../notification/index.ts';

/**
 * The approval engine wired into the application: the approval sub-paths of every approvable
 * resource, the notices through the notification module (in the inbox, and by email where the
 * portal has a mail server and the user an address), and the worker of the steps'
 * reminders (pg-boss: any process takes a due reminder; remindStep sends each one once).
 */
export const approvalService: FastifyPluginAsync<{
  deps: {
    db: Database;
    queue: JobQueue;
    resources: readonly ResourceDefinition[];
    /** with a mail server, every notice also goes by email to those with an address */
    mail: MailConfig;
    publicUrl: string | undefined;
    /** who may take a step of each assignment type, from the modules that own them (app.ts) */
    assignees: AssigneeRules;
    now?: () => Date;
  };
}> = async (app, { deps }) => {
  const approvable = deps.resources.filter((definition) => definition.approval);
  const db = deps.db.orm;
  const emails = { queue: deps.queue, enabled: Boolean(deps.mail.smtpUrl), publicUrl: deps.publicUrl };
  const engine: ApprovalDeps = {
    notify: async (tx, tenantId, userIds, message) => {
      await sendNotifications(tx, tenantId, userIds, message);
      await queueNoticeEmails(tx, emails, tenantId, userIds, message);
    },
    queue: deps.queue,
    now: deps.now ?? (() => new Date()),
    assignees: deps.assignees,
  };
  await registerApprovalRoutes(app, approvable, db, engine);
  await deps.queue.work<ReminderJob>(
    APPROVAL_REMINDER_QUEUE,
    { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120, batchSize: 20 },
    async (job) => {
      const definition = approvable.find((d) => recordTypeOf(d.declaration) === job.data.recordType);
      if (!definition) return;
      await inScope(db, { tenantId: job.data.tenantId, userId: null }, (tx) =>
        remindStep(tx, engine, definition, job),
      );
    },
  );
};
