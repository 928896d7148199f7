import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import { checkInSettingsContract, type CheckInRow } from '@hcm/contracts/check-in';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addTimekeepingDictionary } from '../testing.ts';
import { TimekeepingRouter } from '../TimekeepingRouter.tsx';
import { CheckInPaths, pending, row, today, tooFar } from './check-in-fixtures.ts';

let api: FakeResourceApi;
let settled: () => boolean;
let stored: CheckInRow[];
let answers: { status: number; body: unknown }[];
let decided: CheckInRow[];
const realGeolocation = Object.getOwnPropertyDescriptor(Navigator.prototype, 'geolocation');

/** The phone's position: 450 m north of the office, then at its door. */
function placePhone(positions: { latitude: number; longitude: number; accuracy: number }[]) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (resolve: PositionCallback) => {
        const coords = positions.shift() ?? { latitude: 0, longitude: 0, accuracy: 10_000 };
        resolve({ coords, timestamp: Date.now() } as unknown as GeolocationPosition);
      },
    },
  });
}

/*
 * The check-in page in Chromium against the in-memory API: the modes the unit allows, the big
 * button, the refusal in the worker's words (how far, the radius), the answer once inside, and a
 * manager's pending self-declared check-ins; axe finds nothing.
 */
describe('the check-in page', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    stored = [];
    decided = [];
    answers = [tooFar, { status: 200, body: { data: row(2, { distanceMetres: 35 }) } }];
    api = new FakeResourceApi([checkInSettingsContract]);
    api.intercept((call) => {
      if (call.path === CheckInPaths.today) return { status: 200, body: { data: today(stored) } };
      if (call.path === CheckInPaths.pending)
        return { status: 200, body: { data: pending.filter((p) => !decided.some((d) => d.id === p.id)) } };
      if (call.method === 'POST' && call.path === CheckInPaths.checkIns) {
        const answer = answers.shift() ?? tooFar;
        const data = (answer.body as { data?: CheckInRow }).data;
        if (data) stored = [data, ...stored];
        return answer;
      }
      if (call.method === 'POST' && call.path === CheckInPaths.confirm(pending[0]?.id ?? '')) {
        const done = { ...(pending[0] as CheckInRow), status: 'CONFIRMED' as const };
        decided.push(done);
        return { status: 200, body: { data: done } };
      }
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
    if (realGeolocation) Object.defineProperty(navigator, 'geolocation', realGeolocation);
    else Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('refuses outside the radius saying how far, then checks in at the office and lists it', async () => {
    placePhone([
      { latitude: 21.032558, longitude: 105.854167, accuracy: 10 },
      { latitude: 21.028826, longitude: 105.854167, accuracy: 12 },
    ]);
    openPath('/tm/check-in');
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Chấm công' });
    await screen.findByText('Theo thiết lập của Công ty Cổ phần May Sông Hồng');
    expect(screen.getByRole('button', { name: 'Theo vị trí' }).getAttribute('aria-pressed')).to.equal('true');
    screen.getByRole('button', { name: 'Theo mạng Wi-Fi văn phòng' });
    screen.getByText('Hôm nay bạn chưa chấm công');
    const big = screen.getByRole('button', { name: 'Chấm công' });
    big.click();
    await screen.findByText('Bạn đang cách Văn phòng Hoàn Kiếm 450 m, ngoài bán kính cho phép 200 m');
    const first = api.callsTo('POST', CheckInPaths.checkIns)[0]?.body as Record<string, unknown>;
    expect(first).to.include({ mode: 'LOCATION', latitude: 21.032558, accuracyMetres: 10 });
    expect(String(first.clientKey)).to.match(/^[0-9a-f-]{36}$/);

    await waitFor(() => expect(big.hasAttribute('disabled')).to.equal(false));
    big.click();
    await screen.findByText(/^Đã chấm công lúc 08:02, cách Văn phòng Hoàn Kiếm 35 m$/);
    await screen.findByText('Theo vị trí · Đã ghi nhận · 35 m');
    // one key per tap: the second tap is a new check-in, not a retry of the first
    const second = api.callsTo('POST', CheckInPaths.checkIns)[1]?.body as Record<string, unknown>;
    expect(second.clientKey).not.to.equal(first.clientKey);
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('asks for a note when self-declared, and lets a manager confirm the pending ones', async () => {
    answers = [
      {
        status: 200,
        body: { data: row(3, { mode: 'SELF_DECLARED', status: 'PENDING', distanceMetres: null }) },
      },
    ];
    openPath('/tm/check-in');
    renderUi(<TimekeepingRouter />);
    (await screen.findByRole('button', { name: 'Tự khai báo (quản lý xác nhận)' })).click();
    await screen.findByRole('textbox', { name: 'Nơi làm việc, lý do' });
    screen.getByRole('button', { name: 'Chấm công' }).click();
    await screen.findByText('Đã gửi lúc 08:02: chờ quản lý xác nhận');
    expect(api.callsTo('POST', CheckInPaths.checkIns)[0]?.body).to.include({ mode: 'SELF_DECLARED' });

    await screen.findByRole('heading', { level: 2, name: 'Chờ bạn xác nhận' });
    screen.getByText('NV0107 · Trần Văn Minh');
    screen.getByRole('button', { name: 'Xác nhận chấm công của Trần Văn Minh' }).click();
    await waitFor(() => expect(screen.queryByText('NV0107 · Trần Văn Minh')).to.equal(null));
    expect(api.callsTo('POST', CheckInPaths.confirm(pending[0]?.id ?? ''))).to.have.length(1);
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});
