/** Display limits in characters (catalogues §9); longer texts are cut and show a tooltip. */
export const TruncateLimits = {
  name: 50,
  code: 20,
  description: 50,
  note: 50,
  orgDescription: 100,
  formName: 80,
  summary: 100,
} as const;
export type TruncateKind = keyof typeof TruncateLimits;

export const ELLIPSIS = '...';

export const limitOf = (limit: TruncateKind | number): number =>
  typeof limit === 'number' ? limit : TruncateLimits[limit];

/** Cuts `text` to `limit` characters plus '...'; texts within the limit come back unchanged. */
export function truncateText(text: string | null | undefined, limit: TruncateKind | number): string {
  if (!text) return '';
  const max = limitOf(limit);
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}${ELLIPSIS}` : text;
}

/** Text helper defaults (catalogues §9). */
export const TEXT_HELPER_LIMIT = 20;
export const TEXT_HELPER_LIMIT_NO_SPACES = 10;

/**
 * The text helper: cut at 20 characters, or at 10 when the text has no spaces (a long unbroken
 * word would overflow its cell otherwise). An explicit limit replaces the 20.
 */
export function shortenText(text: string | null | undefined, limit = TEXT_HELPER_LIMIT): string {
  if (!text) return '';
  return truncateText(text, /\s/.test(text) ? limit : Math.min(limit, TEXT_HELPER_LIMIT_NO_SPACES));
}

/** The other helper: longer than `limit` (default 20) becomes its first limit-4 characters plus '...'. */
export function shortenToFit(text: string | null | undefined, limit = TEXT_HELPER_LIMIT): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > limit ? `${chars.slice(0, limit - 4).join('')}${ELLIPSIS}` : text;
}
