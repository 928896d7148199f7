import { ShiftChangeRequestPaths, shiftChangeRequestContract } from '@hcm/contracts/shift-change-requests';
import type { CancelApprovedWords } from '../requests/CancelApprovedDialog.tsx';
import { RequestDocumentPages } from '../requests/RequestDocumentPages.tsx';
import { ChangeSection } from './ShiftChangeSections.tsx';

const CANCEL: CancelApprovedWords = {
  path: ShiftChangeRequestPaths.cancelApproved,
  title: ['Huỷ đơn đổi ca đã duyệt', 'Cancel an approved shift change'],
  what: [
    'Ngày {date} của (các) nhân viên trong đơn sẽ được tính lại theo ca của lịch làm việc, đúng như trước khi đơn được duyệt.',
    "The day {date} of the employee(s) named is computed again with the work calendars' shifts, exactly as before the request was approved.",
  ],
};

const valuesOf = (record: Record<string, unknown>) => ({ date: String(record.workDate ?? '') });

/** The form's change section: the fields of the kind, and the shifts the named workers have that day. */
const OPTIONS = {
  form: {
    sectionComponents: {
      'shiftChangeRequest.section.change': ChangeSection,
    },
  },
};

/**
 * Timekeeping › Documents › Change shift (docs/shift-change-requests.md): the request documents'
 * pages (requests/RequestDocumentPages.tsx); canceled after approval, the days are computed again
 * with the work calendars' shifts.
 */
export default function ShiftChangeRequestPages() {
  return (
    <RequestDocumentPages
      contract={shiftChangeRequestContract}
      cancel={CANCEL}
      values={valuesOf}
      options={OPTIONS}
    />
  );
}
