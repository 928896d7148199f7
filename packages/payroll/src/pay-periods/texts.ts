import { useMemo } from 'react';
import { usePayrollTranslation } from '../payroll-i18n.ts';

/*
 * The pay period pages' own words, Vietnamese and English, beside the pages (the app's i18n files
 * are edited by every payroll page at once; these move there when the pages settle). The records'
 * field names and statuses come from the contract's labels.
 */
const TEXTS = {
  // the sheet's page: computing, locking, the way to the detailed table
  compute: ['Tính lương', 'Compute'],
  recompute: ['Tính lại toàn bộ', 'Recompute all'],
  computing: ['Đang tính bảng lương {code}', 'Computing the pay period {code}'],
  computeStarted: ['Đã bắt đầu tính bảng lương {code}.', 'The pay period {code} is being computed.'],
  computeEnded: ['Bảng lương {code} đã tính xong.', 'The pay period {code} has been computed.'],
  openDetail: ['Xem bảng lương chi tiết', 'Open the detailed payroll'],
  lock: ['Khoá bảng lương', 'Lock the pay period'],
  lockConfirm: [
    'Khoá bảng lương {code}? Sau khi khoá, bảng lương không tính lại và không sửa được nữa (chỉ có thể tính lại quyết toán thuế thành một bảng mới).',
    'Lock the pay period {code}? Once locked it is neither computed again nor changed (only a year-end tax recomputation, as a new sheet).',
  ],
  locked: ['Đã khoá bảng lương {code}.', 'The pay period {code} is locked.'],
  lockedBadge: ['Đã khoá', 'Locked'],
  finalise: ['Tính lại quyết toán thuế', 'Year-end tax recomputation'],
  finaliseConfirm: [
    'Tạo bảng tính lại quyết toán thuế cho {code}? Bảng lương đã khoá giữ nguyên; bảng mới được tính bên cạnh.',
    'Make a year-end tax recomputation of {code}? The locked sheet stays as approved; a new sheet is computed beside it.',
  ],
  notWritable: ['Không tính lại được: {reason}', 'Cannot be computed again: {reason}'],
  reasonComputing: ['bảng lương đang được tính', 'the pay period is being computed'],
  reasonInApproval: [
    'bảng lương đang chờ duyệt (hủy yêu cầu duyệt để sửa)',
    'the pay period is waiting for approval (cancel the request to change it)',
  ],
  reasonApproved: ['bảng lương đã được duyệt', 'the pay period is approved'],
  reasonLocked: ['bảng lương đã khoá', 'the pay period is locked'],
  reasonNoPermission: ['bạn không có quyền sửa bảng lương', 'you may not change pay periods'],
  frozen: [
    'Bảng lương {status}: dữ liệu nhập không sửa được và không tính lại được.',
    'The pay period is {status}: its inputs cannot be changed and it cannot be computed again.',
  ],
  frozenInApproval: ['đang chờ duyệt', 'waiting for approval'],
  frozenApproved: ['đã được duyệt', 'approved'],
  frozenLocked: ['đã khoá', 'locked'],
  computeError: ['Lượt tính dừng giữa chừng: {error}', 'The computation stopped: {error}'],
  notComputed: [
    'Bảng lương chưa được tính: bấm "Tính lương" để tính cho mọi nhân viên.',
    'The pay period has not been computed: press "Compute" to compute every worker.',
  ],
  // the sheet's summary below its page
  summaryTitle: ['Tổng hợp bảng lương', 'Pay period summary'],
  summaryWorkers: ['Số nhân viên', 'Workers'],
  summaryFailed: ['Số nhân viên lỗi', 'Workers failed'],
  summaryComponent: ['Thành phần', 'Component'],
  summaryTotal: ['Tổng cộng (VNĐ)', 'Total (VND)'],
  summaryOthers: ['Thành phần khác', 'Other components'],
  summaryEmpty: [
    'Chưa có số liệu: bảng lương chưa được tính.',
    'No figures yet: the pay period is not computed.',
  ],
  summaryFailedLoad: ['Không tải được số liệu tổng hợp.', 'The summary could not be loaded.'],
  failedTitle: ['Nhân viên tính lỗi', 'Workers that failed'],
  failedIntro: [
    '{count} nhân viên không tính được; các nhân viên khác vẫn được tính. Sửa dữ liệu theo lý do rồi tính lại.',
    '{count} workers could not be computed; the others were. Fix the data each reason names, then compute again.',
  ],
  failedMore: [
    '… và {count} nhân viên khác (lọc "Lỗi" trong bảng lương chi tiết).',
    '… and {count} more (filter "Failed" in the detailed payroll).',
  ],
  reason: ['Lý do', 'Reason'],
  inComponent: ['Thành phần {component}: {message}', 'Component {component}: {message}'],
  // the detailed table
  detailTitle: ['Bảng lương chi tiết', 'Detailed payroll'],
  sheet: ['Bảng lương', 'Pay period'],
  chooseSheet: ['Chọn bảng lương để xem chi tiết.', 'Choose a pay period to see its details.'],
  unit: ['Đơn vị', 'Unit'],
  search: ['Tìm theo mã hoặc tên nhân viên', 'Search by worker code or name'],
  status: ['Tình trạng tính', 'Computation'],
  statusAll: ['Tất cả', 'All'],
  statusFailed: ['Chỉ nhân viên lỗi', 'Failed only'],
  statusOk: ['Đã tính', 'Computed'],
  groups: ['Nhóm thành phần', 'Component group'],
  filters: ['Bộ lọc', 'Filters'],
  filtersActive: ['Bộ lọc ({count})', 'Filters ({count})'],
  allGroups: ['Tất cả thành phần', 'Every component'],
  code: ['Mã NV', 'Code'],
  fullName: ['Họ và tên', 'Full name'],
  unitColumn: ['Đơn vị', 'Unit'],
  workerStatus: ['Tình trạng', 'Status'],
  gridLabel: ['Bảng lương {code} tháng {month}', 'Pay period {code}, {month}'],
  totalsRow: ['Tổng cộng', 'Total'],
  shown: ['Đang hiện {shown} / {total} nhân viên', 'Showing {shown} of {total} workers'],
  more: ['Tải thêm', 'Load more'],
  loading: ['Đang tải…', 'Loading…'],
  loadFailed: ['Không tải được bảng lương.', 'The pay period could not be loaded.'],
  empty: ['Không có nhân viên nào khớp bộ lọc.', 'No worker matches the filter.'],
  howTo: [
    'Dùng phím mũi tên để di chuyển; ô nền trắng là dữ liệu nhập, gõ để sửa rồi Enter: nhân viên được tính lại ngay. Chọn một nhân viên để xem diễn giải.',
    'Move with the arrow keys; white cells are inputs: type and press Enter, and the worker is computed again at once. Choose a worker to see the trace.',
  ],
  howToPhone: [
    'Chạm vào một nhân viên để xem diễn giải; vuốt ngang để xem các thành phần.',
    'Tap a worker to see the trace; swipe sideways for the components.',
  ],
  howToReadOnly: [
    'Dùng phím mũi tên để di chuyển. Chọn một nhân viên để xem diễn giải cách tính.',
    'Move with the arrow keys. Choose a worker to see how their pay was computed.',
  ],
  selected: ['Nhân viên đang chọn: {code} – {name}', 'Selected worker: {code} – {name}'],
  noneSelected: ['Chưa chọn nhân viên nào.', 'No worker selected.'],
  trace: ['Xem diễn giải', 'Show the trace'],
  recomputeWorker: ['Tính lại nhân viên này', 'Recompute this worker'],
  recomputed: ['Đã tính lại {name}.', '{name} computed again.'],
  saved: ['Đã lưu {component} của {name} và tính lại.', 'Saved {component} of {name} and computed again.'],
  inputRefused: ['Không lưu được: {message}', 'Not saved: {message}'],
  notInput: ['Thành phần tính theo công thức: không nhập tay', 'Computed by formula: not typed'],
  failedWorker: ['Nhân viên tính lỗi: không có giá trị', 'The worker failed: no value'],
  dateNotTyped: ['Dữ liệu ngày: nhập trong phần diễn giải', 'A date: type it in the trace'],
  // the trace
  traceTitle: ['Diễn giải lương: {code} – {name}', 'Pay trace: {code} – {name}'],
  traceLoading: ['Đang tính diễn giải…', 'Computing the trace…'],
  traceFailed: ['Không tải được diễn giải.', 'The trace could not be loaded.'],
  traceStale: [
    'Dữ liệu đã thay đổi từ lần tính trước (hợp đồng, bảng công, tham số…): giá trị dưới đây là tính lại bây giờ, khác với bảng lương. Bấm "Tính lại nhân viên này" để cập nhật.',
    'The data changed since the last computation (contract, timesheet, parameters…): the values below are computed now and differ from the sheet. Press "Recompute this worker" to update it.',
  ],
  traceNet: [
    'Hợp đồng lương NET: thực lĩnh thoả thuận {net} VNĐ, lương gộp tìm được {gross} VNĐ{exact}.',
    'Net contract: agreed net {net} VND, gross found {gross} VND{exact}.',
  ],
  traceNetInexact: [
    ' (không đạt đúng từng đồng: lấy mức gộp nhỏ nhất cho thực lĩnh không thấp hơn)',
    ' (not reachable to the đồng: the smallest gross netting at least the agreed net)',
  ],
  traceError: ['Lỗi ở thành phần {component}: {message}', 'Error in the component {component}: {message}'],
  traceErrorData: ['Thiếu dữ liệu: {message}', 'Missing data: {message}'],
  traceFormula: ['Công thức', 'Formula'],
  traceReads: ['Giá trị đã dùng', 'Values used'],
  traceSteps: ['Các bước tính', 'Steps'],
  traceResult: ['Kết quả', 'Result'],
  traceInput: ['Dữ liệu nhập', 'Input'],
  traceInputTyped: ['đã nhập tay', 'typed by HR'],
  traceNoValue: ['(trống)', '(empty)'],
  traceSave: ['Lưu và tính lại', 'Save and recompute'],
  traceClear: ['Bỏ giá trị đã nhập', 'Remove the typed value'],
  close: ['Đóng', 'Close'],
  trueValue: ['Đúng', 'True'],
  falseValue: ['Sai', 'False'],
  // the salary period's sheets
  sheetsTitle: ['Các bảng lương của kỳ', 'The period’s pay periods'],
  sheetsEmpty: ['Kỳ trả lương chưa có bảng lương nào.', 'The salary period has no pay period yet.'],
  addSheet: ['Thêm bảng lương', 'Add a pay period'],
  periodSummary: ['Tổng hợp kỳ trả lương', 'Salary period summary'],
  periodLines: ['{workers} nhân viên, {lines} dòng lương', '{workers} workers, {lines} pay lines'],
} as const satisfies Record<string, readonly [string, string]>;

export type PayPeriodTextKey = keyof typeof TEXTS;
export type PayPeriodText = (key: PayPeriodTextKey, values?: Record<string, string | number>) => string;

/** The pages' text of `key` in the user's language, `{name}` filled from `values`; and whether it is English. */
export function usePayPeriodTexts(): { text: PayPeriodText; english: boolean } {
  const { i18n } = usePayrollTranslation();
  const english = i18n.language === 'en';
  return useMemo(
    () => ({
      english,
      text: (key, values = {}) =>
        TEXTS[key][english ? 1 : 0].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')),
    }),
    [english],
  );
}
