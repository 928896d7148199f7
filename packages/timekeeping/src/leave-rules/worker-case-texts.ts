import type { LeaveCase } from '@hcm/contracts/leave-policies';
import type { Words } from '../requests/texts.ts';

/*
 * The words of the leave rules' tabs and of the workers' leave cases (docs/leave.md "The worker's
 * case"), Vietnamese and English; the cases' own names (with their days) are the contract's
 * LeaveCaseLabels.
 */
export const WORKER_CASE_TEXTS = {
  tabs: ['Quy định nghỉ phép', 'Leave rules'],
  rulesTab: ['Phiên bản quy định', 'Versions of the rules'],
  casesTab: ['Trường hợp đặc biệt', "Workers' cases"],
  title: ['Trường hợp đặc biệt của người lao động', "Workers' leave cases"],
  what: [
    'Số ngày phép năm theo trường hợp của người lao động (Điều 113 khoản 1 Bộ luật Lao động). Người lao động không có trong danh sách làm việc trong điều kiện bình thường (12 ngày). Thay đổi áp dụng cho các lần cộng phép từ nay; các lần đã ghi giữ nguyên.',
    "The year's leave days by the worker's case (Labour Code art. 113(1)). A worker not listed works in normal conditions (12 days). A change applies to the accruals still to come; those written stay.",
  ],
  search: ['Tìm người lao động (mã hoặc tên)', 'Find a worker (code or name)'],
  add: ['Thêm / đổi trường hợp', 'Add or change a case'],
  code: ['Mã NV', 'Code'],
  name: ['Họ và tên', 'Name'],
  leaveCase: ['Trường hợp', 'Case'],
  note: ['Ghi chú', 'Note'],
  actions: ['Thao tác', 'Actions'],
  change: ['Đổi', 'Change'],
  changeOf: ['Đổi trường hợp của {name}', 'Change the case of {name}'],
  backToStandard: ['Về bình thường', 'Back to standard'],
  backToStandardOf: ['Về bình thường: {name}', 'Back to standard: {name}'],
  confirmTitle: ['Về điều kiện bình thường?', 'Back to normal conditions?'],
  confirmMessage: [
    '{name} ({code}) sẽ được 12 ngày phép năm (điều kiện bình thường) từ lần cộng phép tới; ghi chú bị xoá.',
    '{name} ({code}) will get 12 days a year (normal conditions) from the next accrual; the note is removed.',
  ],
  empty: [
    'Chưa có người lao động nào thuộc trường hợp đặc biệt: tất cả hưởng 12 ngày (điều kiện bình thường).',
    'No worker has a special case: everyone gets 12 days (normal conditions).',
  ],
  noMatch: ['Không có người lao động nào khớp với "{keyword}".', 'No worker matches "{keyword}".'],
  loadFailed: ['Không tải được danh sách: {message}', 'The list could not be read: {message}'],
  count: ['{count} người lao động', '{count} workers'],
  dialogTitle: ['Trường hợp của người lao động', "A worker's leave case"],
  worker: ['Người lao động', 'Worker'],
  workerHint: ['Gõ mã hoặc tên để tìm', 'Type a code or a name to search'],
  caseHint: [
    'Số ngày theo luật; quy định nghỉ phép của công ty có thể cho nhiều hơn.',
    "The days by law; the company's leave rules may give more.",
  ],
  notePlaceholder: [
    'Ví dụ: công việc nặng nhọc, độc hại theo Thông tư 11/2020',
    'E.g. heavy or hazardous work under Circular 11/2020',
  ],
  save: ['Lưu', 'Save'],
  cancel: ['Huỷ', 'Cancel'],
  saved: ['Đã lưu trường hợp của {name}: {leaveCase}.', 'Saved the case of {name}: {leaveCase}.'],
  backDone: ['{name} đã về điều kiện bình thường.', '{name} is back to normal conditions.'],
  refused: ['Không lưu được: {message}', 'Not saved: {message}'],
} as const satisfies Record<string, Words>;

/** What each case means, under its name (Labour Code art. 113(1)). */
export const LEAVE_CASE_MEANINGS: Readonly<Record<LeaveCase, Words>> = {
  STANDARD: [
    'Không thuộc trường hợp đặc biệt: bỏ ghi nhận của người này.',
    "No special case: removes this worker's exception.",
  ],
  HEAVY: [
    'Nghề, công việc nặng nhọc, độc hại, nguy hiểm (theo danh mục của Bộ Lao động).',
    "Heavy, hazardous or dangerous jobs (on the ministry's list).",
  ],
  SPECIAL: [
    'Nghề, công việc đặc biệt nặng nhọc, độc hại, nguy hiểm; người lao động chưa thành niên; người lao động khuyết tật.',
    'Especially heavy, hazardous or dangerous jobs; workers under 18; workers with disabilities.',
  ],
};
