import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPaths } from '@hcm/contracts';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import {
  healthyIam,
  hrAdminProfile,
  type FakeApi,
} from '../../../../../shared/session/src/testing/fake-iam.ts';
import { currentPath, prepareShell, renderShellAt, resetShell } from '../../testing/shell-fixture.tsx';

describe('sign-in conveniences', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = healthyIam(undefined, { ...hrAdminProfile, language: 'en' });
    await prepareShell(api);
  });
  afterEach(resetShell);

  it('puts the cursor in the user-name field and names the page in the tab', async () => {
    renderShellAt('/login');
    const username = await screen.findByLabelText('Tên đăng nhập');
    await waitFor(() => expect(document.activeElement).to.equal(username));
    await waitFor(() => expect(document.title).to.equal('Đăng nhập · HCM'));
  });

  it('shows and hides the password with a toggle that does not submit the form', async () => {
    renderShellAt('/login');
    const password = await screen.findByLabelText('Mật khẩu');
    const toggle = screen.getByRole('button', { name: 'Hiện mật khẩu' });
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    expect(toggle.getAttribute('type')).to.equal('button');
    const user = userEvent.setup();
    await user.type(password, 'secret');
    await user.click(toggle);
    expect(password.getAttribute('type')).to.equal('text');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    await user.click(toggle);
    expect(password.getAttribute('type')).to.equal('password');
    // Pressing it sent nothing and showed no required-field errors.
    expect(api.callsTo(ApiPaths.iam.authenticate)).to.have.length(0);
    expect(screen.queryByRole('alert')).to.equal(null);
  });

  it('speaks the profile’s language after signing in, whatever the sign-in page spoke', async () => {
    renderShellAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Tên đăng nhập'), 'hradmin');
    await user.type(screen.getByLabelText('Mật khẩu'), 'right');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() => expect(currentPath()).to.equal('/dashboard'));
    await screen.findByRole('heading', { level: 1, name: `Welcome, ${hrAdminProfile.fullName}!` });
    expect(document.documentElement.lang).to.equal('en');
    // Taken from the profile, so nothing to save back.
    expect(api.callsTo(ApiPaths.iam.meProfile).filter((c) => c.method === 'POST')).to.have.length(0);
  });
});
