import { ErrorCodes, FieldErrorKeys, Status, type FieldError } from '@hcm/contracts';
import {
  EDITABLE_EVENT_STATUSES,
  notificationEventContract,
  type NotificationEventStatus,
} from '@hcm/contracts/notification-events';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { messageTemplates } from '../../../db/tables/message-templates.ts';
import { notificationEventAudiences, notificationEvents } from '../tables/notification-events.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import { fillAudienceNames, type AudienceRow } from './audience-sources.ts';

type Row = Record<string, unknown>;

const noAudience = (): FieldError => ({
  field: 'audiences',
  code: FieldErrorKeys.required,
  message: 'a notification needs at least one audience',
});

/** A notification already sent or canceled is kept as it went: 409, nothing changed. */
export function assertEditable(record: Row, action: string): void {
  const status = record.sendStatus as NotificationEventStatus;
  if (!EDITABLE_EVENT_STATUSES.includes(status))
    throw new AppError(
      409,
      ErrorCodes.conflict,
      `A ${status.toLowerCase()} notification cannot be ${action}: only a draft or a scheduled one can`,
    );
}

/** The email template, when newly chosen: an ACTIVE EMAIL template of the tenant. */
async function emailTemplateErrors(
  tx: Tx,
  tenantId: string,
  changes: Row,
  before: Row | null,
): Promise<FieldError[]> {
  const id = changes.emailTemplateId;
  if (typeof id !== 'string' || id === before?.emailTemplateId) return [];
  const [found] = await tx
    .select({ channel: messageTemplates.channel, status: messageTemplates.status })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.tenantId, tenantId), eq(messageTemplates.id, id)));
  if (found?.channel === 'EMAIL' && found.status === Status.active) return [];
  return [
    {
      field: 'emailTemplateId',
      code: FieldErrorKeys.invalidValue,
      message: found ? 'is not an active email template' : 'is not an email template of this tenant',
    },
  ];
}

/**
 * Notification › form records with their audience rows (notification_event_audiences, in the
 * order given). Every write checks each row's record against its type in the tenant and copies
 * its name (into the rows about to be saved); only a DRAFT or SCHEDULED notification may change or go, and a SCHEDULED one that
 * is edited becomes a DRAFT again (its send is called off: the job finds it changed and does
 * nothing), to be sent again once checked.
 */
export const notificationEventResource = bindResource(notificationEventContract, {
  table: notificationEvents,
  references: { emailTemplateId: messageTemplates },
  children: {
    audiences: {
      table: notificationEventAudiences,
      parent: notificationEventAudiences.eventId,
      order: notificationEventAudiences.position,
    },
  },
  hooks: {
    async validate({ tx, caller }, changes, before) {
      const tenantId = caller.tenantId as string;
      const errors = await emailTemplateErrors(tx, tenantId, changes, before);
      const rows = changes.audiences;
      // a create sees its lists here too; an update that leaves them out keeps them
      if (Array.isArray(rows))
        errors.push(
          ...(rows.length === 0
            ? [noAudience()]
            : await fillAudienceNames(tx, tenantId, rows as AudienceRow[])),
        );
      else if (!before) errors.push(noAudience());
      if (errors.length > 0) throw validationFailed(errors);
    },
    beforeCreate(_context, values) {
      values.sendStatus = 'DRAFT';
    },
    beforeUpdate(_context, before, changes) {
      assertEditable(before, 'changed');
      changes.sendStatus = 'DRAFT';
      changes.jobId = null;
    },
    beforeDelete(_context, record) {
      assertEditable(record, 'deleted');
    },
  },
});

export const notificationEventResources = [notificationEventResource];
