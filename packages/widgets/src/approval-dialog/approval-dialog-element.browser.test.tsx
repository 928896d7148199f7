import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { healthyIam } from '../../../../shared/session/src/testing/fake-iam.ts';
import '../index.ts';
import { addElement, nextEvent, prepareWidgets, resetWidgets } from '../testing/widgets-fixture.ts';
import type { ApprovalDecision } from './approval-kinds.ts';

describe('<hcm-approval-dialog> in the portal (light DOM)', () => {
  beforeEach(() => prepareWidgets(healthyIam()));
  afterEach(() => resetWidgets());

  it('rejects only with a reason: the default text, cleared, is refused; a typed one is told in hcm-confirm', async () => {
    const element = await addElement(
      '<hcm-approval-dialog kind="reject" item-name="Đơn nghỉ phép NP-0042" open></hcm-approval-dialog>',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Từ chối' });
    expect(dialog.textContent).to.contain('Bạn có chắc chắn muốn từ chối Đơn nghỉ phép NP-0042?');
    const reason = within(dialog).getByRole('textbox', { name: /Lý do từ chối/ });
    expect((reason as HTMLTextAreaElement).value).to.equal('Không đồng ý');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    let told = 0;
    element.addEventListener('hcm-confirm', () => (told += 1));
    await userEvent.clear(reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Từ chối' }));
    await within(dialog).findByText('Vui lòng nhập lý do từ chối');
    expect(told).to.equal(0);

    await userEvent.type(reason, '  Thiếu giấy xác nhận của bệnh viện ');
    const confirmed = nextEvent<ApprovalDecision>('hcm-confirm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Từ chối' }));
    const event = await confirmed;
    expect(event.detail).to.deep.equal({ kind: 'reject', reason: 'Thiếu giấy xác nhận của bệnh viện' });
    expect(event.bubbles && event.composed).to.equal(true);
    // it closes itself, as <dialog> does
    expect(element.hasAttribute('open')).to.equal(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });

  it('approves with an optional note and refuses one beyond 1000 characters', async () => {
    await addElement('<hcm-approval-dialog kind="approve" open></hcm-approval-dialog>');
    const dialog = await screen.findByRole('dialog', { name: 'Phê duyệt' });
    const note = within(dialog).getByRole('textbox', { name: /Ý kiến phê duyệt/ }) as HTMLTextAreaElement;
    expect(note.value).to.equal('Đồng ý');
    note.focus();
    await userEvent.clear(note);
    await userEvent.paste('x'.repeat(1001));
    await within(dialog).findByText(/tối đa 1000 ký tự \(đang có 1001\)/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Phê duyệt' }));
    await screen.findByRole('dialog', { name: 'Phê duyệt' });

    await userEvent.clear(note);
    const confirmed = nextEvent<ApprovalDecision>('hcm-confirm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Phê duyệt' }));
    expect((await confirmed).detail).to.deep.equal({ kind: 'approve', note: '' });
  });

  it('asks a note to switch status, names the status, and works from the keyboard', async () => {
    await addElement(
      '<hcm-approval-dialog kind="switch-status" item-name="HĐ-2026-118" target-status="Đã duyệt" default-note="" open></hcm-approval-dialog>',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Chuyển trạng thái' });
    expect(dialog.textContent).to.contain('Chuyển HĐ-2026-118 sang trạng thái Đã duyệt?');
    // the focus starts inside the dialog: type, then Tab to the buttons
    const note = within(dialog).getByRole('textbox', { name: /Ghi chú/ });
    note.focus();
    await userEvent.keyboard('Đủ hồ sơ');
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement?.textContent).to.equal('Xác nhận');
    const confirmed = nextEvent<ApprovalDecision>('hcm-confirm');
    await userEvent.keyboard('{Enter}');
    expect((await confirmed).detail).to.deep.equal({ kind: 'switch-status', note: 'Đủ hồ sơ' });
  });

  it('confirms a delete without a note, tells a cancel by Escape, and closes when open is removed', async () => {
    const element = await addElement(
      '<hcm-approval-dialog kind="delete" item-name="Phòng Kế toán" open></hcm-approval-dialog>',
    );
    let dialog = await screen.findByRole('alertdialog', { name: 'Xóa' });
    expect(within(dialog).queryByRole('textbox')).to.equal(null);
    const confirmed = nextEvent<ApprovalDecision>('hcm-confirm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    expect((await confirmed).detail).to.deep.equal({ kind: 'delete' });

    element.setAttribute('kind', 'approve');
    element.setAttribute('open', '');
    dialog = await screen.findByRole('dialog', { name: 'Phê duyệt' });
    const cancelled = nextEvent<{ kind: string }>('hcm-cancel');
    await userEvent.keyboard('{Escape}');
    expect((await cancelled).detail).to.deep.equal({ kind: 'approve' });
    expect(element.hasAttribute('open')).to.equal(false);

    element.setAttribute('open', '');
    await screen.findByRole('dialog', { name: 'Phê duyệt' });
    element.removeAttribute('open');
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });

  it('returns a record only with a reason, counted and trimmed, and leaves the page in reach once closed', async () => {
    const page = await addElement('<button type="button">Mở hộp thoại</button>');
    const element = await addElement(
      '<hcm-approval-dialog kind="back" item-name="Quyết định KT-07" open></hcm-approval-dialog>',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Trả lại' });
    expect(dialog.textContent).to.contain('Trả lại Quyết định KT-07 cho người gửi để sửa?');
    const reason = within(dialog).getByRole('textbox', { name: /Lý do trả lại/ }) as HTMLTextAreaElement;
    expect(reason.value).to.equal('');
    expect(within(dialog).getByText('0/1000')).to.not.equal(null);
    // the page behind a modal is out of reach while it is open
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mở hộp thoại' }) === null).to.equal(true),
    );
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    let told = 0;
    element.addEventListener('hcm-confirm', () => (told += 1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trả lại' }));
    await within(dialog).findByText('Vui lòng nhập lý do trả lại');
    await userEvent.type(reason, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trả lại' }));
    expect(told).to.equal(0);

    await userEvent.type(reason, 'Sai số tiền  ');
    expect(within(dialog).getByText('11/1000')).to.not.equal(null);
    const confirmed = nextEvent<ApprovalDecision>('hcm-confirm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Trả lại' }));
    expect((await confirmed).detail).to.deep.equal({ kind: 'back', reason: 'Sai số tiền' });
    expect(element.hasAttribute('open')).to.equal(false);
    // closed Fluent's own way (open false, not torn out): the page is in reach again
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mở hộp thoại' }) === page).to.equal(true),
    );

    // opened again, it starts afresh
    element.setAttribute('open', '');
    const again = await screen.findByRole('dialog', { name: 'Trả lại' });
    expect(
      (within(again).getByRole('textbox', { name: /Lý do trả lại/ }) as HTMLTextAreaElement).value,
    ).to.equal('');
    expect(within(again).queryByText('Vui lòng nhập lý do trả lại')).to.equal(null);
  });

  it('cancels a request with an optional reason, and tells hcm-cancel when closed without deciding', async () => {
    const element = await addElement(
      '<hcm-approval-dialog kind="cancel-request" open></hcm-approval-dialog>',
    );
    let dialog = await screen.findByRole('dialog', { name: 'Huỷ yêu cầu duyệt' });
    expect(dialog.textContent).to.contain('Bạn có chắc chắn muốn huỷ yêu cầu duyệt?');
    // optional: confirmed without one
    let confirmed = nextEvent<ApprovalDecision>('hcm-confirm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Huỷ yêu cầu' }));
    expect((await confirmed).detail).to.deep.equal({ kind: 'cancel-request', reason: '' });

    element.setAttribute('open', '');
    dialog = await screen.findByRole('dialog', { name: 'Huỷ yêu cầu duyệt' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Lý do huỷ/ }), ' Gửi nhầm quy trình ');
    expect(within(dialog).getByText('18/1000')).to.not.equal(null);
    confirmed = nextEvent<ApprovalDecision>('hcm-confirm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Huỷ yêu cầu' }));
    expect((await confirmed).detail).to.deep.equal({ kind: 'cancel-request', reason: 'Gửi nhầm quy trình' });

    element.setAttribute('open', '');
    dialog = await screen.findByRole('dialog', { name: 'Huỷ yêu cầu duyệt' });
    const cancelled = nextEvent<{ kind: string }>('hcm-cancel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect((await cancelled).detail).to.deep.equal({ kind: 'cancel-request' });
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });

  it('shows nothing for an unknown kind, and open="false" stays closed', async () => {
    await addElement('<hcm-approval-dialog kind="approve-all" open></hcm-approval-dialog>');
    await addElement('<hcm-approval-dialog kind="approve" open="false"></hcm-approval-dialog>');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).to.equal(null);
  });
});
