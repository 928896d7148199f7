import { expect } from '@open-wc/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workShiftContract } from '@hcm/contracts/work-shifts';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addTimekeepingDictionary } from '../testing.ts';
import { TimekeepingRouter } from '../TimekeepingRouter.tsx';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The input of a field by its label as a person reads it (a required star may follow). */
const input = (label: string) => screen.getByLabelText(new RegExp(`^${escape(label)}\\s*\\*?$`));
/** A clock input set as the browser's time picker sets it. */
const setClock = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

let api: FakeResourceApi;

/*
 * The work shift's form as HR uses it (docs/work-shifts.md): the kind decides which times are
 * asked, the timeline follows what is typed and says at once the rule a shift breaks, a kind
 * changed back empties what it no longer has; the detail page draws the saved shift. Axe on both.
 */
describe('the work shift form', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    api = new FakeResourceApi([workShiftContract]);
    await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('asks for a split shift’s second segment, draws it, says an overlap at once, and saves it', async () => {
    const user = userEvent.setup();
    openPath('/tm/work-shift/create');
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Thêm mới ca làm việc' });
    // a fixed shift asks for no second segment
    expect(screen.queryByLabelText(/^Đoạn 2 bắt đầu/)).to.equal(null);
    await user.type(input('Mã'), 'CA_GAY');
    await user.type(input('Tên'), 'Ca gãy bán hàng');
    await user.click(screen.getByRole('combobox', { name: /^Loại ca/ }));
    await user.click(await screen.findByRole('option', { name: 'Ca gãy (hai đoạn)' }));
    setClock('Giờ bắt đầu', '08:00');
    setClock('Giờ kết thúc', '11:00');
    setClock('Đoạn 2 bắt đầu', '10:00');
    setClock('Đoạn 2 kết thúc', '14:00');
    await screen.findByText('Đoạn 2 bắt đầu: đoạn thứ hai bắt đầu trước khi đoạn thứ nhất kết thúc');
    setClock('Đoạn 2 bắt đầu', '17:00');
    setClock('Đoạn 2 kết thúc', '21:00');
    await user.type(input('Số giờ yêu cầu'), '7');
    await user.type(input('Số công của ca'), '1');
    await user.type(input('Hệ số ca'), '1');
    const chart = await screen.findByRole('img', { name: /Đoạn 2: 17:00 – 21:00/ });
    expect(chart.getAttribute('aria-label')).to.contain('Đoạn 1: 08:00 – 11:00 (3 giờ)');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    const saved = await waitFor(() => {
      const found = api.records(workShiftContract).find((record) => record.code === 'CA_GAY');
      if (!found) throw new Error('not saved yet');
      return found;
    });
    expect(saved).to.include({
      kind: 'SPLIT',
      startTime: '08:00',
      secondStartTime: '17:00',
      secondEndTime: '21:00',
    });
    // the detail page draws the saved shift
    await screen.findByRole('heading', { level: 1, name: 'Ca làm việc: Ca gãy bán hàng' });
    const timeline = await screen.findByRole('region', { name: 'Dòng thời gian của ca' });
    within(timeline).getByRole('img', { name: /Đoạn 1: 08:00 – 11:00/ });
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('draws a night shift into the next morning, and empties the second segment when the kind goes back to fixed', async () => {
    const user = userEvent.setup();
    openPath('/tm/work-shift/create');
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Thêm mới ca làm việc' });
    await user.type(input('Mã'), 'CA_DEM');
    await user.type(input('Tên'), 'Ca đêm');
    await user.click(screen.getByRole('combobox', { name: /^Loại ca/ }));
    await user.click(await screen.findByRole('option', { name: 'Ca gãy (hai đoạn)' }));
    setClock('Đoạn 2 bắt đầu', '03:00');
    setClock('Đoạn 2 kết thúc', '05:00');
    await user.click(screen.getByRole('combobox', { name: /^Loại ca/ }));
    await user.click(await screen.findByRole('option', { name: 'Ca cố định' }));
    setClock('Giờ bắt đầu', '22:00');
    setClock('Giờ kết thúc', '06:00');
    await user.type(input('Số giờ yêu cầu'), '8');
    await user.type(input('Số công của ca'), '1');
    await user.type(input('Hệ số ca'), '1,3');
    await screen.findByRole('img', { name: /Giờ làm việc: 22:00 – 06:00 \(hôm sau\) \(8 giờ\)/ });
    screen.getByText('Giờ làm đêm (22:00–06:00)');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    const saved = await waitFor(() => {
      const found = api.records(workShiftContract).find((record) => record.code === 'CA_DEM');
      if (!found) throw new Error('not saved yet');
      return found;
    });
    expect(saved.kind).to.equal('FIXED');
    expect(saved.secondStartTime ?? null).to.equal(null);
    expect(saved.secondEndTime ?? null).to.equal(null);
  });
});
