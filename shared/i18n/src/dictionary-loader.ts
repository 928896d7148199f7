import { translationUrl, type Language } from '@hcm/contracts';

/** A micro-app's translations: nested objects of strings, keys are dot-separated paths. */
export type Dictionary = { [key: string]: string | Dictionary };

export type DictionaryUrl = (app: string, language: Language) => string;

/** Where the build copies `<package>/i18n/<lang>.json` and the server serves it. */
export const defaultDictionaryUrl: DictionaryUrl = (app, language) =>
  translationUrl(encodeURIComponent(app), language);

const isDictionary = (value: unknown): value is Dictionary =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Fetches one dictionary with a plain fetch: static files need no session headers (core §7).
 * Any failure (network, status, bad JSON) gives an empty dictionary (core §8), so a missing
 * file shows keys instead of breaking the page.
 */
export async function fetchDictionary(
  url: string,
  fetchFn: typeof fetch = fetch,
): Promise<{ dictionary: Dictionary; ok: boolean }> {
  try {
    const response = await fetchFn(url, { headers: { accept: 'application/json' } });
    if (!response.ok) return { dictionary: {}, ok: false };
    const body: unknown = await response.json();
    return isDictionary(body) ? { dictionary: body, ok: true } : { dictionary: {}, ok: false };
  } catch {
    return { dictionary: {}, ok: false };
  }
}
