import { ApprovalStatusLabels } from '../approval/transitions.ts';
import { FieldLimits } from '../limits.ts';
import { describedPattern } from '../pattern-formats.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type ExampleContext, type TextField } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { CLOCK_PATTERN } from './work-shift-layout.ts';

/*
 * Timekeeping › Documents › Business trip (Đơn đi công tác, /tm/onsite-permission) and
 * Conference (Đăng ký hội họp, /tm/conference-permission): issue 31's presence documents. The
 * worker is away from the devices but working: once APPROVED, the days or hours they cover count
 * as worked (the timesheet engine's PRESENCE adjustment, symbols "+" and "H" of the seeded
 * 01a-LĐTL legend); canceled after approval, the days are computed again without them
 * (docs/presence-requests.md).
 */

export const PresenceRequestLimits = {
  /** the longest business trip one document covers, days (both ends included) */
  tripDays: 366,
  /** the largest advance asked for, đồng (an integer column) */
  advance: 2_000_000_000,
  destination: FieldLimits.address,
  transport: 100,
  place: FieldLimits.address,
} as const;

const trip = (key: string, vi: string, en: string) => label(`businessTrip.${key}`, vi, en);
const meeting = (key: string, vi: string, en: string) => label(`conference.${key}`, vi, en);

/** 'HH:mm' of the tenant's zone, as the work shifts write their times. */
const CLOCK = describedPattern(CLOCK_PATTERN, 'clockTime', '08:00');
const clock = (fieldLabel: Label, example: string, hint?: Label): TextField<false> => ({
  kind: 'text',
  ...(hint ? { hint } : {}),
  label: fieldLabel,
  required: false,
  unique: false,
  maxLength: 5,
  minLength: 5,
  pattern: CLOCK,
  example: () => example,
});

/** A day of 2025 per n: examples of one worker never overlap. */
const exampleDay = (n: number) => new Date(Date.UTC(2025, 0, 1 + (n % 365))).toISOString().slice(0, 10);

export const PRESENCE_TARGETS = {
  worker: { resource: 'worker', apiPath: '/api/om/workers', display: 'fullName' },
} as const;

const workerField = (fieldLabel: Label) => ({
  ...f.reference({ label: fieldLabel, required: true, target: PRESENCE_TARGETS.worker }),
  example: (_n: number, context?: ExampleContext) => context?.references?.worker ?? null,
});

const approvalFields = (l: typeof trip) => ({
  approvalStatus: f.enumOf({
    label: l('approvalStatus', 'Trạng thái duyệt', 'Approval status'),
    defaultValue: 'NEW',
    valueLabels: ApprovalStatusLabels,
  }),
  approvedAt: f.dateTime({ label: l('approvedAt', 'Duyệt lúc', 'Approved at'), readOnly: true }),
});

export const businessTripContract = defineContract({
  service: 'tm',
  level: 'tenant',
  path: 'business-trips',
  route: '/tm/onsite-permission',
  permission: 'business_trip_application',
  title: ResourceTitles.business_trip_application,
  singular: trip('singular', 'Đơn đi công tác', 'Business trip'),
  fields: {
    // the server's, over the row: what the list and its approval dialogs name a trip by
    name: f.text({ label: trip('name', 'Đơn', 'Document'), maxLength: FieldLimits.name, readOnly: true }),
    workerId: workerField(trip('worker', 'Nhân viên', 'Employee')),
    fromDate: {
      ...f.date({ label: trip('fromDate', 'Ngày đi', 'Departure date'), required: true }),
      example: exampleDay,
    },
    toDate: {
      ...f.date({ label: trip('toDate', 'Ngày về', 'Return date'), required: true }),
      example: exampleDay,
    },
    fromTime: clock(
      trip('fromTime', 'Từ giờ (HH:mm)', 'From time (HH:mm)'),
      '08:00',
      trip(
        'timesHint',
        'Cả ngày: để trống giờ. Giờ chỉ cho chuyến đi về trong một ngày (ngày đi trùng ngày về)',
        'Whole days: leave the times empty. Times only for a trip within one day (the same departure and return date)',
      ),
    ),
    toTime: clock(trip('toTime', 'Đến giờ (HH:mm)', 'To time (HH:mm)'), '17:00'),
    destination: f.text({
      label: trip('destination', 'Nơi công tác', 'Destination'),
      maxLength: PresenceRequestLimits.destination,
      required: true,
    }),
    purpose: f.text({
      label: trip('purpose', 'Mục đích, lý do', 'Purpose'),
      maxLength: FieldLimits.description,
      required: true,
      multiline: true,
    }),
    transport: f.text({
      label: trip('transport', 'Phương tiện', 'Transport'),
      maxLength: PresenceRequestLimits.transport,
    }),
    advanceAmount: f.integer({
      label: trip('advanceAmount', 'Tạm ứng (đồng)', 'Advance (VND)'),
      maximum: PresenceRequestLimits.advance,
    }),
    ...approvalFields(trip),
  },
  columns: ['name', 'fromDate', 'toDate', 'destination', 'approvalStatus', 'lastModifiedAt'],
  keyword: ['destination', 'purpose'],
  filters: ['approvalStatus', 'workerId', 'fromDate'],
  sort: ['fromDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'fromDate', direction: 'desc' },
  without: ['status', 'import'],
  sections: [
    {
      title: CommonLabels.general,
      fields: ['workerId', 'fromDate', 'toDate', 'fromTime', 'toTime', 'approvalStatus', 'approvedAt'],
    },
    {
      title: trip('section.content', 'Nội dung công tác', 'The trip'),
      fields: ['destination', 'purpose', 'transport', 'advanceAmount'],
    },
  ],
  create: [
    'workerId',
    'fromDate',
    'toDate',
    'fromTime',
    'toTime',
    'destination',
    'purpose',
    'transport',
    'advanceAmount',
  ],
  exportColumns: [
    'workerId',
    'fromDate',
    'toDate',
    'fromTime',
    'toTime',
    'destination',
    'purpose',
    'transport',
    'advanceAmount',
    'approvalStatus',
    'approvedAt',
  ],
});
export type BusinessTripRecord = RecordOf<typeof businessTripContract>;

export const conferenceContract = defineContract({
  service: 'tm',
  level: 'tenant',
  path: 'conferences',
  route: '/tm/conference-permission',
  permission: 'conference_application',
  title: ResourceTitles.conference_application,
  singular: meeting('singular', 'Đăng ký hội họp', 'Conference application'),
  fields: {
    name: f.text({
      label: meeting('name', 'Đăng ký', 'Application'),
      maxLength: FieldLimits.name,
      readOnly: true,
    }),
    workerId: workerField(meeting('worker', 'Nhân viên', 'Employee')),
    workDate: {
      ...f.date({ label: meeting('workDate', 'Ngày họp', 'Meeting date'), required: true }),
      example: exampleDay,
    },
    fromTime: clock(
      meeting('fromTime', 'Từ giờ (HH:mm)', 'From time (HH:mm)'),
      '09:00',
      meeting('timesHint', 'Cả ngày: để trống giờ', 'The whole day: leave the times empty'),
    ),
    toTime: clock(meeting('toTime', 'Đến giờ (HH:mm)', 'To time (HH:mm)'), '11:00'),
    place: f.text({
      label: meeting('place', 'Địa điểm', 'Place'),
      maxLength: PresenceRequestLimits.place,
      required: true,
    }),
    subject: f.text({
      label: meeting('subject', 'Nội dung, lý do', 'Subject'),
      maxLength: FieldLimits.description,
      required: true,
      multiline: true,
    }),
    ...approvalFields(meeting),
  },
  columns: ['name', 'workDate', 'fromTime', 'toTime', 'place', 'approvalStatus', 'lastModifiedAt'],
  keyword: ['place', 'subject'],
  filters: ['approvalStatus', 'workerId', 'workDate'],
  sort: ['workDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'workDate', direction: 'desc' },
  without: ['status', 'import'],
  sections: [
    {
      title: CommonLabels.general,
      fields: [
        'workerId',
        'workDate',
        'fromTime',
        'toTime',
        'place',
        'subject',
        'approvalStatus',
        'approvedAt',
      ],
    },
  ],
  create: ['workerId', 'workDate', 'fromTime', 'toTime', 'place', 'subject'],
  exportColumns: [
    'workerId',
    'workDate',
    'fromTime',
    'toTime',
    'place',
    'subject',
    'approvalStatus',
    'approvedAt',
  ],
});
export type ConferenceRecord = RecordOf<typeof conferenceContract>;

/** The presence documents' own step beyond the approval engine's: cancel after approval. */
export const PresenceRequestPaths = {
  tripCancelApproved: `${businessTripContract.apiPath}/:id/cancel-approved`,
  conferenceCancelApproved: `${conferenceContract.apiPath}/:id/cancel-approved`,
} as const;
