import Type from 'typebox';

/**
 * The deployment's look (core §3 "Theme", catalogues §3.1): `default` is the portal's own; the
 * others are customer brands, each a stylesheet, an icon and a logo the build publishes under
 * /themes/.
 */
/** Kept in step with PortalTheme's `type` below (a union of literals, so that its static type is exact). */
export const ThemeTypes = ['default', 'z113', 'evo', 'my-evo'] as const;
export type ThemeType = (typeof ThemeTypes)[number];
export const DEFAULT_THEME: ThemeType = 'default';

/** GET /api/system/public/theme: the theme the server is configured with (THEME, THEME_LOGO_URL). */
export const PortalTheme = Type.Object({
  type: Type.Union([
    Type.Literal('default'),
    Type.Literal('z113'),
    Type.Literal('evo'),
    Type.Literal('my-evo'),
  ]),
  /** a logo of the deployment's own, a path on the portal; null: the theme's built-in logo */
  logoUrl: Type.Union([Type.String({ minLength: 1, maxLength: 2048 }), Type.Null()]),
});
export type PortalTheme = Type.Static<typeof PortalTheme>;

/** localStorage keys of the cached theme (catalogues §9 "storage keys ... theme and logo"). */
export const ThemeStorageKeys = {
  /** JSON PortalTheme, as the server last gave it */
  theme: 'theme',
  /** the logo to show: a data: URL once downloaded, absent until then */
  logo: 'logo',
} as const;

/** Where the build publishes a theme's files (root-config/src/themes). */
export const ThemeAssets = {
  /** brand CSS variables; the default theme has none */
  stylesheet: (type: ThemeType) => `/themes/${type}.css`,
  /** the page icon; the default theme keeps the browser's */
  icon: (type: ThemeType) => `/themes/${type}-icon.svg`,
  /** the logo shown when the deployment names none */
  logo: (type: ThemeType) => `/themes/${type}-logo.svg`,
} as const;

/** The logo a theme shows: the deployment's own, or the theme's built-in one. */
export const themeLogoUrl = (theme: PortalTheme): string => theme.logoUrl ?? ThemeAssets.logo(theme.type);

export const isThemeType = (value: unknown): value is ThemeType =>
  typeof value === 'string' && (ThemeTypes as readonly string[]).includes(value);
