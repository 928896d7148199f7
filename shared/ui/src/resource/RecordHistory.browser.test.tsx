import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryEntry } from '@hcm/contracts/resource';
import { workerContract } from '@hcm/contracts/workers';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceDetailPage } from './ResourceDetailPage.tsx';

const USER = '7d0c5a4e-1f7b-4a65-9a43-0f3c1f0e9b01';
const entry = (n: number, changes: HistoryEntry['changes'], action = 'UPDATE'): HistoryEntry => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  at: `2026-03-0${n}T02:30:00.000000Z`,
  action,
  userId: USER,
  userName: 'Phạm Thu Hà',
  changes,
});

/**
 * A long record's page (issue 27 §8): a sticky index of its sections, and "Lịch sử thay đổi":
 * who changed which field from what to what, shown with the field's label and the value as a
 * person reads it, newest first, paged by "Xem thêm".
 */
describe('a long record’s page: section index and change history', () => {
  let api: FakeResourceApi;
  let workerId = '';
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([workerContract]);
    const [worker] = api.seed(workerContract, 1, () => ({ code: 'NV0001', fullName: 'Nguyễn Văn Cường' }));
    workerId = String(worker?.id);
    const pages: Record<string, { data: HistoryEntry[]; next: string | null }> = {
      first: {
        data: [
          entry(3, [{ field: 'fullName', before: 'Nguyễn Văn Bình', after: 'Nguyễn Văn Cường' }]),
          entry(2, [
            { field: 'dateOfBirth', before: null, after: '1990-05-17' },
            { field: 'gender', before: 'MALE', after: 'FEMALE' },
          ]),
        ],
        next: 'older',
      },
      older: { data: [entry(1, [{ field: 'code', before: null, after: 'NV0001' }], 'CREATE')], next: null },
    };
    api.intercept((call) =>
      call.method === 'GET' && call.path === `${workerContract.apiPath}/${workerId}/changes`
        ? { status: 200, body: pages[call.query.get('cursor') ?? 'first'] }
        : null,
    );
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  const render = async () => {
    await api.signInWith(['worker.view']);
    renderUi(<ResourceDetailPage contract={workerContract} id={workerId} navigate={() => undefined} />);
    return screen.findByRole('article');
  };

  it('offers an index of the sections that takes the user to each one', async () => {
    const user = userEvent.setup();
    await render();
    const index = screen.getByRole('navigation', { name: 'Mục lục hồ sơ' });
    const buttons = within(index)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).to.include.members(['Thông tin chung', 'Gia đình', 'Lịch sử thay đổi']);
    expect(getComputedStyle(index).position).to.equal('sticky');
    await user.click(within(index).getByRole('button', { name: 'Gia đình' }));
    await waitFor(() => expect(document.activeElement?.textContent).to.equal('Gia đình'));
  });

  it('shows who changed which field from what to what, newest first, and pages on', async () => {
    const user = userEvent.setup();
    const page = await render();
    expect(api.callsTo('GET', `${workerContract.apiPath}/${workerId}/changes`)).to.have.length(0);
    await user.click(screen.getByRole('button', { name: 'Xem lịch sử thay đổi' }));
    const history = await screen.findByRole('region', { name: 'Lịch sử thay đổi' });
    const items = await within(history).findAllByRole('listitem');
    expect(items[0]?.textContent).to.contain('Phạm Thu Hà').and.contain('Cập nhật');
    const rowsOf = (item: HTMLElement | undefined) =>
      within(item as HTMLElement)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        );
    expect(rowsOf(items[0])).to.deep.equal([['Họ và tên', 'Nguyễn Văn Bình', 'Nguyễn Văn Cường']]);
    expect(rowsOf(items[1])).to.deep.equal([
      ['Ngày sinh', '—', '17/05/1990'],
      ['Giới tính', 'Nam', 'Nữ'],
    ]);
    await user.click(within(history).getByRole('button', { name: 'Xem thêm' }));
    await waitFor(() => expect(within(history).getAllByRole('listitem')).to.have.length(3));
    expect(within(history).queryByRole('button', { name: 'Xem thêm' })).to.equal(null);
    expect(within(history).getAllByRole('listitem')[2]?.textContent).to.contain('Thêm mới');
    expect(await accessibilityViolations(page)).to.deep.equal([]);
  });
});
