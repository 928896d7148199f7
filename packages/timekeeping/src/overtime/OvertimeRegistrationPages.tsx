import {
  OvertimeRegistrationPaths,
  overtimeRegistrationContract,
} from '@hcm/contracts/overtime-registrations';
import type { CancelApprovedWords } from '../requests/CancelApprovedDialog.tsx';
import { RequestDocumentPages } from '../requests/RequestDocumentPages.tsx';

const CANCEL: CancelApprovedWords = {
  path: OvertimeRegistrationPaths.cancelApproved,
  title: ['Huỷ đăng ký làm thêm giờ đã duyệt', 'Cancel an approved overtime registration'],
  what: [
    'Ngày {date} của nhân viên sẽ được tính lại không có giờ làm thêm {from}–{to}, và số giờ này không còn tính vào giới hạn làm thêm.',
    "The employee's day {date} is computed again without the overtime {from}–{to}, and its hours no longer count towards the caps.",
  ],
};

const valuesOf = (record: Record<string, unknown>) => ({
  date: String(record.workDate ?? ''),
  from: String(record.fromTime ?? ''),
  to: String(record.toTime ?? ''),
});

/**
 * Timekeeping › Documents › Overtime (docs/overtime-registrations.md): the request documents'
 * pages (requests/RequestDocumentPages.tsx). A registration past a cap is refused by the server
 * with a field error naming the cap and the hours already registered, which the form shows in the
 * user's language (error.overtime<Cap>Cap of the kit's dictionary); canceled after approval, the
 * day is computed again without it.
 */
export default function OvertimeRegistrationPages() {
  return <RequestDocumentPages contract={overtimeRegistrationContract} cancel={CANCEL} values={valuesOf} />;
}
