import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import dayjs from 'dayjs';
import { session$, StorageKeys } from '@hcm/session';
import { i18n, initI18n, loadAppDictionary, setLanguage } from './i18n-setup.ts';

/** Serves /i18n/<app>/<lang>.json from this table over real HTTP; anything else is a 404. */
const files: Record<string, unknown> = {
  '/i18n/shell/vi.json': { signIn: { title: 'Đăng nhập' }, welcome: 'Xin chào, {{name}}' },
  '/i18n/shell/en.json': { signIn: { title: 'Sign in' }, welcome: 'Welcome, {{name}}' },
  '/i18n/payroll/vi.json': { title: 'Tiền lương' },
  '/i18n/broken/vi.json': '{not json',
  // The server's public messages (System › Language): merged over every app's dictionary.
  '/api/system/public/messages?language=vi': {
    data: [{ code: 'signIn.subtitle', value: 'Văn bản do quản trị viên đặt' }],
  },
  '/api/system/public/messages?language=en': {
    data: [{ code: 'welcome', value: 'Hello from the administrator, {{name}}' }, { code: 42 }],
  },
};

describe('i18n set-up', () => {
  let server: Server;
  let base = '';
  const seenHeaders: IncomingHttpHeaders[] = [];
  const requestedUrls: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seenHeaders.push(req.headers);
      requestedUrls.push(req.url ?? '');
      const body = files[req.url ?? ''];
      if (body === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await initI18n({
      dictionaryUrl: (app, lang) => `${base}/i18n/${app}/${lang}.json`,
      messagesUrl: (lang) => `${base}/api/system/public/messages?language=${lang}`,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('starts in Vietnamese: i18next, dayjs and <html lang>', () => {
    expect(i18n.language).toBe('vi');
    expect(dayjs.locale()).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
  });

  it("loads an app's dictionary into its namespace with a plain fetch", async () => {
    await loadAppDictionary('shell');
    expect(i18n.t('signIn.title', { ns: 'shell' })).toBe('Đăng nhập');
    expect(i18n.t('welcome', { ns: 'shell', name: 'Lan & Hà' })).toBe('Xin chào, Lan & Hà');
    expect(seenHeaders.at(-1)?.authorization).toBeUndefined();
    expect(seenHeaders.at(-1)?.language).toBeUndefined();
  });

  it("merges the server's public messages over the dictionary, fetched once per language", async () => {
    expect(i18n.t('signIn.subtitle', { ns: 'shell' })).toBe('Văn bản do quản trị viên đặt');
    expect(i18n.t('signIn.title', { ns: 'shell' })).toBe('Đăng nhập');
    await loadAppDictionary('payroll');
    expect(i18n.t('signIn.subtitle', { ns: 'payroll' })).toBe('Văn bản do quản trị viên đặt');
    expect(requestedUrls.filter((u) => u.startsWith('/api/system/public/messages?language=vi'))).toHaveLength(
      1,
    );
  });

  it('gives an empty dictionary for a missing or broken file: keys show, nothing throws', async () => {
    await loadAppDictionary('missing');
    await loadAppDictionary('broken');
    expect(i18n.t('anything', { ns: 'missing' })).toBe('anything');
    expect(i18n.t('title', { ns: 'broken' })).toBe('title');
  });

  it("switches language: every app's dictionary, dayjs, <html lang>, and the stored preference", async () => {
    await loadAppDictionary('payroll');
    await setLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('signIn.title', { ns: 'shell' })).toBe('Sign in');
    // the administrator's text wins over the built-in one; a malformed item is skipped
    expect(i18n.t('welcome', { ns: 'shell', name: 'Lan' })).toBe('Hello from the administrator, Lan');
    // payroll has no English file: its keys show
    expect(i18n.t('title', { ns: 'payroll' })).toBe('title');
    expect(dayjs.locale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(StorageKeys.language)).toBe('en');
    expect(session$.value.language).toBe('en');
  });

  it('lets the last of quick switches win', async () => {
    await Promise.all([setLanguage('vi'), setLanguage('en'), setLanguage('vi')]);
    expect(i18n.language).toBe('vi');
    expect(i18n.t('signIn.title', { ns: 'shell' })).toBe('Đăng nhập');
  });
});
