import { formatDate } from '@hcm/ui';
import { businessTripContract, PresenceRequestPaths } from '@hcm/contracts/presence-requests';
import type { CancelApprovedWords } from '../requests/CancelApprovedDialog.tsx';
import { RequestDocumentPages } from '../requests/RequestDocumentPages.tsx';

const CANCEL: CancelApprovedWords = {
  path: PresenceRequestPaths.tripCancelApproved,
  title: ['Huỷ đơn đi công tác đã duyệt', 'Cancel an approved business trip'],
  what: [
    'Các ngày công từ {from} đến {to} của nhân viên sẽ được tính lại như chưa có đơn công tác, đúng như trước khi đơn được duyệt.',
    "The employee's work days from {from} to {to} are computed again without the trip, exactly as before it was approved.",
  ],
};

const valuesOf = (record: Record<string, unknown>) => ({
  from: formatDate(record.fromDate as string | null),
  to: formatDate(record.toDate as string | null),
});

/**
 * Timekeeping › Documents › Business trip (docs/presence-requests.md): the request documents'
 * pages (requests/RequestDocumentPages.tsx); approved, the days count as worked; canceled after
 * approval, they are computed again without the trip.
 */
export default function BusinessTripPages() {
  return <RequestDocumentPages contract={businessTripContract} cancel={CANCEL} values={valuesOf} />;
}
