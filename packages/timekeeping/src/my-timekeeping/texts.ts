import { useMemo } from 'react';
import type { Label } from '@hcm/contracts/resource';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';

/*
 * The page's words, Vietnamese and English, kept beside the page (the app's i18n files are shared
 * by every timekeeping page; these move to them when the page settles). `{name}` is filled in.
 */
const TEXTS = {
  title: ['Công của tôi', 'My timekeeping'],
  loading: ['Đang tải…', 'Loading…'],
  loadFailed: ['Không tải được dữ liệu: {message}', 'Could not load: {message}'],
  retry: ['Thử lại', 'Try again'],
  noWorker: [
    'Tài khoản của bạn chưa được gắn với hồ sơ nhân viên. Hãy liên hệ phòng nhân sự để xem công của mình.',
    'Your account is not linked to an employee record. Ask HR to link it to see your timekeeping.',
  ],
  month: ['Tháng {month}', '{month}'],
  monthSection: ['Bảng công tháng', 'Timesheet of the month'],
  previous: ['Tháng trước', 'Previous month'],
  next: ['Tháng sau', 'Next month'],
  locked: ['Bảng công tháng này đã được duyệt và khoá.', 'This month’s timesheet is approved and locked.'],
  calendar: ['Lịch công tháng {month}', 'Days of {month}'],
  dayButton: ['{date}: {symbol}', '{date}: {symbol}'],
  noSymbol: ['chưa có công', 'nothing recorded'],
  today: ['hôm nay', 'today'],
  dayDetails: ['Chi tiết ngày', 'Day details'],
  pickDay: ['Chạm vào một ngày để xem chi tiết.', 'Tap a day to see its details.'],
  nothingThatDay: ['Chưa có dữ liệu công của ngày này.', 'Nothing is recorded for this day yet.'],
  symbol: ['Ký hiệu', 'Symbol'],
  outcome: ['Kết quả', 'Outcome'],
  shift: ['Ca', 'Shift'],
  inOut: ['Giờ vào/ra', 'In/out'],
  worked: ['Giờ làm', 'Worked'],
  lateEarly: ['Đi muộn / về sớm', 'Late / early'],
  minutes: ['{late} / {early} phút', '{late} / {early} min'],
  overtime: ['Làm thêm', 'Overtime'],
  corrected: ['Nhân sự đã sửa: {reason}', 'Corrected by HR: {reason}'],
  legend: ['Ký hiệu trong tháng', 'Symbols this month'],
  allSymbols: ['Tất cả ký hiệu chấm công', 'All timesheet symbols'],
  totals: ['Tổng hợp tháng', 'Month totals'],
  standardDays: ['Công chuẩn', 'Standard days'],
  workDays: ['Ngày công', 'Days worked'],
  paidLeave: ['Nghỉ hưởng lương', 'Paid leave'],
  unpaidLeave: ['Nghỉ không lương', 'Unpaid leave'],
  overtimeHours: ['Làm thêm (giờ)', 'Overtime (hours)'],
  lateTimes: ['Đi muộn', 'Late'],
  earlyTimes: ['Về sớm', 'Early'],
  timesMinutes: ['{count} lần · {minutes} phút', '{count} times · {minutes} min'],
  balance: ['Phép năm {year}', 'Annual leave {year}'],
  remaining: ['Còn lại', 'Remaining'],
  days: ['{days} ngày', '{days} days'],
  entitled: ['Được hưởng', 'Entitled'],
  taken: ['Đã nghỉ', 'Taken'],
  pending: ['Chờ duyệt', 'Pending'],
  canStillAsk: ['Có thể xin thêm: {days} ngày', 'You may still ask for {days} days'],
  noBalance: ['Chưa có thông tin phép năm.', 'No annual leave information yet.'],
  quickActions: ['Tạo đơn', 'New request'],
  myRequests: ['Đơn của tôi', 'My requests'],
  noRequests: ['Bạn chưa có đơn nào.', 'You have no requests yet.'],
  requestsFailed: ['Không tải được một số loại đơn.', 'Some kinds of requests could not be loaded.'],
  changedOn: ['Cập nhật {date}', 'Updated {date}'],
} as const satisfies Record<string, readonly [string, string]>;

export type TextKey = keyof typeof TEXTS;
type Values = Readonly<Record<string, string | number>>;

const filled = (text: string, values: Values) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

/** Words in the user's language: `text(key, values)`, and `text.label(label)` of a contract's Label. */
export function useMyTexts() {
  const { i18n } = useTimekeepingTranslation();
  const english = i18n.language === 'en';
  return useMemo(() => {
    const text = (key: TextKey, values: Values = {}) => filled(TEXTS[key][english ? 1 : 0], values);
    return Object.assign(text, {
      english,
      label: (label: Label) => (english ? label.en : label.vi),
      /** "10.5" as Vietnamese write it, "10,5" (and "10.5" in English) */
      decimal: (value: string) => (english ? value : value.replace('.', ',')),
    });
  }, [english]);
}

export type MyTexts = ReturnType<typeof useMyTexts>;
