import type { ApprovalActionName, ApprovalStatus } from '@hcm/contracts/approvals';
import {
  bigint,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/*
 * The typed mirror of migration 0043: the approval engine's workflow instances, their steps and
 * every record's timeline. A record is named by its resource ('om/displacements') and id.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true });

export type RequestState = 'OPEN' | 'APPROVED' | 'REJECTED' | 'CANCELED' | 'BACK';
export type StepOutcome = 'APPROVED' | 'REJECTED' | 'BACK' | 'CANCELED';

/** One request for approval of a record: a workflow instance made from a template. */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    recordType: varchar('record_type', { length: 100 }).notNull(),
    recordId: uuid('record_id').notNull(),
    workflowTemplateId: uuid('workflow_template_id'),
    templateName: varchar('template_name', { length: 200 }).notNull(),
    loopTime: integer('loop_time'),
    notificationDuration: integer('notification_duration'),
    notificationTemplateId: uuid('notification_template_id'),
    requestedBy: uuid('requested_by').notNull(),
    requestedAt: instant('requested_at').notNull(),
    state: varchar('state', { length: 16 }).$type<RequestState>().notNull().default('OPEN'),
    currentPosition: smallint('current_position'),
    closedAt: instant('closed_at'),
  },
  (t) => [primaryKey({ name: 'approval_requests_pkey', columns: [t.tenantId, t.id] })],
);

/** A step of a request, snapshotted from its template with the assignee chosen for it. */
export const approvalSteps = pgTable(
  'approval_steps',
  {
    tenantId: uuid('tenant_id').notNull(),
    requestId: uuid('request_id').notNull(),
    /** 1-based */
    position: smallint('position').notNull(),
    recordType: varchar('record_type', { length: 100 }).notNull(),
    recordId: uuid('record_id').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    assignmentType: varchar('assignment_type', { length: 16 }).notNull(),
    assignmentId: uuid('assignment_id'),
    assignmentName: varchar('assignment_name', { length: 200 }),
    assigneeUserId: uuid('assignee_user_id').notNull(),
    /** milliseconds on the calendar (a working day as one day) */
    slaTime: bigint('sla_time', { mode: 'number' }).notNull(),
    /** the unit and amount the step was made with (migration 0045); a null amount: minutes, from slaTime */
    slaUnit: varchar('sla_unit', { length: 16 }).notNull().default('MINUTES'),
    slaAmount: integer('sla_amount'),
    startedAt: instant('started_at'),
    dueAt: instant('due_at'),
    actedAt: instant('acted_at'),
    actedBy: uuid('acted_by'),
    outcome: varchar('outcome', { length: 16 }).$type<StepOutcome>(),
    note: varchar('note', { length: 1000 }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    nextReminderAt: instant('next_reminder_at'),
  },
  (t) => [primaryKey({ name: 'approval_steps_pkey', columns: [t.tenantId, t.requestId, t.position] })],
);

/** A record's timeline: one row per transition. */
export const approvalEvents = pgTable(
  'approval_events',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    recordType: varchar('record_type', { length: 100 }).notNull(),
    recordId: uuid('record_id').notNull(),
    requestId: uuid('request_id'),
    action: varchar('action', { length: 32 }).$type<ApprovalActionName>().notNull(),
    fromStatus: varchar('from_status', { length: 16 }).$type<ApprovalStatus>(),
    toStatus: varchar('to_status', { length: 16 }).$type<ApprovalStatus>().notNull(),
    stepPosition: smallint('step_position'),
    actorId: uuid('actor_id'),
    note: varchar('note', { length: 1000 }),
    at: instant('at').notNull(),
  },
  (t) => [primaryKey({ name: 'approval_events_pkey', columns: [t.tenantId, t.id] })],
);

export const approvalTables = { approvalRequests, approvalSteps, approvalEvents };
