import { CHECK_IN_REFUSED, CheckInPaths, type CheckInRow, type CheckInToday } from '@hcm/contracts/check-in';

/*
 * What the check-in API answers, for the page's browser test and its screenshots: a worker of a
 * branch that inherits the company's settings (by location or from the office network).
 */

export const WORKER_ID = '11111111-1111-4111-8111-111111111111';

export const row = (n: number, overrides: Partial<CheckInRow> = {}): CheckInRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  workerId: WORKER_ID,
  workerCode: 'NV0001',
  workerName: 'Nguyễn Thị Lan',
  checkedAt: '2026-03-09T01:02:00.000Z',
  mode: 'LOCATION',
  status: 'ACCEPTED',
  distanceMetres: 42,
  accuracyMetres: 12,
  locationName: 'Văn phòng Hoàn Kiếm',
  clientIp: '203.113.10.25',
  note: null,
  ...overrides,
});

export const today = (checkIns: readonly CheckInRow[]): CheckInToday => ({
  workerId: WORKER_ID,
  workerName: 'Nguyễn Thị Lan',
  modes: ['LOCATION', 'NETWORK', 'SELF_DECLARED'],
  settingsUnitName: 'Công ty Cổ phần May Sông Hồng',
  checkIns,
});

/** 403 CHECK_IN_REFUSED as the server says "too far". */
export const tooFar = {
  status: 403,
  body: {
    code: CHECK_IN_REFUSED,
    message: '450 m from Văn phòng Hoàn Kiếm, outside the allowed radius of 200 m',
    params: { reason: 'tooFar', distanceMetres: 450, radiusMetres: 200, locationName: 'Văn phòng Hoàn Kiếm' },
  },
};

export const pending: CheckInRow[] = [
  row(7, {
    workerId: '22222222-2222-4222-8222-222222222222',
    workerCode: 'NV0107',
    workerName: 'Trần Văn Minh',
    mode: 'SELF_DECLARED',
    status: 'PENDING',
    distanceMetres: null,
    accuracyMetres: null,
    locationName: null,
    note: 'Gặp khách hàng ở Bắc Ninh',
  }),
];

export { CheckInPaths };
