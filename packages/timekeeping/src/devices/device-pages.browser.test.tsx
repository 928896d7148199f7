import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import {
  DevicePaths,
  deviceContract,
  type DeviceCommandRow,
  type PunchRow,
  type QuarantinedPunch,
} from '@hcm/contracts/attendance-devices';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addTimekeepingDictionary } from '../testing.ts';
import { TimekeepingRouter } from '../TimekeepingRouter.tsx';

const DEVICE = '77777777-7777-4777-8777-777777777777';
const punch = (n: number, worker: boolean): PunchRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  punchedAt: `2026-03-09T0${n}:00:00.000Z`,
  deviceCode: 'CKJJ202600001',
  attendanceCode: String(1000 + n),
  workerId: worker ? '11111111-1111-4111-8111-111111111111' : null,
  workerCode: worker ? 'NV0001' : null,
  workerName: worker ? 'Nguyễn Thị Lan' : null,
  source: 'DEVICE',
  rawLine: null,
  receivedAt: '2026-03-09T09:00:00.000Z',
});
const commands: DeviceCommandRow[] = [
  {
    commandNo: 2,
    command: 'DATA DELETE USERINFO PIN=1003',
    status: 'QUEUED',
    returnCode: null,
    attempts: 0,
    createdAt: '2026-03-09T01:00:00.000Z',
    sentAt: null,
    acknowledgedAt: null,
  },
  {
    commandNo: 1,
    command: 'DATA UPDATE USERINFO PIN=1001\tName=Nguyễn Thị Lan\tPri=0',
    status: 'DONE',
    returnCode: 0,
    attempts: 1,
    createdAt: '2026-03-09T01:00:00.000Z',
    sentAt: '2026-03-09T01:00:10.000Z',
    acknowledgedAt: '2026-03-09T01:00:12.000Z',
  },
];
const quarantine: QuarantinedPunch[] = [
  {
    id: '88888888-8888-4888-8888-888888888888',
    deviceId: DEVICE,
    serialNumber: 'CKJJ202600001',
    pin: '1002',
    localTime: '2000-01-01 00:02:11',
    reason: 'CLOCK_PAST',
    rawLine: '1002\t2000-01-01 00:02:11\t0\t1',
    receivedAt: '2026-03-09T02:00:00.000Z',
  },
];

let api: FakeResourceApi;
let settled: () => boolean;

/*
 * The devices' own pages in Chromium against the in-memory API: the raw punches a keyset page at
 * a time, and a device's setup (state, command queue, sync users, quarantined lines); axe finds
 * nothing on each.
 */
describe("the devices' pages", () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    api = new FakeResourceApi([deviceContract]);
    api.intercept((call) => {
      if (call.path === DevicePaths.punches)
        return {
          status: 200,
          body:
            call.query.get('cursor') === 'c2'
              ? { data: [punch(3, true)], page: { pageIndex: 2, pageSize: 50, total: 3 } }
              : {
                  data: [punch(1, true), punch(2, false)],
                  page: { pageIndex: 1, pageSize: 50, total: 3, nextCursor: 'c2' },
                },
        };
      if (call.path === `/api/tm/devices/${DEVICE}`)
        return {
          status: 200,
          body: {
            data: {
              id: DEVICE,
              code: 'MCC-01',
              name: 'Máy cổng chính',
              serialNumber: 'CKJJ202600001',
              timeZone: 'Asia/Ho_Chi_Minh',
              lastSeenAt: '2026-03-09T02:15:45.000Z',
              lastSeenIp: '203.113.1.7',
              status: 'ACTIVE',
            },
          },
        };
      if (call.path === DevicePaths.commands(DEVICE)) return { status: 200, body: { data: commands } };
      if (call.path === DevicePaths.quarantine) return { status: 200, body: { data: quarantine } };
      if (call.path === DevicePaths.syncUsers(DEVICE)) return { status: 200, body: { data: { queued: 2 } } };
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists the raw punches a keyset page at a time, and says which PIN has no employee yet', async () => {
    openPath('/tm/search-data');
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Dữ liệu chấm công, kiểm soát ra vào' });
    (await screen.findByRole('button', { name: 'Tìm kiếm' })).click();
    await screen.findByText('Đang hiện 2 / 3 dòng');
    // the grid's kit arrives as a lazy chunk
    await screen.findByText('(chưa gán nhân viên)');
    // shown in Vietnam's time, whatever the browser's zone
    screen.getByText('09/03/2026 08:00:00');
    (await screen.findByRole('button', { name: 'Xem thêm' })).click();
    await screen.findByText('Đang hiện 3 / 3 dòng');
    expect(api.callsTo('GET', DevicePaths.punches)[1]?.query.get('cursor')).to.equal('c2');
    expect(screen.queryByRole('button', { name: 'Xem thêm' })).to.equal(null);
    screen.getByRole('button', { name: 'Chọn tệp Excel hoặc CSV' });
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it("shows a device's state, its commands and quarantined lines, and queues its users", async () => {
    openPath(`/tm/setup-devices?device=${DEVICE}`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Cài đặt thiết bị' });
    await screen.findByText('CKJJ202600001');
    screen.getByText('/iclock/cdata');
    await screen.findByText('Đã thực hiện');
    screen.getByText('Chờ gửi');
    screen.getByText('Giờ máy quá cũ (máy bị mất giờ?)');
    screen.getByText('2000-01-01 00:02:11');
    (await screen.findByRole('button', { name: 'Đồng bộ người dùng xuống máy' })).click();
    await screen.findByText('Đã xếp 2 lệnh, máy sẽ nhận ở lần kết nối tới.');
    expect(api.callsTo('POST', DevicePaths.syncUsers(DEVICE))).to.have.length(1);
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});
