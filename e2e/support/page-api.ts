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

/** Uploads `bytes` as the file `name` under `ownerType` with the page's token; the stored file's id. */
export async function uploadAsPage(
  page: Page,
  name: string,
  bytes: Uint8Array,
  ownerType: string,
): Promise<string> {
  const { status, answer } = await page.evaluate(
    async ({ key, name, data, ownerType }) => {
      const raw = localStorage.getItem(key) ?? sessionStorage.getItem(key) ?? '{}';
      const { accessToken } = JSON.parse(raw) as { accessToken: string };
      const form = new FormData();
      form.append('ownerType', ownerType);
      form.append('file', new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))]), name);
      const res = await fetch('/api/storage/files/upload', {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}` },
        body: form,
      });
      return { status: res.status, answer: (await res.json()) as { data?: { id: string } } };
    },
    { key: SessionKeys.tokens, name, data: Buffer.from(bytes).toString('base64'), ownerType },
  );
  expect(status, `upload ${name} → ${JSON.stringify(answer)}`).toBe(201);
  return answer.data?.id ?? '';
}

/** GETs `path` with the signed-in page's own token; answers the envelope's `data` (200 only). */
export async function getDataAsPage<T>(page: Page, path: string): Promise<T> {
  const { status, answer } = await page.evaluate(
    async ({ key, path }) => {
      const raw = localStorage.getItem(key) ?? sessionStorage.getItem(key) ?? '{}';
      const { accessToken } = JSON.parse(raw) as { accessToken: string };
      const res = await fetch(path, { headers: { authorization: `Bearer ${accessToken}` } });
      return { status: res.status, answer: (await res.json()) as { data?: unknown } };
    },
    { key: SessionKeys.tokens, path },
  );
  expect(status, `${path} → ${JSON.stringify(answer)}`).toBe(200);
  return answer.data as T;
}
