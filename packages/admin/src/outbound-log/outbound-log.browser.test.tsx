import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NAVIGATION_ERROR_EVENT } from '@hcm/contracts';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
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
import { OUTBOUND_LOGS_PATH, type OutboundLogEntry } from './outbound-log-api.ts';

const PUT: OutboundLogEntry = {
  id: '6f1d2c3b-4a59-4e8f-9d0c-1b2a3c4d5e6f',
  tenantId: '8f8e3a52-4d55-4a0e-8d1d-7b1f4c2e9a10',
  requestId: 'req-upload-1',
  target: 'file-store',
  method: 'PUT',
  url: 'https://s3.example.com/hcm-files/8f8e3a52/5b0c1d2e',
  status: 200,
  durationMs: 48,
  bytesSent: 1_572_864,
  bytesReceived: 0,
  error: null,
  createdAt: '2026-11-22T08:30:00.000Z',
};
const FAILED: OutboundLogEntry = {
  ...PUT,
  id: '7a2e3d4c-5b6a-4f90-8e1d-2c3b4d5e6f70',
  requestId: 'req-download-2',
  method: 'GET',
  status: null,
  bytesSent: 0,
  bytesReceived: null,
  error: 'connect ECONNREFUSED 10.0.0.9:9000',
};

let api: FakeResourceApi;

describe('the outbound log', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    api = new FakeResourceApi([]);
    api.intercept((call) => {
      if (call.path === OUTBOUND_LOGS_PATH) {
        const rows = call.query.get('statusClass') === 'failed' ? [FAILED] : [FAILED, PUT];
        return {
          status: 200,
          body: { data: rows, page: { pageIndex: 1, pageSize: 25, total: rows.length } },
        };
      }
      const entry = [PUT, FAILED].find((e) => call.path === `${OUTBOUND_LOGS_PATH}/${e.id}`);
      if (entry) return { status: 200, body: { data: entry } };
      if (call.path.startsWith(`${OUTBOUND_LOGS_PATH}/`))
        return { status: 404, body: { code: 'NOT_FOUND', message: 'No outbound log entry' } };
      return null;
    });
    await api.signInWith(['action_log.view']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists calls newest first, searches URLs, filters by outcome and days, and opens one', async () => {
    const user = userEvent.setup();
    openPath('/system/outbound-log');
    renderUi(<AdminRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Nhật ký gọi ra ngoài' });
    const row = await screen.findByRole('row', { name: /PUT/ });
    within(row).getByText('Kho lưu trữ tệp');
    within(row).getByText('200');
    within(await screen.findByRole('row', { name: /GET/ })).getByText('Không có phản hồi');
    expect(api.callsTo('GET', OUTBOUND_LOGS_PATH)[0]?.query.get('sortBy')).to.equal('createdAt.desc');
    expect(
      await accessibilityViolations(screen.getByRole('region', { name: 'Nhật ký gọi ra ngoài' })),
    ).to.deep.equal([]);

    await user.type(screen.getByPlaceholderText('Nhập từ khóa để tìm kiếm'), 'hcm-files{Enter}');
    await waitFor(() =>
      expect(api.callsTo('GET', OUTBOUND_LOGS_PATH).at(-1)?.query.get('keyword')).to.equal('hcm-files'),
    );
    await user.click(screen.getByRole('combobox', { name: 'Kết quả' }));
    await user.click(await screen.findByRole('option', { name: 'Không có phản hồi' }));
    await waitFor(() =>
      expect(api.callsTo('GET', OUTBOUND_LOGS_PATH).at(-1)?.query.get('statusClass')).to.equal('failed'),
    );
    await user.type(screen.getByRole('textbox', { name: 'Từ ngày' }), '22/11/2026{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Đến ngày' }), '22/11/2026{Enter}');
    await waitFor(() =>
      expect(api.callsTo('GET', OUTBOUND_LOGS_PATH).at(-1)?.query.get('to')).to.be.a('string'),
    );
    const last = api.callsTo('GET', OUTBOUND_LOGS_PATH).at(-1)?.query;
    // the whole of 22/11 in the browser's time zone, as instants the API compares with
    expect(new Date(last?.get('from') ?? '').getTime()).to.equal(new Date(2026, 10, 22).getTime());
    expect(new Date(last?.get('to') ?? '').getTime()).to.equal(new Date(2026, 10, 23).getTime());
    // the API refuses parameters it does not know: only its own are sent
    expect([...(last?.keys() ?? [])].sort()).to.deep.equal([
      'from',
      'keyword',
      'pageIndex',
      'pageSize',
      'sortBy',
      'statusClass',
      'to',
    ]);

    await user.click(within(await screen.findByRole('row', { name: /GET/ })).getByRole('link'));
    await screen.findByRole('heading', { level: 1, name: 'Chi tiết lần gọi ra ngoài' });
    const details = screen.getByRole('article', { name: 'Chi tiết lần gọi ra ngoài' });
    within(details).getByText('connect ECONNREFUSED 10.0.0.9:9000');
    within(details).getByText('req-download-2');
    within(details).getByText(FAILED.url);
    expect(await accessibilityViolations(details)).to.deep.equal([]);
    await user.click(within(details).getByRole('button', { name: 'Quay lại danh sách' }));
    await screen.findByRole('heading', { level: 1, name: 'Nhật ký gọi ra ngoài' });
  });

  it('reports an unknown call and a page the log does not have to the shell as not found', async () => {
    const reported: number[] = [];
    const onError = (event: Event) => reported.push((event as CustomEvent<{ status: number }>).detail.status);
    window.addEventListener(NAVIGATION_ERROR_EVENT, onError);
    try {
      openPath('/system/outbound-log/4c8f2b1e-7a3d-4b6e-9f01-2d3c4b5a6978/detail');
      renderUi(<AdminRouter />);
      await waitFor(() => expect(reported).to.deep.equal([404]));
      openPath('/system/outbound-log/create');
      await waitFor(() => expect(reported).to.deep.equal([404, 404]));
    } finally {
      window.removeEventListener(NAVIGATION_ERROR_EVENT, onError);
    }
  });
});
