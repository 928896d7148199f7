import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { SessionKeys } from './portal-page.ts';

/**
 * POSTs `body` to `path` with the signed-in page's own token (the setup a story needs before
 * its screens: units, employees, categories); answers the new record's id, and fails the test
 * on anything but 200.
 */
export async function postAsPage(page: Page, path: string, body: Record<string, unknown>): Promise<string> {
  const { status, id } = await page.evaluate(
    async ({ key, path, body }) => {
      const raw = localStorage.getItem(key) ?? sessionStorage.getItem(key) ?? '{}';
      const { accessToken } = JSON.parse(raw) as { accessToken: string };
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as { data?: { id: string } };
      return { status: res.status, id: answer.data?.id ?? '' };
    },
    { key: SessionKeys.tokens, path, body },
  );
  expect(status, `${path} ${JSON.stringify(body)}`).toBe(200);
  return id;
}
