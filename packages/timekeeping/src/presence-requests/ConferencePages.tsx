import { formatDate } from '@hcm/ui';
import { conferenceContract, PresenceRequestPaths } from '@hcm/contracts/presence-requests';
import type { CancelApprovedWords } from '../requests/CancelApprovedDialog.tsx';
import { RequestDocumentPages } from '../requests/RequestDocumentPages.tsx';

const CANCEL: CancelApprovedWords = {
  path: PresenceRequestPaths.conferenceCancelApproved,
  title: ['Huỷ đăng ký hội họp đã duyệt', 'Cancel an approved conference application'],
  what: [
    'Ngày công {date} của nhân viên sẽ được tính lại như chưa có đăng ký hội họp, đúng như trước khi đăng ký được duyệt.',
    "The employee's work day {date} is computed again without the conference, exactly as before it was approved.",
  ],
};

const valuesOf = (record: Record<string, unknown>) => ({
  date: formatDate(record.workDate as string | null),
});

/**
 * Timekeeping › Documents › Conference (docs/presence-requests.md): the request documents' pages;
 * approved, its hours (or the whole day) count as worked; canceled after approval, the day is
 * computed again without it.
 */
export default function ConferencePages() {
  return <RequestDocumentPages contract={conferenceContract} cancel={CANCEL} values={valuesOf} />;
}
