import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ConfirmDialog, type ConfirmKind } from './ConfirmDialog.tsx';
import { confirmAction, settleConfirmations } from './confirm-host.tsx';

function Harness({ kind, onConfirm }: { kind: ConfirmKind; onConfirm: () => unknown }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Mở</Button>
      <ConfirmDialog
        open={open}
        kind={kind}
        itemName="Phòng Kế toán"
        onConfirm={onConfirm}
        onOpenChange={setOpen}
      />
    </>
  );
}

// offsetWidth: the layout width, not scaled by the opening animation
const surfaceWidth = () => (screen.getByRole('alertdialog') as HTMLElement).offsetWidth;

describe('confirm dialogs', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('asks before deleting, 400 px wide, focused on the dialog; confirm runs and closes', async () => {
    let confirmed = 0;
    renderUi(<Harness kind="delete" onConfirm={() => (confirmed += 1)} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mở' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Xác nhận xóa' });
    expect(dialog.textContent).to.contain('Bạn có chắc chắn muốn xóa “Phòng Kế toán” không?');
    await waitFor(() => expect(dialog.contains(document.activeElement)).to.equal(true));
    expect(surfaceWidth()).to.equal(400);
    await user.click(screen.getByRole('button', { name: 'Xóa' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).to.equal(null));
    expect(confirmed).to.equal(1);
  });

  it('is gone, without motion, the moment it closes for a user who asked for reduced motion', async () => {
    // web-test-runner's pages ask for reduced motion (web-test-runner.config.mjs)
    expect(window.matchMedia('(prefers-reduced-motion: reduce)').matches).to.equal(true);
    const closed: string[] = [];
    function Told() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <p>Trang phía sau</p>
          <ConfirmDialog
            open={open}
            kind="deactivate"
            onConfirm={() => undefined}
            onOpenChange={setOpen}
            onClosed={() => closed.push(document.querySelector('[role="alertdialog"]') ? 'shown' : 'gone')}
          />
        </>
      );
    }
    renderUi(<Told />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ngừng hoạt động' }));
    await waitFor(() => expect(closed).to.deep.equal(['gone']));
    // The page behind is for assistive technology again (a modal hides it while open).
    await waitFor(() => screen.getByText('Trang phía sau'));
    expect(screen.getByText('Trang phía sau').closest('[aria-hidden="true"]')).to.equal(null);
  });

  it('does nothing on cancel', async () => {
    let confirmed = 0;
    renderUi(<Harness kind="deactivate" onConfirm={() => (confirmed += 1)} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mở' }));
    await screen.findByRole('alertdialog', { name: 'Xác nhận ngừng hoạt động' });
    expect(surfaceWidth()).to.equal(400);
    await user.click(screen.getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).to.equal(null));
    expect(confirmed).to.equal(0);
  });

  it('disables its buttons while the action runs, and stays open when it fails', async () => {
    let fail: (error: Error) => void = () => undefined;
    renderUi(<Harness kind="activate" onConfirm={() => new Promise((_, reject) => (fail = reject))} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mở' }));
    await screen.findByRole('alertdialog', { name: 'Xác nhận kích hoạt' });
    await user.click(screen.getByRole('button', { name: 'Kích hoạt' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Kích hoạt' }) as HTMLButtonElement).disabled).to.equal(
        true,
      ),
    );
    expect((screen.getByRole('button', { name: 'Hủy' }) as HTMLButtonElement).disabled).to.equal(true);
    fail(new Error('409'));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Kích hoạt' }) as HTMLButtonElement).disabled).to.equal(
        false,
      ),
    );
    screen.getByRole('alertdialog', { name: 'Xác nhận kích hoạt' });
  });

  it('confirmAction asks in a dialog of its own: true on confirm, false on Escape; 520 px for a plain confirm', async () => {
    const user = userEvent.setup();
    const yes = confirmAction({ kind: 'confirm', itemName: 'Kỳ lương 11/2026' });
    await screen.findByRole('alertdialog', { name: 'Xác nhận' });
    expect(surfaceWidth()).to.equal(520);
    await user.click(screen.getByRole('button', { name: 'Đồng ý' }));
    expect(await yes).to.equal(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).to.equal(null));

    const no = confirmAction({ kind: 'delete' });
    await screen.findByText('Bạn có chắc chắn muốn xóa bản ghi này không?');
    await user.keyboard('{Escape}');
    expect(await no).to.equal(false);
  });

  it('opens a second confirmation only once the first has closed, and both are usable', async () => {
    const user = userEvent.setup();
    // the most confirmation roots the page ever held at once
    const roots = () => document.querySelectorAll('[data-hcm-ui^="hcm-confirm-"]').length;
    let most = 0;
    const watch = new MutationObserver(() => (most = Math.max(most, roots())));
    watch.observe(document.body, { childList: true });
    const first = confirmAction({ kind: 'confirm', itemName: 'Kỳ lương 11/2026' });
    await user.click(await screen.findByRole('button', { name: 'Đồng ý' }));
    expect(await first).to.equal(true);
    // asked at once, while the first one is still closing
    const second = confirmAction({ kind: 'delete' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Xác nhận xóa' });
    watch.disconnect();
    expect(most).to.equal(1);
    expect(dialog.closest('[aria-hidden="true"]')).to.equal(null);
    await user.click(screen.getByRole('button', { name: 'Xóa' }));
    expect(await second).to.equal(true);
  });

  it('dismisses a confirmation left open and waits until nothing it hid stays hidden', async () => {
    renderUi(<Button>Trang</Button>);
    const left = confirmAction({ kind: 'delete' });
    await screen.findByRole('alertdialog');
    await settleConfirmations();
    expect(await left).to.equal(false);
    expect(document.querySelector('[role="alertdialog"]')).to.equal(null);
    expect(document.querySelectorAll('[data-hcm-ui^="hcm-confirm-"]')).to.have.length(0);
    screen.getByRole('button', { name: 'Trang' });
  });
});
