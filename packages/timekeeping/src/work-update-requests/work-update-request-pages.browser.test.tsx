import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workUpdateRequestContract } from '@hcm/contracts/work-update-requests';
import { clearSession } from '@hcm/session';
import { WIDGETS_APP } from '@hcm/widgets';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import {
  loadAppTexts,
  openPath,
  prepareUi,
  renderUi,
  resetUi,
} from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addTimekeepingDictionary } from '../testing.ts';
import { TimekeepingRouter } from '../TimekeepingRouter.tsx';

let api: FakeResourceApi;
let settled: () => boolean;
let approvedId = '';
const cancelPath = () => `${workUpdateRequestContract.apiPath}/${approvedId}/cancel-approved`;

/*
 * The work update requests' pages in Chromium against the in-memory API: the list with the
 * approval engine's tabs, the create form (worker, day, how, the punches, the reason), and an
 * approved request's detail whose "cancel after approval" asks for a reason before anything is
 * sent; axe finds nothing on each.
 */
describe('the work update request pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    await loadAppTexts(WIDGETS_APP, 'widgets');
    api = new FakeResourceApi([workUpdateRequestContract]);
    const [, approved] = api.seed(workUpdateRequestContract, 2, (n) => ({
      approvalStatus: n === 2 ? 'APPROVED' : 'NEW',
    }));
    approvedId = String(approved?.id);
    api.intercept((call) => {
      if (call.path.endsWith('/approval-timeline'))
        return {
          status: 200,
          body: { data: { approvalStatus: 'APPROVED', allowedActions: [], requests: [], events: [] } },
        };
      if (call.method === 'POST' && call.path === cancelPath()) {
        const record = api.records(workUpdateRequestContract).find((r) => r.id === approvedId);
        if (record) record.approvalStatus = 'CANCELED';
        return { status: 200, body: { data: { ...record, approvalStatus: 'CANCELED', version: 2 } } };
      }
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists the requests under their title with the approval tabs', async () => {
    openPath(workUpdateRequestContract.route);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Đề nghị cập nhật công' });
    await screen.findByRole('columnheader', { name: /Ngày công/ });
    await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('asks for the worker, the day, the punches and the reason of a new request', async () => {
    openPath(`${workUpdateRequestContract.route}/create`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Thêm mới đề nghị cập nhật công' });
    await screen.findAllByText(/Các lần chấm đề nghị|Giờ chấm đề nghị/);
    screen.getAllByText('Lý do');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('cancels an approved request only with a reason', async () => {
    openPath(`${workUpdateRequestContract.route}/${approvedId}/detail`);
    renderUi(<TimekeepingRouter />);
    const cancel = await screen.findByRole('button', { name: 'Huỷ sau phê duyệt' });
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    await userEvent.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: /Huỷ đề nghị cập nhật công đã duyệt/ });
    await userEvent.click(screen.getByRole('button', { name: 'Huỷ chứng từ' }));
    await screen.findByText('Nhập lý do huỷ');
    expect(api.callsTo('POST', cancelPath())).to.have.length(0);
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);

    await userEvent.type(
      screen.getByRole('textbox', { name: /Lý do huỷ/ }),
      'Đã tìm thấy giờ ra trên máy khác',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Huỷ chứng từ' }));
    await waitFor(() => expect(api.callsTo('POST', cancelPath())).to.have.length(1));
    const [sent] = api.callsTo('POST', cancelPath());
    expect(sent?.body).to.deep.include({ reason: 'Đã tìm thấy giờ ra trên máy khác' });
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });
});
