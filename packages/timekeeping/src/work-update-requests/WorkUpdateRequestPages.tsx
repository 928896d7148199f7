import { WorkUpdateRequestPaths, workUpdateRequestContract } from '@hcm/contracts/work-update-requests';
import { RequestDocumentPages } from '../requests/RequestDocumentPages.tsx';
import type { CancelApprovedWords } from '../requests/CancelApprovedDialog.tsx';

const CANCEL: CancelApprovedWords = {
  path: WorkUpdateRequestPaths.cancelApproved,
  title: ['Huỷ đề nghị cập nhật công đã duyệt', 'Cancel an approved work update request'],
  what: [
    'Ngày công {date} của nhân viên sẽ được tính lại theo dữ liệu chấm công trên máy, đúng như trước khi đề nghị được duyệt.',
    "The employee's work day {date} is computed again from the device punches, exactly as before the request was approved.",
  ],
};

const valuesOf = (record: Record<string, unknown>) => ({ date: String(record.workDate ?? '') });

/**
 * Timekeeping › Documents › Work update suggestion (docs/work-update-requests.md): the request
 * documents' pages (requests/RequestDocumentPages.tsx); canceled after approval, the day is
 * computed again without the request.
 */
export default function WorkUpdateRequestPages() {
  return <RequestDocumentPages contract={workUpdateRequestContract} cancel={CANCEL} values={valuesOf} />;
}
