import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type ReferenceTarget } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { NotificationLimits } from './notifications.ts';

/*
 * Notifications HR sends to an audience (catalogues §2.1 "Notification: form", core §3
 * "Notification event"; issue 12): what to say, to whom, when, and whether by email too. A
 * notification is written and sent as a record: DRAFT while it is composed, SCHEDULED once sent
 * with a time ahead, SENT when its recipients have it, CANCELED when withdrawn before that.
 */

const API = '/api/notification/events';
const l = (key: string, vi: string, en: string) => label(`notification.event.${key}`, vi, en);

/** Where a notification is in its life. Only DRAFT and SCHEDULED may still change. */
export const NotificationEventStatus = {
  draft: 'DRAFT',
  scheduled: 'SCHEDULED',
  sent: 'SENT',
  canceled: 'CANCELED',
} as const;
export type NotificationEventStatus = (typeof NotificationEventStatus)[keyof typeof NotificationEventStatus];
const statusLabels: Record<NotificationEventStatus, Label> = {
  DRAFT: l('status.draft', 'Nháp', 'Draft'),
  SCHEDULED: l('status.scheduled', 'Đã hẹn giờ', 'Scheduled'),
  SENT: l('status.sent', 'Đã gửi', 'Sent'),
  CANCELED: l('status.canceled', 'Đã hủy', 'Canceled'),
};

/** The states in which a notification may be edited, sent or deleted. */
export const EDITABLE_EVENT_STATUSES: readonly NotificationEventStatus[] = ['DRAFT', 'SCHEDULED'];

/**
 * Who receives it (catalogues §3 "Assignment type", the ones a notification uses): everybody
 * working, the people of a unit (and the units below it) or of a working group, the holders of a
 * job title or job position, or chosen employees. Each is resolved to the employees WORKING at
 * the time of sending who have an active account.
 */
export const AudienceType = {
  allPersonnel: 'ALL_PERSONNEL',
  organizationUnit: 'ORGANIZATION_UNIT',
  group: 'GROUP',
  jobTitle: 'JOB_TITLE',
  jobPosition: 'JOB_POSITION',
  individual: 'INDIVIDUAL',
} as const;
export type AudienceType = (typeof AudienceType)[keyof typeof AudienceType];
const audienceLabels: Record<AudienceType, Label> = {
  ALL_PERSONNEL: l('audience.allPersonnel', 'Toàn bộ nhân sự', 'All personnel'),
  ORGANIZATION_UNIT: l('audience.organizationUnit', 'Đơn vị', 'Organisation unit'),
  GROUP: l('audience.group', 'Nhóm lao động', 'Working group'),
  JOB_TITLE: l('audience.jobTitle', 'Chức danh', 'Job title'),
  JOB_POSITION: l('audience.jobPosition', 'Vị trí công việc', 'Job position'),
  INDIVIDUAL: l('audience.individual', 'Cá nhân', 'Individuals'),
};

/** The audience types that name a record; ALL_PERSONNEL names none. */
export type TargetedAudienceType = Exclude<AudienceType, 'ALL_PERSONNEL'>;

/** The look-up (auto-complete, find-by-ids) of each audience type's records, beside the events. */
export const audienceLookupPath = (type: TargetedAudienceType) => `${API}/audiences/${type.toLowerCase()}`;
const target = (type: TargetedAudienceType, resource: ReferenceTarget['resource']): ReferenceTarget => ({
  resource,
  apiPath: audienceLookupPath(type),
  display: 'name',
});
export const AudienceTargets: Readonly<Record<TargetedAudienceType, ReferenceTarget>> = {
  ORGANIZATION_UNIT: target('ORGANIZATION_UNIT', 'organization_unit'),
  GROUP: target('GROUP', 'worker_group'),
  JOB_TITLE: target('JOB_TITLE', 'job_title'),
  JOB_POSITION: target('JOB_POSITION', 'job_position'),
  INDIVIDUAL: target('INDIVIDUAL', 'worker'),
};

/** ACTIVE message templates of channel EMAIL: the mail that carries the notification. */
export const emailTemplateTarget: ReferenceTarget = {
  resource: 'email_template',
  apiPath: `${API}/email-templates`,
  display: 'name',
};

/** What kind of news it is (core §3 "Notification event: eventType"), shown in the inbox. */
export const NotificationEventTypes = ['GENERAL', 'ANNOUNCEMENT', 'POLICY', 'EVENT', 'REMINDER'] as const;
export type NotificationEventType = (typeof NotificationEventTypes)[number];
const eventTypeLabels: Record<NotificationEventType, Label> = {
  GENERAL: l('type.general', 'Thông báo chung', 'General'),
  ANNOUNCEMENT: l('type.announcement', 'Tin nội bộ', 'Announcement'),
  POLICY: l('type.policy', 'Chính sách, quy định', 'Policy'),
  EVENT: l('type.event', 'Sự kiện', 'Event'),
  REMINDER: l('type.reminder', 'Nhắc việc', 'Reminder'),
};

export const NotificationEventLimits = { audiences: 50 } as const;

/** The placeholders an email template may use for a notification (filled per recipient). */
export const NOTIFICATION_EMAIL_PLACEHOLDERS = ['fullName', 'title', 'content', 'link', 'sendAt'] as const;

/** A path inside the portal ("/om/employee") or an http(s) address, no spaces or controls. */
export const ATTACHED_LINK_PATTERN = '^(/(?!/)[^\\s]*|https?://[^\\s/]+[^\\s]*)$';

/**
 * Notification › form: compose a notification with its audience, optionally an email, and when
 * it goes out. The generic sub-paths edit a DRAFT or SCHEDULED one; POST {id}/send sends it now
 * (or at its sendAt when that lies ahead), POST send-ver2 creates and sends in one call (the
 * event type from the body or the query), POST {id}/cancel withdraws a scheduled one.
 */
export const notificationEventContract = defineContract({
  service: 'notification',
  level: 'tenant',
  path: 'events',
  route: '/notification/form',
  permission: 'notification',
  title: ResourceTitles.notification,
  singular: l('singular', 'Thông báo', 'Notification'),
  fields: {
    title: f.text({
      label: l('titleField', 'Tiêu đề', 'Title'),
      maxLength: NotificationLimits.title,
      required: true,
    }),
    content: f.text({
      label: l('content', 'Nội dung', 'Content'),
      maxLength: NotificationLimits.content,
      multiline: true,
    }),
    eventType: f.enumOf({
      label: l('eventType', 'Loại thông báo', 'Kind'),
      valueLabels: eventTypeLabels,
      defaultValue: 'GENERAL',
    }),
    attachedLink: f.text({
      label: l('attachedLink', 'Liên kết đính kèm', 'Attached link'),
      maxLength: NotificationLimits.attachedLink,
      pattern: ATTACHED_LINK_PATTERN,
      hint: l(
        'attachedLinkHint',
        'Một trang của cổng (bắt đầu bằng /) hoặc một địa chỉ http(s).',
        'A page of the portal (starting with /) or an http(s) address.',
      ),
      example: (n) => `/om/employee?page=${n}`,
    }),
    audiences: f.children({
      label: l('audiences', 'Người nhận', 'Recipients'),
      minItems: 1,
      maxItems: NotificationEventLimits.audiences,
      fields: {
        assignmentType: f.enumOf({
          label: l('assignmentType', 'Đối tượng', 'Audience'),
          required: true,
          valueLabels: audienceLabels,
        }),
        assignmentId: {
          ...f.reference({
            label: l('assignee', 'Chọn', 'Chosen'),
            target: AudienceTargets.INDIVIDUAL,
          }),
          targetBy: { field: 'assignmentType', targets: AudienceTargets },
        },
        assignmentName: f.text({
          label: l('assignmentName', 'Tên', 'Name'),
          maxLength: FieldLimits.name,
          readOnly: true,
        }),
      },
      example: () => [{ assignmentType: AudienceType.allPersonnel, assignmentId: null }],
    }),
    sendEmail: f.boolean({ label: l('sendEmail', 'Gửi kèm email', 'Also by email') }),
    emailTemplateId: f.reference({
      label: l('emailTemplate', 'Mẫu email', 'Email template'),
      target: emailTemplateTarget,
      hint: l(
        'emailTemplateHint',
        'Để trống: email mang tiêu đề và nội dung của thông báo.',
        'Left empty: the email carries the title and content of the notification.',
      ),
    }),
    // the time it went (set when sent at once) or is to go out
    sendAt: f.dateTime({
      label: l('sendAt', 'Thời điểm gửi', 'Send at'),
      hint: l(
        'sendAtHint',
        'Để trống: gửi ngay khi bấm Gửi. Một thời điểm sau này: thông báo được hẹn giờ.',
        'Left empty: sent when you press Send. A later time: the notification is scheduled.',
      ),
    }),
    sendStatus: f.enumOf({
      label: l('sendStatus', 'Trạng thái', 'Status'),
      valueLabels: statusLabels,
      defaultValue: 'DRAFT',
    }),
    sentAt: f.dateTime({ label: l('sentAt', 'Đã gửi lúc', 'Sent at') }),
    recipientCount: f.integer({
      label: l('recipientCount', 'Số người nhận', 'Recipients reached'),
      minimum: 0,
      maximum: 2_147_483_647,
    }),
    emailCount: f.integer({
      label: l('emailCount', 'Số email', 'Emails'),
      minimum: 0,
      maximum: 2_147_483_647,
    }),
  },
  columns: ['title', 'eventType', 'audiences', 'sendAt', 'sendStatus', 'recipientCount'],
  keyword: ['title'],
  filters: ['sendStatus', 'eventType'],
  sort: ['title', 'sendAt', 'sentAt', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  without: ['status', 'import'],
  sections: [
    { title: CommonLabels.general, fields: ['title', 'eventType', 'content', 'attachedLink'] },
    { title: l('section.audience', 'Đối tượng nhận', 'Audience'), fields: ['audiences'] },
    {
      title: l('section.delivery', 'Gửi', 'Delivery'),
      fields: [
        'sendEmail',
        'emailTemplateId',
        'sendAt',
        'sendStatus',
        'sentAt',
        'recipientCount',
        'emailCount',
      ],
    },
  ],
  create: [
    'title',
    'eventType',
    'content',
    'attachedLink',
    'audiences',
    'sendEmail',
    'emailTemplateId',
    'sendAt',
  ],
  update: [
    'title',
    'eventType',
    'content',
    'attachedLink',
    'audiences',
    'sendEmail',
    'emailTemplateId',
    'sendAt',
  ],
  exportColumns: [
    'title',
    'eventType',
    'content',
    'attachedLink',
    'audiences',
    'sendEmail',
    'sendAt',
    'sendStatus',
    'sentAt',
    'recipientCount',
    'emailCount',
    'createdAt',
  ],
});
export type NotificationEventRecord = RecordOf<typeof notificationEventContract>;

/** The calls beside the generic sub-paths. */
export const NOTIFICATION_EVENT_PATHS = {
  send: `${API}/:id/send`,
  cancel: `${API}/:id/cancel`,
  /** create and send in one call; eventType in the body or the query (`?eventType=`) */
  sendVer2: `${API}/send-ver2`,
  /** the emails of one notification and how each went (the outbound mail log) */
  emails: `${API}/:id/emails`,
} as const;

/** How one email of a notification went. */
export const EmailDeliveryStatus = {
  pending: 'PENDING',
  sent: 'SENT',
  retrying: 'RETRYING',
  failed: 'FAILED',
  canceled: 'CANCELED',
} as const;
export type EmailDeliveryStatus = (typeof EmailDeliveryStatus)[keyof typeof EmailDeliveryStatus];

/** One email of a notification, as {id}/emails lists it. */
export interface EmailDelivery {
  id: string;
  toAddress: string;
  recipientName: string | null;
  subject: string;
  status: EmailDeliveryStatus;
  attempts: number;
  lastError: string | null;
  /** ISO 8601 */
  sentAt: string | null;
  createdAt: string;
}
