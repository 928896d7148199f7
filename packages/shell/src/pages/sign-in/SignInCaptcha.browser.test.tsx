import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPaths, ErrorCodes, Headers } from '@hcm/contracts';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import {
  healthyIam,
  issuedTokens,
  type FakeApi,
} from '../../../../../shared/session/src/testing/fake-iam.ts';
import { currentPath, prepareShell, renderShellAt, resetShell } from '../../testing/shell-fixture.tsx';

const refused = { code: ErrorCodes.invalidCredentials, message: 'Tên đăng nhập hoặc mật khẩu không đúng' };
const DIFFICULTY = 8;

/** The server's check, done independently of @hcm/session: SHA-256 (crypto.subtle) and zero bits. */
async function solves(prefix: string, nonce: string, difficulty: number): Promise<boolean> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${prefix}${nonce}`)),
  );
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) bits += 8;
    else return bits + Math.clz32(byte) - 24 >= difficulty;
  }
  return true;
}

interface IamOptions {
  /** the server wants a solved challenge from the first attempt (another tab used the free ones) */
  askingFromStart?: boolean;
  /** holds GET public/captcha until released, so the "verifying" state can be seen */
  hold?: Promise<void>;
  /** GET public/captcha fails this many times first */
  failingChallenges?: number;
}

/**
 * An IAM that asks for a proof of work after the first wrong password (as the server does after
 * CAPTCHA_AFTER_FAILURES), or from the start, hands out challenges, spends each on use, and
 * accepts "right" with a nonce that solves the latest one.
 */
function powIam({ askingFromStart = false, hold, failingChallenges = 0 }: IamOptions = {}): FakeApi {
  let asking = askingFromStart;
  let served = 0;
  let failures = failingChallenges;
  const open = new Set<string>();
  return healthyIam()
    .on('GET', ApiPaths.iam.captcha, async () => {
      await hold;
      if (failures-- > 0) return { status: 500, body: { code: 'INTERNAL_ERROR', message: 'down' } };
      served += 1;
      const captchaId = `00000000-0000-4000-8000-00000000000${served}`;
      const prefix = `${captchaId}.AbCdEfGhIjKlMnOpQrStU${served}`;
      open.add(prefix);
      const expiresAt = new Date(Date.now() + 120_000).toISOString();
      return { status: 200, body: { data: { captchaId, prefix, difficulty: DIFFICULTY, expiresAt } } };
    })
    .on('POST', ApiPaths.iam.authenticate, async ({ body, headers }) => {
      const captcha = headers.get(Headers.captcha);
      if (asking && captcha === null)
        return {
          status: 400,
          body: {
            code: ErrorCodes.captchaRequired,
            message: 'needs a challenge',
            errors: [{ field: 'captcha', code: 'error.required', message: 'is required' }],
          },
          headers: { [Headers.captchaRequired]: 'true' },
        };
      if (asking) {
        const colon = (captcha ?? '').lastIndexOf(':');
        const prefix = (captcha ?? '').slice(0, colon);
        const nonce = (captcha ?? '').slice(colon + 1);
        const fresh = open.delete(prefix);
        if (!fresh || !(await solves(prefix, nonce, DIFFICULTY)))
          return {
            status: 400,
            body: {
              code: ErrorCodes.captchaInvalid,
              message: 'spent',
              errors: [{ field: 'captcha', code: 'error.invalidValue', message: 'is wrong or has expired' }],
            },
            headers: { [Headers.captchaRequired]: 'true' },
          };
      }
      if ((body as { password: string }).password === 'right')
        return { status: 200, body: { data: issuedTokens } };
      asking = true;
      return { status: 401, body: refused, headers: { [Headers.captchaRequired]: 'true' } };
    });
}

describe('sign-in browser check (proof of work)', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = powIam();
    await prepareShell(api);
  });
  afterEach(resetShell);

  const signInWith = async (password: string) => {
    renderShellAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Tên đăng nhập'), 'hradmin');
    await user.type(screen.getByLabelText('Mật khẩu'), `${password}{Enter}`);
    return user;
  };
  const retype = async (user: ReturnType<typeof userEvent.setup>, password: string) => {
    await user.clear(screen.getByLabelText('Mật khẩu'));
    await user.type(screen.getByLabelText('Mật khẩu'), `${password}{Enter}`);
  };

  it('is absent until the server asks for it, and asks for no challenge', async () => {
    renderShellAt('/login');
    await screen.findByLabelText('Tên đăng nhập');
    expect(screen.queryByRole('status') === null).to.equal(true);
    expect(screen.queryByRole('textbox', { name: /Mã xác thực/ }) === null).to.equal(true);
    expect(api.callsTo(ApiPaths.iam.captcha)).to.have.length(0);
  });

  it('solves a challenge in the background after a refusal that says x-captcha-required', async () => {
    await signInWith('wrong');
    expect((await screen.findByRole('alert')).textContent).to.contain(
      'Tên đăng nhập hoặc mật khẩu không đúng',
    );
    await screen.findByText('Đã xác minh trình duyệt.');
    expect(api.callsTo(ApiPaths.iam.captcha)).to.have.length(1);
    // Nothing to type: no picture, no box.
    expect(screen.queryByRole('img') === null).to.equal(true);
  });

  it('sends the solved challenge as x-captcha with the next attempt, which the server checks', async () => {
    const user = await signInWith('wrong');
    await screen.findByText('Đã xác minh trình duyệt.');
    await retype(user, 'right');
    await waitFor(() => expect(currentPath()).to.equal('/dashboard'));
    const sent = api.callsTo(ApiPaths.iam.authenticate).at(-1)?.headers.get(Headers.captcha) ?? '';
    expect(sent).to.match(/^00000000-0000-4000-8000-000000000001\.AbCdEfGhIjKlMnOpQrStU1:\d+$/);
    const nonce = sent.slice(sent.lastIndexOf(':') + 1);
    expect(await solves(sent.slice(0, sent.lastIndexOf(':')), nonce, DIFFICULTY)).to.equal(true);
  });

  it('uses a new challenge for every attempt (each is spent, right or wrong)', async () => {
    const user = await signInWith('wrong');
    await screen.findByText('Đã xác minh trình duyệt.');
    await retype(user, 'wrong-again');
    await waitFor(() => expect(api.callsTo(ApiPaths.iam.captcha)).to.have.length(2));
    await screen.findByText('Đã xác minh trình duyệt.');
    await retype(user, 'right');
    await waitFor(() => expect(currentPath()).to.equal('/dashboard'));
    const headers = api.callsTo(ApiPaths.iam.authenticate).map((call) => call.headers.get(Headers.captcha));
    expect(headers[0]).to.equal(null);
    expect(headers[1]).to.contain('AbCdEfGhIjKlMnOpQrStU1:');
    expect(headers[2]).to.contain('AbCdEfGhIjKlMnOpQrStU2:');
  });

  it('retries once by itself when the server refused for lacking one (CAPTCHA_REQUIRED)', async () => {
    api = powIam({ askingFromStart: true });
    await prepareShell(api);
    await signInWith('right');
    await waitFor(() => expect(currentPath()).to.equal('/dashboard'));
    const calls = api.callsTo(ApiPaths.iam.authenticate);
    expect(calls).to.have.length(2);
    expect(calls[0]?.headers.get(Headers.captcha)).to.equal(null);
    expect(calls[1]?.headers.get(Headers.captcha)).to.match(/:\d+$/);
  });

  it('says it is verifying while the challenge is being fetched and solved', async () => {
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    api = powIam({ hold });
    await prepareShell(api);
    await signInWith('wrong');
    await screen.findByText('Đang xác minh trình duyệt…');
    release();
    await screen.findByText('Đã xác minh trình duyệt.');
  });

  it('says when no challenge could be had, and tries again on request', async () => {
    api = powIam({ failingChallenges: 1 });
    await prepareShell(api);
    const user = await signInWith('wrong');
    await screen.findByText('Không xác minh được trình duyệt. Bấm “Thử lại”.');
    await user.click(screen.getByRole('button', { name: 'Thử lại' }));
    await screen.findByText('Đã xác minh trình duyệt.');
    await retype(user, 'right');
    await waitFor(() => expect(currentPath()).to.equal('/dashboard'));
  });

  it('speaks English', async () => {
    const user = await signInWith('wrong');
    await screen.findByText('Đã xác minh trình duyệt.');
    await user.click(screen.getByRole('combobox', { name: 'Ngôn ngữ' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await screen.findByText('Browser verified.');
  });
});
