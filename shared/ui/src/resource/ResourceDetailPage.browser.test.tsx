import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceDetailPage } from './ResourceDetailPage.tsx';
import { contractTestContract as contract, jobTitleContract } from './test-contracts.ts';

let api: FakeResourceApi;
let visited: string[];

async function renderDetail(permissions: string[]) {
  await api.signInWith(permissions);
  const [record] = api.records(contract);
  renderUi(
    <ResourceDetailPage contract={contract} id={record?.id ?? ''} navigate={(url) => visited.push(url)} />,
  );
  return screen.findByRole('article');
}

const valueOf = (name: string) => document.querySelector(`dd[data-field="${name}"]`)?.textContent;

// Batches and dialogs chain several answers and animations: room for a loaded machine.

describe('ResourceDetailPage', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract, jobTitleContract]);
    const [engineer] = api.seed(jobTitleContract, 1, () => ({ code: 'KY_SU', name: 'Kỹ sư' }));
    api.seed(contract, 1, () => ({
      jobTitle: engineer?.id,
      code: 'HD_001',
      name: 'Hợp đồng mẫu',
      salary: '15000000.5',
      startDate: '2026-03-05',
      kind: 'OPEN',
      remote: true,
    }));
    visited = [];
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows the fields by section with labels and formatted values, and the audit columns', async () => {
    await renderDetail(['job_title.view']);
    screen.getByRole('heading', { level: 1, name: 'Hợp đồng thử: Hợp đồng mẫu' });
    within(screen.getByRole('region', { name: 'Thông tin chung' })).getByText('Lương');
    expect(valueOf('salary')).to.equal('15.000.000,5');
    expect(valueOf('startDate')).to.equal('05/03/2026');
    expect(valueOf('kind')).to.equal('Không thời hạn');
    expect(valueOf('remote')).to.equal('Có');
    // a reference by its display field, never its code, read with find-by-ids
    await waitFor(() => expect(valueOf('jobTitle')).to.equal('Kỹ sư'));
    expect(valueOf('status')).to.equal('Đang hoạt động');
    expect(valueOf('createdAt')).to.match(/^\d{2}:\d{2} 01\/01\/2026$/);
    // who created or changed it is a user id until users can be looked up: not shown raw
    expect(document.querySelector('dd[data-field="createdBy"]')).to.equal(null);
    expect(document.querySelector('dd[data-field="lastModifiedBy"]')).to.equal(null);
    // a viewer gets no buttons but the way back
    // no change for a reader: back, and the change history on demand (RecordHistory)
    expect(screen.getAllByRole('button').map((b) => b.textContent)).to.deep.equal([
      'Quay lại danh sách',
      'Xem lịch sử thay đổi',
    ]);
  });

  it('edits, deactivates and deletes (confirmed) for those who may', async () => {
    const user = userEvent.setup();
    await renderDetail(['job_title.view', 'job_title.update', 'job_title.delete']);
    const [record] = api.records(contract);
    await user.click(screen.getByRole('button', { name: 'Sửa' }));
    expect(visited).to.deep.equal([`/setting/test-contracts/${record?.id}/update`]);

    await user.click(screen.getByRole('button', { name: 'Ngừng hoạt động' }));
    await user.click(
      await within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Ngừng hoạt động' }),
    );
    await waitFor(() => expect(valueOf('status')).to.equal('Ngừng hoạt động'));
    await screen.findByRole('button', { name: 'Kích hoạt' });
    // the confirmation hides the page from assistive technology until it has closed
    await user.click(await screen.findByRole('button', { name: 'Xóa' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText('Bạn có chắc chắn muốn xóa “Hợp đồng mẫu” không?');
    await user.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    await waitFor(() => expect(visited.at(-1)).to.equal('/setting/test-contracts'));
    expect(api.records(contract)).to.have.length(0);
  });

  it('says when the record does not exist, and has no accessibility violations', async () => {
    const page = await renderDetail(['job_title.view', 'job_title.update', 'job_title.delete']);
    expect(await accessibilityViolations(page)).to.deep.equal([]);
    await resetUi();
    const statuses: number[] = [];
    renderUi(
      <ResourceDetailPage
        contract={contract}
        id="00000000-0000-4000-8000-00000000ffff"
        onLoadError={(error) => statuses.push(error.status)}
      />,
    );
    // in the page's words, never the server's
    await screen.findByText('Không tìm thấy bản ghi.');
    expect(statuses).to.deep.equal([404]);
  });
});
