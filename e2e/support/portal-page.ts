import type { Page } from 'playwright-core';

export interface Account {
  username: string;
  password: string;
  fullName: string;
}

/** The storage keys of @hcm/session (shared/session/src/session-storage.ts). */
export const SessionKeys = { tokens: 'hcm.tokens', rememberMe: 'hcm.rememberMe' } as const;

/** Fills the sign-in page as a user would and waits for the dashboard's welcome. */
export async function signIn(page: Page, account: Account, options: { rememberMe?: boolean } = {}) {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Tên đăng nhập').fill(account.username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
  if (options.rememberMe) await page.getByRole('checkbox', { name: 'Ghi nhớ đăng nhập' }).check();
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await page.waitForURL(/\/dashboard$/);
  await welcomeHeading(page, account, 'vi').waitFor();
}

export function welcomeHeading(page: Page, account: Account, language: 'vi' | 'en') {
  const text = language === 'vi' ? `Xin chào, ${account.fullName}!` : `Welcome, ${account.fullName}!`;
  return page.getByRole('heading', { level: 1, name: text });
}

/** Where the page keeps `hcm.tokens` right now: localStorage, sessionStorage, both or neither. */
export function storedTokens(page: Page): Promise<{ local: string | null; perTab: string | null }> {
  return page.evaluate(
    (key) => ({ local: localStorage.getItem(key), perTab: sessionStorage.getItem(key) }),
    SessionKeys.tokens,
  );
}

/** The access token's `exp` (seconds since the epoch), read from the page's stored tokens. */
export async function accessTokenExpiry(page: Page): Promise<number> {
  const { local, perTab } = await storedTokens(page);
  const raw = local ?? perTab;
  if (!raw) throw new Error('no tokens stored');
  const { accessToken } = JSON.parse(raw) as { accessToken: string };
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
    exp: number;
  };
  return payload.exp;
}

/**
 * Records the text of every toast the page shows from now on (Fluent's `.fui-Toast`), even one
 * gone again after its 3 seconds, in `window.hcmToastsSeen`. Call before the first navigation.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { hcmToastsSeen: seen });
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          const toasts = node.matches('.fui-Toast') ? [node] : [...node.querySelectorAll('.fui-Toast')];
          for (const toast of toasts) seen.push(toast.textContent ?? '');
        }
    }).observe(document, { childList: true, subtree: true });
  });
}

export function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { hcmToastsSeen?: string[] }).hcmToastsSeen ?? []);
}

/** For `page.waitForURL`: the sign-in page, asked to come back to `path` afterwards. */
export const signInRedirectingTo = (path: string) => (url: URL) =>
  url.pathname === '/login' && url.searchParams.get('redirect') === path;
