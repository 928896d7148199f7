import { ApiPaths, type Language } from '@hcm/contracts';

/** Where the server's message texts for a language are (core §7 "Public messages"). */
export type MessagesUrl = (language: Language) => string;

export const defaultMessagesUrl: MessagesUrl = (language) =>
  `${ApiPaths.translations.publicMessages}?language=${encodeURIComponent(language)}`;

/** code → text, e.g. { 'signIn.title': 'Vào hệ thống' }: i18next reads the dots as the key path. */
export type PublicMessages = Record<string, string>;

function readMessages(body: unknown): PublicMessages {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  const messages: PublicMessages = {};
  if (!Array.isArray(data)) return messages;
  for (const item of data) {
    if (typeof item !== 'object' || item === null) continue;
    const { code, value } = item as { code?: unknown; value?: unknown };
    if (typeof code === 'string' && code !== '' && typeof value === 'string') messages[code] = value;
  }
  return messages;
}

/**
 * The texts the system administrator set for `language` (System › Language). Public and read
 * before sign-in, so a plain fetch without session headers. Any failure gives none: the built-in
 * dictionaries then speak alone, which is what the page would say anyway.
 */
export async function fetchPublicMessages(
  url: string,
  fetchFn: typeof fetch = fetch,
): Promise<{ messages: PublicMessages; ok: boolean }> {
  try {
    const response = await fetchFn(url, { headers: { accept: 'application/json' } });
    if (!response.ok) return { messages: {}, ok: false };
    return { messages: readMessages(await response.json()), ok: true };
  } catch {
    return { messages: {}, ok: false };
  }
}
