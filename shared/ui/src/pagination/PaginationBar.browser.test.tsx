import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { PaginationBar } from './PaginationBar.tsx';

function Harness({ total, totalCapped }: { total: number; totalCapped?: boolean }) {
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 25 });
  return (
    <PaginationBar
      pageIndex={page.pageIndex}
      pageSize={page.pageSize}
      total={total}
      {...(totalCapped ? { totalCapped } : {})}
      onChange={(pageIndex, pageSize) => setPage({ pageIndex, pageSize })}
    />
  );
}

const disabled = (name: string) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;

describe('pagination bar', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('starts on page 1 of size 25 and says first–last of total', async () => {
    renderUi(<Harness total={130} />);
    await screen.findByText('1–25 trong tổng số 130');
    screen.getByText('Trang 1/6');
    expect(screen.getByRole('combobox', { name: 'Số dòng mỗi trang' }).textContent).to.contain('25');
    expect(disabled('Trang đầu')).to.equal(true);
    expect(disabled('Trang trước')).to.equal(true);
    expect(disabled('Trang sau')).to.equal(false);
  });

  it('offers the sizes 15, 25, 50 and 100, and a new size starts again on page 1', async () => {
    renderUi(<Harness total={130} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Trang sau' }));
    await screen.findByText('26–50 trong tổng số 130');
    await user.click(screen.getByRole('combobox', { name: 'Số dòng mỗi trang' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).to.deep.equal(['15', '25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '100' }));
    await screen.findByText('1–100 trong tổng số 130');
    screen.getByText('Trang 1/2');
  });

  it('jumps to a typed page, clamped to the last one', async () => {
    renderUi(<Harness total={130} />);
    const user = userEvent.setup();
    const jumper = await screen.findByRole('spinbutton', { name: 'Đến trang' });
    expect((screen.getByRole('button', { name: 'Đi' }) as HTMLButtonElement).disabled).to.equal(true);
    await user.type(jumper, '4{Enter}');
    await screen.findByText('76–100 trong tổng số 130');
    await user.type(jumper, '99');
    await user.click(screen.getByRole('button', { name: 'Đi' }));
    await screen.findByText('126–130 trong tổng số 130');
    await waitFor(() => expect(disabled('Trang cuối')).to.equal(true));
    expect(disabled('Trang sau')).to.equal(true);
  });

  it('shows 0–0 of 0 for an empty list', async () => {
    renderUi(<Harness total={0} />);
    await screen.findByText('0–0 trong tổng số 0');
    expect(disabled('Trang sau')).to.equal(true);
  });

  it('says "more than" a capped total, pages on past it, and offers no last page it cannot know', async () => {
    renderUi(<Harness total={10_000} totalCapped />);
    const user = userEvent.setup();
    await screen.findByText('1–25 trong hơn 10.000');
    screen.getByText('Trang 1');
    expect(screen.queryByRole('button', { name: 'Trang cuối' })).to.equal(null);
    // page 400 ends at the 10,000th row, and the list goes on past it
    await user.type(screen.getByRole('spinbutton', { name: 'Đến trang' }), '999{Enter}');
    await screen.findByText('9.976–10.000 trong hơn 10.000');
    screen.getByText('Trang 400');
    expect(disabled('Trang sau')).to.equal(false);
    await user.click(screen.getByRole('button', { name: 'Trang sau' }));
    await screen.findByText('Trang 401');
    expect(disabled('Trang trước')).to.equal(false);
  });
});
