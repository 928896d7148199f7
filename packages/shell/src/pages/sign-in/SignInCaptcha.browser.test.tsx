import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPaths, ErrorCodes, Headers } from '@hcm/contracts';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import { healthyIam, issuedTokens, type FakeApi } from '../../testing/fake-api.ts';
import { currentPath, prepareShell, renderShellAt, resetShell } from '../../testing/shell-fixture.tsx';

const picture = (text: string) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50"><text x="10" y="30">${text}</text></svg>`)}`;

const refused = { code: ErrorCodes.invalidCredentials, message: 'Tên đăng nhập hoặc mật khẩu không đúng' };

/**
 * An IAM that asks for a captcha after the first wrong password (as the server does after
 * CAPTCHA_AFTER_FAILURES), or from the start (another tab used up the free attempts), then
 * accepts "right" with the answer K7P2M to the latest picture.
 */
function captchaIam({ askingFromStart = false } = {}): FakeApi {
  let asking = askingFromStart;
  let served = 0;
  let latest = '';
  return healthyIam()
    .on('GET', ApiPaths.iam.captcha, () => {
      served += 1;
      latest = `00000000-0000-4000-8000-00000000000${served}`;
      return { status: 200, body: { data: { captchaId: latest, image: picture(`P${served}`) } } };
    })
    .on('POST', ApiPaths.iam.authenticate, ({ body, headers }) => {
      const captcha = headers.get(Headers.captcha);
      if (asking && captcha === null)
        return {
          status: 400,
          body: {
            code: ErrorCodes.captchaRequired,
            message: 'Enter the characters',
            errors: [{ field: 'captcha', code: 'error.required', message: 'is required' }],
          },
        };
      if (asking && captcha !== `${latest}:K7P2M`)
        return {
          status: 400,
          body: {
            code: ErrorCodes.captchaInvalid,
            message: 'The captcha was wrong',
            errors: [{ field: 'captcha', code: 'error.invalidValue', message: 'is wrong or has expired' }],
          },
        };
      if ((body as { password: string }).password === 'right')
        return { status: 200, body: { data: issuedTokens } };
      asking = true;
      return { status: 401, body: refused, headers: { [Headers.captchaRequired]: 'true' } };
    });
}

describe('sign-in captcha', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = captchaIam();
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

  const captchaPicture = async (src: string) => {
    const image = await screen.findByRole('img', { name: 'Mã xác thực' });
    await waitFor(() => expect(image.getAttribute('src')).to.equal(src));
    return image;
  };

  it('is absent until the server asks for it', async () => {
    renderShellAt('/login');
    await screen.findByLabelText('Tên đăng nhập');
    expect(screen.queryByRole('img', { name: 'Mã xác thực' }) === null).to.equal(true);
    expect(screen.queryByRole('textbox', { name: /Mã xác thực/ }) === null).to.equal(true);
  });

  it('appears after a refusal that says x-captcha-required, with a refresh button', async () => {
    const user = await signInWith('wrong');
    expect((await screen.findByRole('alert')).textContent).to.contain(
      'Tên đăng nhập hoặc mật khẩu không đúng',
    );
    await captchaPicture(picture('P1'));
    screen.getByRole('textbox', { name: /Mã xác thực/ });
    await user.click(screen.getByRole('button', { name: 'Đổi mã khác' }));
    await captchaPicture(picture('P2'));
    expect(api.callsTo(ApiPaths.iam.captcha)).to.have.length(2);
  });

  it('requires the answer, then sends it as x-captcha with the next attempt', async () => {
    const user = await signInWith('wrong');
    await captchaPicture(picture('P1'));
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await screen.findByText('Vui lòng nhập mã xác thực.');
    expect(api.callsTo(ApiPaths.iam.authenticate)).to.have.length(1);

    await user.clear(screen.getByLabelText('Mật khẩu'));
    await user.type(screen.getByLabelText('Mật khẩu'), 'right');
    await user.type(screen.getByRole('textbox', { name: /Mã xác thực/ }), ' K7P2M {Enter}');
    await waitFor(() => expect(currentPath()).to.equal('/dashboard'));
    const sent = api.callsTo(ApiPaths.iam.authenticate).at(-1);
    expect(sent?.headers.get(Headers.captcha)).to.equal('00000000-0000-4000-8000-000000000001:K7P2M');
  });

  it('says a wrong answer on the field and shows a new picture', async () => {
    const user = await signInWith('wrong');
    await captchaPicture(picture('P1'));
    await user.type(screen.getByRole('textbox', { name: /Mã xác thực/ }), 'AAAAA{Enter}');
    // in the error bar and under the field
    const told = await screen.findAllByText(
      /^Mã xác thực không đúng hoặc đã hết hạn\. Vui lòng nhập mã trong hình mới\.$/,
    );
    expect(told).to.have.length(2);
    await captchaPicture(picture('P2'));
    expect((screen.getByRole('textbox', { name: /Mã xác thực/ }) as HTMLInputElement).value).to.equal('');
  });

  it('appears when the server refuses an attempt for lacking one (CAPTCHA_REQUIRED)', async () => {
    api = captchaIam({ askingFromStart: true });
    await prepareShell(api);
    await signInWith('right');
    await screen.findByText('Vui lòng nhập mã xác thực trong hình rồi đăng nhập lại.');
    await captchaPicture(picture('P1'));
    expect(currentPath()).to.equal('/login');
  });

  it('speaks English', async () => {
    const user = await signInWith('wrong');
    await captchaPicture(picture('P1'));
    await user.click(screen.getByRole('combobox', { name: 'Ngôn ngữ' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await screen.findByRole('img', { name: 'Verification code' });
    screen.getByRole('textbox', { name: /Verification code/ });
    screen.getByRole('button', { name: 'New code' });
  });
});
