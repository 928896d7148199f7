import { expect } from '@open-wc/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import { ThemeStorageKeys, type PortalTheme } from '@hcm/contracts';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import { healthyIam } from '../../../../../shared/session/src/testing/fake-iam.ts';
import { prepareShell, resetShell, signInAsHrAdmin } from '../../testing/shell-fixture.tsx';
import { ShellRoot } from '../../ShellRoot.tsx';
import { createThemeController, type ThemeController } from './theme-controller.ts';
import { downloadAsDataUrl } from './download-logo.ts';
import { ThemeControllerContext } from './use-theme.ts';

/** The test runner serves the repository: the build publishes root-config/src/themes as /themes. */
const assetUrl = (path: string) => `/root-config/src${path}`;
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>';
const inlineLogo = `data:image/svg+xml;base64,${btoa(LOGO_SVG)}`;
const evo: PortalTheme = { type: 'evo', logoUrl: null };
const z113: PortalTheme = { type: 'z113', logoUrl: '/brand/z113.svg' };

/** A stand-in for the logo server: answers the URLs it knows with an SVG, the rest with 404. */
function logoServer(known: string[]) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    return known.includes(url)
      ? new Response(new Blob([LOGO_SVG], { type: 'image/svg+xml' }))
      : new Response('not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  }) as typeof fetch;
  return { asked, download: (url: string) => downloadAsDataUrl(fetcher, url) };
}

function controllerWith(
  server: () => Promise<unknown>,
  logos: ReturnType<typeof logoServer>,
): ThemeController {
  return createThemeController({
    storage: localStorage,
    document,
    loadServerTheme: server,
    downloadLogo: logos.download,
    assetUrl,
  });
}

const themeLinks = () =>
  [...document.head.querySelectorAll('link[data-hcm-theme]')].map(
    (link) => `${link.getAttribute('rel')} ${new URL((link as HTMLLinkElement).href).pathname}`,
  );
const cache = (theme: PortalTheme, logo?: string) => {
  localStorage.setItem(ThemeStorageKeys.theme, JSON.stringify(theme));
  if (logo) localStorage.setItem(ThemeStorageKeys.logo, logo);
};
const never = () => new Promise<unknown>(() => undefined);

// getBy*/findBy* queries throw when nothing matches: a bare query is an assertion.
describe('theme', () => {
  beforeEach(() => prepareShell(healthyIam()));
  afterEach(() => {
    resetShell();
    for (const link of document.head.querySelectorAll('link[data-hcm-theme]')) link.remove();
  });

  it('shows the cached theme at once, before the server answers: stylesheet, icon, logo, brand', async () => {
    cache(evo, inlineLogo);
    const theme = controllerWith(never, logoServer([]));
    void theme.start();
    expect(themeLinks()).to.deep.equal([
      'stylesheet /root-config/src/themes/evo.css',
      'icon /root-config/src/themes/evo-icon.svg',
    ]);
    expect(theme.getState().logo).to.equal(inlineLogo);
    // Fluent's brand follows the stylesheet's ramp once it has loaded.
    await waitFor(() => expect(theme.getState().brand?.[80]).to.equal('#b8441a'));
  });

  it('replaces a different server theme: old style and logo go, the new logo is stored inline', async () => {
    cache(evo, inlineLogo);
    const logos = logoServer([assetUrl('/brand/z113.svg')]);
    const theme = controllerWith(async () => z113, logos);
    await theme.start();
    expect(themeLinks()).to.deep.equal([
      'stylesheet /root-config/src/themes/z113.css',
      'icon /root-config/src/themes/z113-icon.svg',
    ]);
    expect(JSON.parse(localStorage.getItem(ThemeStorageKeys.theme) ?? 'null')).to.deep.equal(z113);
    expect(logos.asked).to.deep.equal([assetUrl('/brand/z113.svg')]);
    expect(localStorage.getItem(ThemeStorageKeys.logo)).to.equal(inlineLogo);
    expect(theme.getState().logo).to.equal(inlineLogo);
    await waitFor(() => expect(theme.getState().brand?.[80]).to.equal('#2e6b30'));
  });

  it('uses the theme as given when its logo cannot be downloaded, silently', async () => {
    cache(evo, inlineLogo);
    const theme = controllerWith(async () => z113, logoServer([]));
    await theme.start();
    expect(JSON.parse(localStorage.getItem(ThemeStorageKeys.theme) ?? 'null')).to.deep.equal(z113);
    expect(localStorage.getItem(ThemeStorageKeys.logo)).to.equal(null);
    expect(theme.getState().logo).to.equal(assetUrl('/brand/z113.svg'));
    expect(themeLinks()[0]).to.equal('stylesheet /root-config/src/themes/z113.css');
  });

  it('goes back to the default theme: no stylesheet, no icon, Fluent’s own colours, the built-in logo', async () => {
    cache(evo, inlineLogo);
    const logos = logoServer([assetUrl('/themes/default-logo.svg')]);
    const theme = controllerWith(async () => ({ type: 'default', logoUrl: null }), logos);
    await theme.start();
    expect(themeLinks()).to.deep.equal([]);
    expect(theme.getState().brand).to.equal(undefined);
    expect(logos.asked).to.deep.equal([assetUrl('/themes/default-logo.svg')]);
    expect(theme.getState().logo).to.equal(inlineLogo);
  });

  it('keeps the cached theme and makes no download when the server agrees', async () => {
    cache(evo, inlineLogo);
    const logos = logoServer([]);
    const theme = controllerWith(async () => evo, logos);
    await theme.start();
    expect(logos.asked).to.deep.equal([]);
    expect(theme.getState().logo).to.equal(inlineLogo);
    expect(themeLinks()).to.have.length(2);
  });

  it('keeps the cached theme when the server cannot be reached or answers nonsense', async () => {
    cache(evo, inlineLogo);
    await controllerWith(() => Promise.reject(new Error('offline')), logoServer([])).start();
    expect(themeLinks()[0]).to.equal('stylesheet /root-config/src/themes/evo.css');
    for (const link of document.head.querySelectorAll('link[data-hcm-theme]')) link.remove();
    await controllerWith(async () => ({ type: 'dark' }), logoServer([])).start();
    expect(themeLinks()[0]).to.equal('stylesheet /root-config/src/themes/evo.css');
    expect(localStorage.getItem(ThemeStorageKeys.logo)).to.equal(inlineLogo);
  });

  it('puts the logo in the top bar, named by the product, beside the notification bell', async () => {
    cache(z113, inlineLogo);
    const theme = controllerWith(never, logoServer([]));
    void theme.start();
    await signInAsHrAdmin();
    window.history.replaceState(null, '', '/dashboard');
    render(
      <ThemeControllerContext.Provider value={theme}>
        <ShellRoot />
      </ThemeControllerContext.Provider>,
    );
    const banner = await screen.findByRole('banner');
    const logo = within(banner).getByRole('img', { name: 'HCM Nhân sự & Tiền lương' });
    expect(logo.getAttribute('src')).to.equal(inlineLogo);
    const slot = banner.querySelector('[data-slot="notification-bell"]') as HTMLElement;
    expect(within(slot).queryByRole('button', { name: /^Thông báo/ })).to.not.equal(null);
    // Fluent's brand colour of the whole shell is the theme's.
    const provider = banner.closest('.fui-FluentProvider') as HTMLElement;
    await waitFor(() =>
      expect(getComputedStyle(provider).getPropertyValue('--colorBrandBackground').trim()).to.equal(
        '#2e6b30',
      ),
    );
  });

  it('shows the built-in logo when the deployment’s own does not load', async () => {
    cache({ type: 'evo', logoUrl: '/no/such/logo.png' });
    const theme = controllerWith(never, logoServer([]));
    void theme.start();
    await signInAsHrAdmin();
    window.history.replaceState(null, '', '/dashboard');
    render(
      <ThemeControllerContext.Provider value={theme}>
        <ShellRoot />
      </ThemeControllerContext.Provider>,
    );
    const banner = await screen.findByRole('banner');
    await waitFor(() =>
      expect(
        within(banner).getByRole('img', { name: 'HCM Nhân sự & Tiền lương' }).getAttribute('src'),
      ).to.equal('/root-config/src/themes/evo-logo.svg'),
    );
  });
});
