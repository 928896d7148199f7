import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@hcm/i18n';
import { dismissAllToasts } from '@hcm/ui';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import { healthyIam } from '../../../../../shared/session/src/testing/fake-iam.ts';
import { prepareShell, renderShellAt, resetShell, signInAsHrAdmin } from '../../testing/shell-fixture.tsx';

const goOffline = () => window.dispatchEvent(new Event('offline'));
const goOnline = () => window.dispatchEvent(new Event('online'));

// getBy*/findBy* queries throw when nothing matches: a bare query is an assertion.
describe('network toasts', () => {
  beforeEach(() => prepareShell(healthyIam()));
  afterEach(async () => {
    resetShell();
    await dismissAllToasts();
  });

  it('warns on the sign-in page when the network goes, and says when it is back', async () => {
    renderShellAt('/login');
    await screen.findByRole('heading', { level: 1, name: 'Đăng nhập' });
    goOffline();
    await screen.findByText(/Mất kết nối mạng/);
    expect(screen.getAllByText(/Mất kết nối mạng/)).to.have.length(1);
    screen.getByText('Mất kết nối mạng. Một số chức năng sẽ không hoạt động cho đến khi có mạng trở lại.');
    goOnline();
    await screen.findByText('Đã kết nối mạng trở lại.');
  });

  it('warns in the workspace too, in the user’s language', async () => {
    await signInAsHrAdmin();
    renderShellAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Xin chào, Quản trị Nhân sự!' });
    await setLanguage('en');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Quản trị Nhân sự!' });
    goOffline();
    await screen.findByText(/You are offline/);
    goOnline();
    await screen.findByText('You are back online.');
    await setLanguage('vi');
  });

  it('announces once per change, not again when the shell re-renders', async () => {
    renderShellAt('/login');
    await screen.findByRole('heading', { level: 1, name: 'Đăng nhập' });
    await setLanguage('en');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await setLanguage('vi');
    await screen.findByRole('heading', { level: 1, name: 'Đăng nhập' });
    goOffline();
    await screen.findByText(/Mất kết nối mạng/);
    await waitFor(() => expect(screen.getAllByText(/Mất kết nối mạng/)).to.have.length(1));
  });
});
