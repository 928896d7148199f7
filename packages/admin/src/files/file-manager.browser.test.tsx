import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
import { FILES_PATH, LIMITS_PATH, type FileRecord, type OwnerTypeLimit } from './files-api.ts';

const FILE: FileRecord = {
  id: '5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3',
  tenantId: 't-1',
  originalName: 'Hợp đồng lao động Nguyễn Văn A.pdf',
  fileName: '5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3.pdf',
  path: 't-1/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3',
  hashed: 'a'.repeat(64),
  ownerId: 'worker-1',
  ownerType: 'WORKER_FILE',
  version: 1,
  size: 1_572_864,
  type: 'application/pdf',
  deleted: false,
  public: false,
  createdAt: '2026-11-22T08:30:00.000Z',
  createdBy: '00000000-0000-4000-8000-000000000001',
  createdByName: 'Quản trị Nhân sự',
  downloadUrl: `${FILES_PATH}/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3/download`,
  viewUrl: `${FILES_PATH}/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3/view`,
  thumbUrl: null,
};

const LIMITS: OwnerTypeLimit[] = [
  { ownerType: 'AVATAR', maxBytes: 5_242_880, maxSize: '5 MB', extensions: ['png', 'jpg', 'jpeg'] },
  { ownerType: 'GENERAL', maxBytes: 10_485_760, maxSize: '10 MB', extensions: ['pdf', 'png', 'txt'] },
];

let api: FakeResourceApi;
let rows: FileRecord[];

describe('the file manager', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    rows = [FILE];
    api = new FakeResourceApi([]);
    api.intercept((call) => {
      if (call.path === LIMITS_PATH) return { status: 200, body: { data: LIMITS } };
      if (call.method === 'GET' && call.path === FILES_PATH)
        return {
          status: 200,
          body: { data: rows, page: { pageIndex: 1, pageSize: 25, total: rows.length } },
        };
      if (call.method === 'DELETE' && call.path === `${FILES_PATH}/${FILE.id}`) {
        rows = [];
        return { status: 200, body: { data: { ...FILE, deleted: true } } };
      }
      if (call.method === 'POST' && call.path === `${FILES_PATH}/uploads`)
        return { status: 201, body: { data: [FILE] } };
      return null;
    });
    await api.signInWith(['file.view', 'file.create', 'file.delete']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists files with sizes in 1024 steps, filters by owner type, and deletes after confirmation', async () => {
    const user = userEvent.setup();
    openPath('/system/file-management');
    renderUi(<AdminRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Quản lý tệp' });
    const row = await screen.findByRole('row', { name: /Hợp đồng lao động Nguyễn Văn A\.pdf/ });
    within(row).getByText('1,5 MB');
    within(row).getByText('Hồ sơ nhân viên');
    within(row).getByText('Quản trị Nhân sự');
    expect(api.callsTo('GET', FILES_PATH)[0]?.query.get('sortBy')).to.equal('createdAt.desc');
    expect(await accessibilityViolations(screen.getByRole('region', { name: 'Quản lý tệp' }))).to.deep.equal(
      [],
    );

    await user.click(screen.getByRole('combobox', { name: 'Loại chủ sở hữu' }));
    await user.click(await screen.findByRole('option', { name: 'Ảnh đại diện' }));
    await waitFor(() =>
      expect(api.callsTo('GET', FILES_PATH).at(-1)?.query.get('ownerType')).to.equal('AVATAR'),
    );

    await user.click(within(row).getByRole('button', { name: `Xóa ${FILE.originalName}` }));
    await user.click(
      await within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Xóa' }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', `${FILES_PATH}/${FILE.id}`)).to.have.length(1));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Hợp đồng lao động/ })).to.equal(null));
  });

  it('keeps a row’s buttons in view in the 968 px a 1280 px screen leaves beside the menu', async () => {
    openPath('/system/file-management');
    renderUi(
      <div style={{ width: 968 }} role="region" aria-label="khung">
        <AdminRouter />
      </div>,
    );
    const row = await screen.findByRole('row', { name: /Hợp đồng lao động Nguyễn Văn A\.pdf/ });
    const frame = screen.getByRole('region', { name: 'khung' }).getBoundingClientRect();
    const remove = within(row)
      .getByRole('button', { name: `Xóa ${FILE.originalName}` })
      .getBoundingClientRect();
    expect(remove.right).to.be.at.most(frame.right);
    const name = screen.getByRole('columnheader', { name: /Tên tệp/ }).getBoundingClientRect();
    expect(name.width).to.be.at.least(149);
  });

  it('filters by dates typed as dd/MM/yyyy in the kit’s date box, not the browser’s', async () => {
    const user = userEvent.setup();
    openPath('/system/file-management');
    renderUi(<AdminRouter />);
    const from = await screen.findByRole('textbox', { name: 'Từ ngày' });
    expect(from.getAttribute('type')).to.not.equal('date');
    expect(from.getAttribute('placeholder')).to.match(/dd\/MM\/yyyy/i);
    await user.type(from, '01/11/2026{Enter}');
    await waitFor(() =>
      expect(api.callsTo('GET', FILES_PATH).at(-1)?.query.get('from')).to.equal('2026-11-01'),
    );
    const to = screen.getByRole('textbox', { name: 'Đến ngày' });
    await user.type(to, '30112026');
    await user.tab();
    await waitFor(() =>
      expect(api.callsTo('GET', FILES_PATH).at(-1)?.query.get('to')).to.equal('2026-11-30'),
    );
    expect((screen.getByRole('textbox', { name: 'Từ ngày' }) as HTMLInputElement).value).to.equal(
      '01/11/2026',
    );
  });

  it('shows the chosen owner type’s limits in the upload box and sends the owner type before the files', async () => {
    const user = userEvent.setup();
    openPath('/system/file-management');
    renderUi(<AdminRouter />);
    await user.click(await screen.findByRole('button', { name: 'Tải tệp lên' }));
    const box = await screen.findByRole('region', { name: 'Tải tệp lên' });
    await within(box).findByText('Tối đa 10 MB mỗi tệp; định dạng: .pdf, .png, .txt');
    await user.upload(
      await within(box).findByLabelText('Chọn tệp'),
      new File(['%PDF-1.4'], 'Quy chế.pdf', { type: 'application/pdf' }),
    );
    await within(box).findByText('Quy chế.pdf');
    await user.click(within(box).getByRole('button', { name: 'Tải lên' }));
    await waitFor(() => expect(api.callsTo('POST', `${FILES_PATH}/uploads`)).to.have.length(1));
    const form = api.callsTo('POST', `${FILES_PATH}/uploads`)[0]?.body as FormData;
    expect([...form.keys()]).to.deep.equal(['ownerType', 'public', 'files']);
    expect(form.get('ownerType')).to.equal('GENERAL');
    expect((form.get('files') as File).name).to.equal('Quy chế.pdf');
  });
});
