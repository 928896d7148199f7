import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationEventContract, type EmailDelivery } from '@hcm/contracts/notification-events';
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

const API = notificationEventContract.apiPath;
const ROUTE = notificationEventContract.route;
const ALL = { assignmentType: 'ALL_PERSONNEL', assignmentId: null, assignmentName: null };
const SMTP_MESSAGE =
  'This portal sends no email (no SMTP server is configured): untick "Also by email" or ask the administrator to set SMTP_URL';

type Stored = Record<string, unknown> & { id: string; version: number };

const base = {
  content: 'Công ty nghỉ Tết từ 05/02 đến 14/02.',
  eventType: 'GENERAL',
  attachedLink: null,
  audiences: [ALL],
  sendEmail: false,
  emailTemplateId: null,
  sendAt: null,
  sendStatus: 'DRAFT',
  sentAt: null,
  recipientCount: null,
  emailCount: null,
};

const EMAILS: EmailDelivery[] = [
  {
    id: 'e-1',
    toAddress: 'nv01@congty.vn',
    recipientName: 'Nguyễn Văn An',
    subject: 'Lịch nghỉ Tết',
    status: 'SENT',
    attempts: 1,
    lastError: null,
    sentAt: '2026-11-22T01:30:00.000Z',
    createdAt: '2026-11-22T01:29:00.000Z',
  },
  {
    id: 'e-2',
    toAddress: 'nv02@congty.vn',
    recipientName: 'Trần Thị Bình',
    subject: 'Lịch nghỉ Tết',
    status: 'FAILED',
    attempts: 5,
    lastError: '550 5.1.1 mailbox unavailable',
    sentAt: null,
    createdAt: '2026-11-22T01:29:00.000Z',
  },
  {
    id: 'e-3',
    toAddress: 'nv03@congty.vn',
    recipientName: null,
    subject: 'Lịch nghỉ Tết',
    status: 'RETRYING',
    attempts: 2,
    lastError: '421 try again later',
    sentAt: null,
    createdAt: '2026-11-22T01:29:00.000Z',
  },
];

let api: FakeResourceApi;
/** the answer the next send gives instead of sending (a refusal) */
let refuseSend: { status: number; body: unknown } | null;

const stored = () => api.records(notificationEventContract) as Stored[];
const byTitle = (title: string) => {
  const record = stored().find((r) => r.title === title);
  if (!record) throw new Error(`no ${title}`);
  return record;
};
const detailOf = (title: string) => `${ROUTE}/${byTitle(title).id}/detail`;
const article = () => screen.findByRole('article', { name: 'Thông báo' });
/** the value shown for a field on the detail page */
const shownValue = async (field: string) => {
  const page = await article();
  return page.querySelector(`[data-field="${field}"]`);
};

describe('Notification › form', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    refuseSend = null;
    api = new FakeResourceApi([notificationEventContract]);
    const seed = (values: Record<string, unknown>) =>
      api.seed(notificationEventContract, 1, () => ({ ...base, ...values }));
    seed({ title: 'Lịch nghỉ Tết' });
    seed({ title: 'Họp toàn công ty', sendStatus: 'SCHEDULED', sendAt: '2099-01-05T02:00:00.000Z' });
    seed({
      title: 'Chính sách phúc lợi',
      eventType: 'POLICY',
      sendEmail: true,
      sendStatus: 'SENT',
      sentAt: '2026-11-22T01:29:00.000Z',
      recipientCount: 3,
      emailCount: 3,
    });
    seed({ title: 'Bản tin tháng', sendEmail: true });
    api.intercept((call) => {
      const match = /^\/api\/notification\/events\/([^/]+)\/(send|cancel|emails)$/.exec(call.path);
      if (!match) {
        // the pickers of the form: nothing to choose in these tests
        if (call.path.startsWith(`${API}/audiences/`) || call.path.startsWith(`${API}/email-templates`))
          return call.path.endsWith('/find-by-ids')
            ? { status: 200, body: { data: [] } }
            : { status: 200, body: { data: [], page: { pageIndex: 1, pageSize: 25, total: 0 } } };
        return null;
      }
      const record = stored().find((r) => r.id === match[1]);
      if (!record) return { status: 404, body: { code: 'NOT_FOUND', message: 'No such notification' } };
      if (match[2] === 'emails') {
        const pageIndex = Number(call.query.get('pageIndex'));
        const pageSize = Number(call.query.get('pageSize'));
        const rows = record.sendStatus === 'SENT' ? EMAILS : [];
        return {
          status: 200,
          body: {
            data: rows.slice((pageIndex - 1) * pageSize, pageIndex * pageSize),
            page: { pageIndex, pageSize, total: rows.length },
          },
        };
      }
      if (call.method !== 'POST') return null;
      if (record.sendStatus === 'SENT' || record.sendStatus === 'CANCELED')
        return {
          status: 409,
          body: { code: 'CONFLICT', message: 'This notification was already sent or canceled' },
        };
      if (match[2] === 'send' && refuseSend) return refuseSend;
      const ahead = typeof record.sendAt === 'string' && new Date(record.sendAt).getTime() > Date.now();
      Object.assign(
        record,
        match[2] === 'cancel'
          ? { sendStatus: 'CANCELED' }
          : ahead
            ? { sendStatus: 'SCHEDULED' }
            : { sendStatus: 'SENT', sentAt: new Date().toISOString(), recipientCount: 12 },
        { version: record.version + 1 },
      );
      return { status: 200, body: { data: record } };
    });
    await api.signInWith([
      'notification.view',
      'notification.create',
      'notification.update',
      'notification.delete',
      'notification.export',
    ]);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists the notifications with their columns and each status as a badge', async () => {
    openPath(ROUTE);
    renderUi(<AdminRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Gửi thông báo' });
    const table = await screen.findByRole('table', { name: 'Gửi thông báo' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent?.trim());
    for (const name of [
      'Tiêu đề',
      'Loại thông báo',
      'Người nhận',
      'Thời điểm gửi',
      'Trạng thái',
      'Số người nhận',
    ])
      expect(
        headers.some((header) => header?.startsWith(name)),
        name,
      ).to.equal(true);
    const draft = await within(table).findByRole('row', { name: /Lịch nghỉ Tết/ });
    expect(within(draft).getByText('Nháp').getAttribute('data-tone')).to.equal('informative');
    const sent = within(table).getByRole('row', { name: /Chính sách phúc lợi/ });
    expect(within(sent).getByText('Đã gửi').getAttribute('data-tone')).to.equal('success');
    within(table).getByRole('row', { name: /Họp toàn công ty/ });
    expect(
      await accessibilityViolations(screen.getByRole('region', { name: 'Gửi thông báo' })),
    ).to.deep.equal([]);
  });

  it('creates a notification to all personnel: the picker stays disabled and the row is saved without one', async () => {
    const user = userEvent.setup();
    openPath(`${ROUTE}/create`);
    renderUi(<AdminRouter />);
    await user.type(await screen.findByRole('textbox', { name: /^Tiêu đề/ }), 'Thông báo nghỉ lễ 2/9');
    const recipients = within(await screen.findByRole('group', { name: 'Người nhận' }));
    await user.click(recipients.getByRole('button', { name: 'Thêm dòng' }));
    await user.click(recipients.getByRole('combobox', { name: 'Đối tượng 1' }));
    await user.click(await screen.findByRole('option', { name: 'Toàn bộ nhân sự' }));
    const picker = recipients.getByRole('combobox', { name: 'Chọn 1' });
    expect((picker as HTMLInputElement).disabled || picker.getAttribute('aria-disabled') === 'true').to.equal(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', API)).to.have.length(1));
    const body = api.callsTo('POST', API)[0]?.body as Record<string, unknown>;
    expect(body.title).to.equal('Thông báo nghỉ lễ 2/9');
    expect(body.audiences).to.deep.equal([{ assignmentType: 'ALL_PERSONNEL', assignmentId: null }]);
    // saved: the new record's page, a draft ready to send
    await screen.findByRole('button', { name: 'Gửi ngay' });
    expect(stored().find((r) => r.title === 'Thông báo nghỉ lễ 2/9')?.sendStatus).to.equal('DRAFT');
  });

  it('sends a draft after a confirmation and shows it sent, without send or cancel any more', async () => {
    const user = userEvent.setup();
    const id = byTitle('Lịch nghỉ Tết').id;
    openPath(detailOf('Lịch nghỉ Tết'));
    renderUi(<AdminRouter />);
    const send = await screen.findByRole('button', { name: 'Gửi ngay' });
    screen.getByRole('button', { name: 'Hủy gửi' });
    expect((await shownValue('sendStatus'))?.textContent).to.equal('Nháp');
    // no email: no emails section
    expect(screen.queryByRole('region', { name: 'Email đã gửi' })).to.equal(null);
    expect(await accessibilityViolations(await article())).to.deep.equal([]);

    await user.click(send);
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText('Gửi thông báo “Lịch nghỉ Tết” đến người nhận ngay bây giờ?');
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);
    await user.click(within(dialog).getByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/${id}/send`)).to.have.length(1));
    await screen.findByText('Đã gửi thông báo.');
    await waitFor(async () => expect((await shownValue('sendStatus'))?.textContent).to.equal('Đã gửi'));
    expect(screen.queryByRole('button', { name: 'Gửi ngay' })).to.equal(null);
    expect(screen.queryByRole('button', { name: 'Hủy gửi' })).to.equal(null);
  });

  it('asks nothing of the server when the confirmation is dismissed', async () => {
    const user = userEvent.setup();
    openPath(detailOf('Lịch nghỉ Tết'));
    renderUi(<AdminRouter />);
    await user.click(await screen.findByRole('button', { name: 'Gửi ngay' }));
    // the dialog's content, not only its role: a loaded CI machine found the role before the buttons
    await user.click(
      await within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Hủy' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).to.equal(null));
    expect(api.calls.filter((call) => call.path.endsWith('/send'))).to.have.length(0);
  });

  it('offers to schedule one whose time lies ahead, and cancels it after a confirmation', async () => {
    const user = userEvent.setup();
    const id = byTitle('Họp toàn công ty').id;
    openPath(detailOf('Họp toàn công ty'));
    renderUi(<AdminRouter />);
    await screen.findByRole('button', { name: 'Hẹn giờ gửi' });
    expect(screen.queryByRole('button', { name: 'Gửi ngay' })).to.equal(null);
    expect((await shownValue('sendStatus'))?.textContent).to.equal('Đã hẹn giờ');

    await user.click(screen.getByRole('button', { name: 'Hủy gửi' }));
    // the dialog by what it asks (the page's loading overlay may still hide it a moment)
    const question = await screen.findByText(/“Họp toàn công ty” sẽ không được gửi/);
    const dialog = question.closest<HTMLElement>('[role="alertdialog"]');
    if (!dialog) throw new Error('the question is not in a dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/${id}/cancel`)).to.have.length(1));
    await screen.findByText('Đã hủy gửi thông báo.');
    await waitFor(async () => expect((await shownValue('sendStatus'))?.textContent).to.equal('Đã hủy'));
    expect(screen.queryByRole('button', { name: 'Hẹn giờ gửi' })).to.equal(null);
    expect(screen.queryByRole('button', { name: 'Hủy gửi' })).to.equal(null);
  });

  it('schedules one whose time lies ahead and says when it goes', async () => {
    const user = userEvent.setup();
    const id = byTitle('Họp toàn công ty').id;
    openPath(detailOf('Họp toàn công ty'));
    renderUi(<AdminRouter />);
    await user.click(await screen.findByRole('button', { name: 'Hẹn giờ gửi' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText(/“Họp toàn công ty” sẽ được gửi lúc \d\d\/01\/2099 \d\d:00/);
    // a moment after it opens, the dialog may still be hidden behind the page's loading overlay
    await user.click(await within(dialog).findByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/${id}/send`)).to.have.length(1));
    await screen.findByText(/^Đã hẹn giờ gửi thông báo lúc \d\d\/01\/2099 \d\d:00\.$/);
  });

  it('shows a sent one’s emails with their outcome as badges, 25 a page, and reads them again', async () => {
    const user = userEvent.setup();
    const id = byTitle('Chính sách phúc lợi').id;
    openPath(detailOf('Chính sách phúc lợi'));
    renderUi(<AdminRouter />);
    const section = await screen.findByRole('region', { name: 'Email đã gửi' });
    expect(screen.queryByRole('button', { name: 'Gửi ngay' })).to.equal(null);
    expect(screen.queryByRole('button', { name: 'Hẹn giờ gửi' })).to.equal(null);
    expect(screen.queryByRole('button', { name: 'Hủy gửi' })).to.equal(null);
    const table = await within(section).findByRole('table', { name: 'Email đã gửi' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.trim()),
    ).to.deep.equal(['Người nhận', 'Tiêu đề email', 'Trạng thái', 'Số lần gửi', 'Lỗi gần nhất', 'Gửi lúc']);
    const first = await within(table).findByRole('row', { name: /Nguyễn Văn An/ });
    within(first).getByText('nv01@congty.vn');
    expect(within(first).getByText('Đã gửi').getAttribute('data-tone')).to.equal('success');
    within(first).getByText(/^\d\d\/11\/2026 \d\d:30$/);
    const failed = within(table).getByRole('row', { name: /Trần Thị Bình/ });
    expect(within(failed).getByText('Thất bại').getAttribute('data-tone')).to.equal('danger');
    within(failed).getByText('550 5.1.1 mailbox unavailable');
    within(failed).getByText('5');
    const retrying = within(table).getByRole('row', { name: /nv03@congty\.vn/ });
    expect(within(retrying).getByText('Đang thử lại').getAttribute('data-tone')).to.equal('warning');
    const calls = () => api.callsTo('GET', `${API}/${id}/emails`);
    expect(calls()[0]?.query.get('pageIndex')).to.equal('1');
    expect(calls()[0]?.query.get('pageSize')).to.equal('25');
    expect(await accessibilityViolations(await article())).to.deep.equal([]);

    const before = calls().length;
    await user.click(within(section).getByRole('button', { name: 'Làm mới' }));
    await waitFor(() => expect(calls().length).to.equal(before + 1));
    await within(table).findByRole('row', { name: /Nguyễn Văn An/ });
  });

  it('says in Vietnamese why the server refuses to send (no mail server), never its English', async () => {
    const user = userEvent.setup();
    refuseSend = {
      status: 409,
      body: { code: 'CONFLICT', message: SMTP_MESSAGE, params: { reason: 'noMailServer' } },
    };
    openPath(detailOf('Bản tin tháng'));
    renderUi(<AdminRouter />);
    // goes by email: the (empty) emails section is there before sending
    const section = await screen.findByRole('region', { name: 'Email đã gửi' });
    await within(section).findByText('Chưa có email nào.');
    await user.click(await screen.findByRole('button', { name: 'Gửi ngay' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText(/Người nhận cũng nhận được email\.$/);
    // a moment after it opens, the dialog may still be hidden behind the page's loading overlay
    await user.click(await within(dialog).findByRole('button', { name: 'Đồng ý' }));
    await screen.findByText(
      'Cổng chưa có máy chủ gửi email nên không gửi được email: hãy bỏ chọn “Gửi kèm email” hoặc đề nghị quản trị viên cấu hình máy chủ email (SMTP_URL).',
    );
    expect(screen.queryByText(SMTP_MESSAGE)).to.equal(null);
    // still a draft, still offered
    await screen.findByRole('button', { name: 'Gửi ngay' });
    expect(byTitle('Bản tin tháng').sendStatus).to.equal('DRAFT');
  });

  it('says a sent one can no longer be edited instead of drawing its form; a draft gets the form', async () => {
    const user = userEvent.setup();
    openPath(`${ROUTE}/${byTitle('Chính sách phúc lợi').id}/update`);
    renderUi(<AdminRouter />);
    await screen.findByText('Thông báo đã gửi hoặc đã hủy thì không sửa được nữa.');
    expect(screen.queryByRole('button', { name: 'Lưu' })).to.equal(null);
    await user.click(screen.getByRole('button', { name: 'Xem thông báo' }));
    await screen.findByRole('region', { name: 'Email đã gửi' });

    openPath(`${ROUTE}/${byTitle('Lịch nghỉ Tết').id}/update`);
    await screen.findByRole('button', { name: 'Lưu' });
    expect(screen.queryByText('Thông báo đã gửi hoặc đã hủy thì không sửa được nữa.')).to.equal(null);
  });

  it('offers neither send nor cancel to a user who may only view', async () => {
    clearSession();
    await api.signInWith(['notification.view']);
    openPath(detailOf('Lịch nghỉ Tết'));
    renderUi(<AdminRouter />);
    await screen.findByRole('button', { name: 'Quay lại danh sách' });
    expect(screen.queryByRole('button', { name: 'Gửi ngay' })).to.equal(null);
    expect(screen.queryByRole('button', { name: 'Hủy gửi' })).to.equal(null);
  });
});
