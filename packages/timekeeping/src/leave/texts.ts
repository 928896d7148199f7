import type { Words } from '../requests/texts.ts';

/* The leave pages' own words, Vietnamese and English (the request documents' shared ones: requests/texts.ts). */
export const LEAVE_TEXTS = {
  balanceTitle: ['Phép năm {year}', 'Annual leave {year}'],
  balanceOf: ['Số dư phép năm {year}', 'Annual leave balance {year}'],
  left: ['Còn lại', 'Left'],
  entitled: ['Được hưởng', 'Entitled'],
  taken: ['Đã nghỉ', 'Taken'],
  pending: ['Chờ duyệt', 'Awaiting approval'],
  adjusted: ['Điều chỉnh', 'Adjusted'],
  expired: ['Hết hạn', 'Expired'],
  paidOut: ['Đã thanh toán', 'Paid out'],
  days: ['{days} ngày', '{days} days'],
  balanceFailed: [
    'Chưa đọc được số dư phép: hãy tải lại trang.',
    'The balance could not be read: reload the page.',
  ],
  noWorker: ['Chọn nhân viên để xem số dư phép.', 'Choose the employee to see their balance.'],
  cancelTitle: ['Huỷ đơn nghỉ đã duyệt', 'Cancel an approved leave application'],
  cancelWhat: [
    'Các ngày {from} – {to} sẽ được tính lại không có đơn nghỉ này, và số ngày phép đã trừ được hoàn lại vào số dư.',
    'The days {from} – {to} are computed again without this leave, and the days it took are given back to the balance.',
  ],
} as const satisfies Record<string, Words>;
