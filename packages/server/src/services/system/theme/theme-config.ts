import { DEFAULT_THEME, ThemeTypes, isThemeType, type PortalTheme } from '@hcm/contracts';

/** The deployment's theme (THEME, THEME_LOGO_URL), offered to every page at GET /api/system/public/theme. */
export type ThemeConfig = PortalTheme;

/**
 * A logo the portal itself serves: a path from its root (`/brand/logo.png`), no scheme, no host,
 * no `//`. The page downloads it with a same-origin request and the CSP allows images and
 * connections to the portal only, so a logo on another site could never be shown.
 */
const PORTAL_PATH = /^\/(?!\/)[^\s\\?#]{1,2047}$/;

/**
 * Reads THEME and THEME_LOGO_URL (empty counts as unset, as for every variable): `read` gives the
 * trimmed value or undefined, each problem goes into `problems` so that one start shows them all.
 */
export function readThemeConfig(read: (name: string) => string | undefined, problems: string[]): ThemeConfig {
  const typeRaw = read('THEME')?.toLowerCase() ?? DEFAULT_THEME;
  if (!isThemeType(typeRaw)) problems.push(`THEME must be one of ${ThemeTypes.join(', ')}, got "${typeRaw}"`);
  const logoUrl = read('THEME_LOGO_URL') ?? null;
  if (logoUrl !== null && !PORTAL_PATH.test(logoUrl))
    problems.push(`THEME_LOGO_URL must be a path on the portal starting with one /, got "${logoUrl}"`);
  return { type: isThemeType(typeRaw) ? typeRaw : DEFAULT_THEME, logoUrl };
}
