import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NAVIGATION_ERROR_EVENT } from '@hcm/contracts';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import {
  loadAppTexts,
  openPath,
  prepareUi,
  renderUi,
  resetUi,
} from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { AdminRouter } from '../AdminRouter.tsx';
import { ADMIN_APP } from '../admin-i18n.ts';
import { ACTION_LOGS_PATH, type ActionLogEntry } from './action-log-api.ts';

const ENTRY: ActionLogEntry = {
  id: '0b6c6f4e-1d2a-4c55-9a1e-5f1c2d3e4f50',
  userId: '19ed83ab-d654-4eb4-a3bc-0acbc4066a98',
  username: 'hradmin',
  resource: 'job_title',
  recordId: 'b2828a91-0d7e-4a8f-956a-226d59c94cd9',
  action: 'UPDATE',
  changes: {
    name: { before: 'Trưởng phòng', after: 'Trưởng phòng Nhân sự' },
    status: { before: 'ACTIVE', after: 'INACTIVE' },
  },
  ip: '10.0.0.7',
  userAgent: 'Chromium',
  createdAt: '2026-11-22T08:30:00.000Z',
};

let api: FakeResourceApi;

describe('the action log', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    api = new FakeResourceApi([]);
    api.intercept((call) => {
      if (call.path === ACTION_LOGS_PATH)
        return { status: 200, body: { data: [ENTRY], page: { pageIndex: 1, pageSize: 25, total: 1 } } };
      if (call.path === `${ACTION_LOGS_PATH}/${ENTRY.id}`) return { status: 200, body: { data: ENTRY } };
      if (call.path.startsWith(`${ACTION_LOGS_PATH}/`))
        return { status: 404, body: { code: 'NOT_FOUND', message: 'No action log entry' } };
      return null;
    });
    await api.signInWith(['action_log.view']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists entries newest first with the names an HR user reads, filters by action, and opens one', async () => {
    const user = userEvent.setup();
    openPath('/system/action-log');
    renderUi(<AdminRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Nhật ký thao tác' });
    const row = await screen.findByRole('row', { name: /hradmin/ });
    within(row).getByText('Chức danh');
    within(row).getByText('Cập nhật');
    expect(api.callsTo('GET', ACTION_LOGS_PATH)[0]?.query.get('sortBy')).to.equal('createdAt.desc');

    await user.click(screen.getByRole('combobox', { name: 'Thao tác' }));
    await user.click(await screen.findByRole('option', { name: 'Xóa' }));
    await waitFor(() =>
      expect(api.callsTo('GET', ACTION_LOGS_PATH).at(-1)?.query.get('action')).to.equal('DELETE'),
    );
    // the API refuses parameters it does not know: only its own are sent
    const sent = [...(api.callsTo('GET', ACTION_LOGS_PATH).at(-1)?.query.keys() ?? [])].sort();
    expect(sent).to.deep.equal(['action', 'pageIndex', 'pageSize', 'sortBy']);

    await user.click(within(screen.getByRole('row', { name: /hradmin/ })).getByRole('link'));
    await screen.findByRole('heading', { level: 1, name: 'Chi tiết nhật ký thao tác' });
    const changes = screen.getByRole('table');
    within(changes).getByRole('row', { name: 'Tên Trưởng phòng Trưởng phòng Nhân sự' });
    within(changes).getByRole('row', { name: 'Trạng thái Đang hoạt động Ngừng hoạt động' });
  });

  it('reports an unknown entry and a page the log does not have to the shell as not found', async () => {
    const reported: number[] = [];
    const onError = (event: Event) => reported.push((event as CustomEvent<{ status: number }>).detail.status);
    window.addEventListener(NAVIGATION_ERROR_EVENT, onError);
    try {
      openPath('/system/action-log/4c8f2b1e-7a3d-4b6e-9f01-2d3c4b5a6978/detail');
      renderUi(<AdminRouter />);
      await waitFor(() => expect(reported).to.deep.equal([404]));
      openPath('/system/action-log/create');
      await waitFor(() => expect(reported).to.deep.equal([404, 404]));
    } finally {
      window.removeEventListener(NAVIGATION_ERROR_EVENT, onError);
    }
  });
});
