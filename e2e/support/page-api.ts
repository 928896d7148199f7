import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { SessionKeys } from './portal-page.ts';

/**
 * POSTs `body` to `path` with the signed-in page's own token (the setup a story needs before
 * its screens: units, employees, categories, roles); answers the envelope's `data`, and fails
 * the test on anything but 200.
 */
export async function postDataAsPage<T>(page: Page, path: string, body: Record<string, unknown>): Promise<T> {
  const { status, answer } = await page.evaluate(
    async ({ key, path, body }) => {
      const raw = localStorage.getItem(key) ?? sessionStorage.getItem(key) ?? '{}';
      const { accessToken } = JSON.parse(raw) as { accessToken: string };
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify(body),
      });
      return { status: res.status, answer: (await res.json()) as { data?: unknown } };
    },
    { key: SessionKeys.tokens, path, body },
  );
  expect(status, `${path} ${JSON.stringify(body)} → ${JSON.stringify(answer)}`).toBe(200);
  return answer.data as T;
}

/** postDataAsPage for a create: the new record's id. */
export async function postAsPage(page: Page, path: string, body: Record<string, unknown>): Promise<string> {
  return (await postDataAsPage<{ id: string }>(page, path, body)).id;
}
