import { expect } from '@open-wc/testing';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MY_NOTIFICATIONS_PATHS as PATHS } from '@hcm/contracts/notifications';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { healthyIam, type FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import '../standalone.ts';
import {
  addElement,
  nextEvent,
  prepareWidgets,
  resetWidgets,
  signInAsHrAdmin,
} from '../testing/widgets-fixture.ts';
import { listedTemplate, serveTemplates, templateRecord } from '../testing/template-fixture.ts';

const HOT_PINK = 'rgb(255, 105, 180)';
/** A page that styles everything its own way, !important. */
const HOSTILE_CSS = `
  * { font-family: "Comic Sans MS", cursive !important; letter-spacing: 6px !important; text-transform: uppercase !important; }
  body { color: ${HOT_PINK} !important; font-size: 31px !important; }
  button { background: ${HOT_PINK} !important; padding: 40px !important; border: 5px dotted lime !important; }
  div, span { border: 3px dashed red !important; }
  [role="dialog"] { display: none !important; }
`;

const shadowOf = (element: Element) => {
  const root = element.shadowRoot;
  if (!root) throw new Error(`${element.tagName} has no open shadow root`);
  return root as unknown as HTMLElement;
};

describe('the standalone bundle on a page outside the portal (shadow DOM)', () => {
  let api: FakeApi;
  let hostile: HTMLStyleElement;

  beforeEach(async () => {
    api = healthyIam().on('GET', PATHS.countUnread, () => ({ status: 200, body: { data: 7 } }));
    await prepareWidgets(api);
    await signInAsHrAdmin();
    hostile = document.createElement('style');
    hostile.textContent = HOSTILE_CSS;
    document.head.appendChild(hostile);
  });
  afterEach(async () => {
    hostile.remove();
    await resetWidgets();
  });

  it('renders the bell in its shadow root, styled by its own rules and untouched by the page’s', async () => {
    const bell = await addElement('<hcm-notification-bell></hcm-notification-bell>');
    const root = shadowOf(bell);
    const button = await within(root).findByRole('button', { name: 'Thông báo, 7 chưa đọc' });
    // Griffel's shadow renderer put the rules inside the root
    expect(bell.shadowRoot?.adoptedStyleSheets.length ?? 0).to.be.greaterThan(0);
    const style = getComputedStyle(button);
    expect(style.backgroundColor).to.not.equal(HOT_PINK);
    expect(style.letterSpacing).to.equal('normal');
    expect(style.textTransform).to.equal('none');
    expect(style.fontFamily).to.not.contain('Comic Sans');
    expect(style.paddingTop).to.not.equal('40px');
    const badge = within(root).getByTestId('notification-badge');
    expect(getComputedStyle(badge).borderTopStyle).to.not.equal('dashed');
    expect(getComputedStyle(badge).fontSize).to.not.equal('31px');
    // nothing of ours in the page: no element of the bell outside its root
    expect(document.querySelectorAll('[data-testid="notification-badge"]')).to.have.length(0);
  });

  it('opens the bell’s list and the approval dialog inside their shadow roots, with events reaching the page', async () => {
    api.on('GET', PATHS.list, () => ({
      status: 200,
      body: { data: [], page: { pageIndex: 1, pageSize: 20, total: 0 } },
    }));
    const bell = await addElement('<hcm-notification-bell></hcm-notification-bell>');
    await userEvent.click(await within(shadowOf(bell)).findByRole('button', { name: /Thông báo, 7/ }));
    const panel = await within(shadowOf(bell)).findByRole('dialog', { name: 'Thông báo' });
    expect(panel.getRootNode()).to.equal(bell.shadowRoot);
    expect(getComputedStyle(panel).display).to.not.equal('none');
    await within(panel).findByText('Không có thông báo nào');
    await userEvent.keyboard('{Escape}');

    const dialog = await addElement('<hcm-approval-dialog kind="approve" open></hcm-approval-dialog>');
    const surface = await within(shadowOf(dialog)).findByRole('dialog', { name: 'Phê duyệt' });
    expect(getComputedStyle(surface).display).to.not.equal('none');
    expect(await accessibilityViolations(shadowOf(dialog))).to.deep.equal([]);
    const confirmed = nextEvent<{ kind: string; note: string }>('hcm-confirm');
    await userEvent.click(within(surface).getByRole('button', { name: 'Phê duyệt' }));
    const event = await confirmed;
    // composed: the page hears it on the element, across the shadow boundary
    expect(event.target).to.equal(dialog);
    expect(event.detail).to.deep.equal({ kind: 'approve', note: 'Đồng ý' });
    await waitFor(() => expect(within(shadowOf(dialog)).queryByRole('dialog')).to.equal(null));
  });

  it('offers the page a session of its own: HcmWidgets.signIn, signedIn and signOut', async () => {
    const widgets = (window as unknown as { HcmWidgets: { signedIn(): unknown; signOut(): Promise<void> } })
      .HcmWidgets;
    expect(widgets.signedIn()).to.deep.equal({ username: 'hradmin' });
    await widgets.signOut();
    expect(widgets.signedIn()).to.equal(null);
  });

  it('opens the document template picker inside its shadow root, its choice reaching the page', async () => {
    const reward = templateRecord(2, { name: 'Quyết định khen thưởng', type: 'REWARD' });
    const queries = serveTemplates(api, [templateRecord(1), reward]);
    const picker = await addElement(
      '<hcm-document-template-picker multiple open></hcm-document-template-picker>',
    );
    const root = shadowOf(picker);
    const dialog = await within(root).findByRole('dialog', { name: 'Mẫu tài liệu' });
    expect(dialog.getRootNode()).to.equal(picker.shadowRoot);
    expect(getComputedStyle(dialog).display).to.not.equal('none');
    await within(dialog).findByText('Quyết định khen thưởng');
    expect(queries[0]?.getAll('status')).to.deep.equal(['ACTIVE']);
    const box = within(dialog).getByRole('checkbox', { name: 'Chọn Quyết định khen thưởng' });
    expect(getComputedStyle(box).letterSpacing).to.equal('normal');
    expect(getComputedStyle(within(dialog).getByRole('button', { name: 'Chọn' })).paddingTop).to.not.equal(
      '40px',
    );
    // nothing of the picker in the page's own DOM
    expect(document.querySelectorAll('[role="dialog"]')).to.have.length(0);
    expect(await accessibilityViolations(root)).to.deep.equal([]);

    await userEvent.click(box);
    const selected = nextEvent<{ success: boolean; items: { id: string }[] }>('hcm-select');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chọn' }));
    const event = await selected;
    expect(event.target).to.equal(picker);
    expect(event.detail).to.deep.equal({ success: true, items: [listedTemplate(reward)] });
    await waitFor(() => expect(within(root).queryByRole('dialog')).to.equal(null));
  });
});
