import { isThemeType, type PortalTheme } from '@hcm/contracts';

/**
 * What to do with the theme the server sent, given what this browser cached (core §4 "Theme"):
 * a different theme replaces the cached one (its style and logo go, the new logo is downloaded);
 * the same theme stays, and only a logo that could not be downloaded last time is tried again.
 */
export interface ThemePlan {
  replace: boolean;
  downloadLogo: boolean;
}

/** A theme as the server sends it and the cache keeps it, or null for anything else. */
export function readTheme(value: unknown): PortalTheme | null {
  if (typeof value !== 'object' || value === null) return null;
  const { type, logoUrl } = value as Record<string, unknown>;
  if (!isThemeType(type)) return null;
  if (logoUrl !== null && (typeof logoUrl !== 'string' || logoUrl === '')) return null;
  return { type, logoUrl };
}

/** The cached theme (localStorage `theme`, JSON), or null when absent or unreadable. */
export function parseCachedTheme(raw: string | null): PortalTheme | null {
  if (raw === null) return null;
  try {
    return readTheme(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The cached logo (localStorage `logo`): only an inline image counts, anything else is ignored. */
export const parseCachedLogo = (raw: string | null): string | null =>
  raw !== null && raw.startsWith('data:image/') ? raw : null;

export const sameTheme = (a: PortalTheme, b: PortalTheme): boolean =>
  a.type === b.type && a.logoUrl === b.logoUrl;

export function planThemeUpdate(
  cached: { theme: PortalTheme | null; logo: string | null },
  server: PortalTheme,
): ThemePlan {
  const replace = cached.theme === null || !sameTheme(cached.theme, server);
  return { replace, downloadLogo: replace || cached.logo === null };
}
