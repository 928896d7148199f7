import { expect } from '@open-wc/testing';
import { act, screen } from '@testing-library/react';
import { ApiPaths, type Profile } from '@hcm/contracts';
import { clearSession, configureHttp, signIn } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { Authorized } from './Authorized.tsx';
import { useHasAuthority } from './use-authorities.ts';

const profileWith = (grantedPermissions: string[], isRoot = false): Profile => ({
  id: 'u-1',
  username: 'hradmin',
  fullName: 'Quản trị Nhân sự',
  email: null,
  tenantId: 't-1',
  tenantName: 'Công ty Minh An',
  language: 'vi',
  userPrimary: { isRoot, grantedPermissions, userLevel: 'TENANT' },
});

/** Signs in through the real session code, against a stand-in IAM that answers this profile. */
async function signInAs(profile: Profile): Promise<void> {
  const json = (data: unknown) =>
    new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
  configureHttp({
    fetch: async (input: URL | Request | string) => {
      const path = new URL(input instanceof Request ? input.url : input, window.location.href).pathname;
      if (path === ApiPaths.iam.authenticate)
        return json({ accessToken: 'a', refreshToken: 'r', idToken: 'i', secretKey: 's' });
      if (path === ApiPaths.iam.meProfile) return json(profile);
      return new Response(null, { status: 404 });
    },
  });
  await signIn({ username: profile.username, password: 'x', rememberMe: false });
}

function AddButton() {
  return (
    <Authorized anyOf={['worker.create', 'worker.update']} fallback={<span>Chỉ xem</span>}>
      <button type="button">Thêm nhân viên</button>
    </Authorized>
  );
}

function CanExport() {
  return <output aria-label="xuất">{String(useHasAuthority('worker.export'))}</output>;
}

describe('Authorized', () => {
  beforeEach(async () => {
    await prepareUi();
    clearSession();
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows its content to a holder of any one of the codes', async () => {
    await signInAs(profileWith(['worker.view', 'worker.update']));
    renderUi(<AddButton />);
    screen.getByRole('button', { name: 'Thêm nhân viên' });
    expect(screen.queryByText('Chỉ xem')).to.equal(null);
  });

  it('shows the fallback (or nothing) to a user holding none of them', async () => {
    await signInAs(profileWith(['worker.view']));
    renderUi(
      <>
        <AddButton />
        <Authorized anyOf="worker.delete">
          <button type="button">Xoá</button>
        </Authorized>
      </>,
    );
    screen.getByText('Chỉ xem');
    expect(screen.queryByRole('button')).to.equal(null);
  });

  it('lets a root user through, and an empty requirement through for anyone signed in', async () => {
    await signInAs(profileWith([], true));
    renderUi(<AddButton />);
    screen.getByRole('button', { name: 'Thêm nhân viên' });
    act(() => clearSession());
    screen.getByText('Chỉ xem');
    await signInAs(profileWith([]));
    renderUi(
      <Authorized anyOf={[]}>
        <p>Mọi người</p>
      </Authorized>,
    );
    screen.getByText('Mọi người');
  });

  it('follows the session: signing out hides, the hook answers per code', async () => {
    await signInAs(profileWith(['worker.export']));
    renderUi(<CanExport />);
    expect(screen.getByRole('status', { name: 'xuất' }).textContent).to.equal('true');
    act(() => clearSession());
    expect(screen.getByRole('status', { name: 'xuất' }).textContent).to.equal('false');
  });
});
