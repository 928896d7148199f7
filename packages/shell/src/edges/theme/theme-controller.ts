import { DEFAULT_THEME, ThemeAssets, ThemeStorageKeys, themeLogoUrl, type PortalTheme } from '@hcm/contracts';
import { parseCachedLogo, parseCachedTheme, planThemeUpdate, readTheme } from './theme-decision.ts';
import { addThemeLinks, removeThemeLinks, type AssetUrl, type BrandRamp } from './theme-document.ts';

/** What the page shows of the theme. */
export interface ThemeState {
  theme: PortalTheme;
  /** the logo's src: inline (data:) once downloaded, else the theme's logo URL */
  logo: string;
  /** the theme's built-in logo, shown when `logo` does not load */
  builtInLogo: string;
  /** Fluent's brand ramp from the theme's stylesheet; undefined: Fluent's own colours */
  brand: BrandRamp | undefined;
}

export interface ThemeControllerDeps {
  /** localStorage on the page */
  storage: Storage;
  document: Document;
  /** the server's theme (GET /api/system/public/theme) */
  loadServerTheme: () => Promise<unknown>;
  /** the logo as a data: URL; rejects when it cannot be downloaded */
  downloadLogo: (url: string) => Promise<string>;
  assetUrl?: AssetUrl;
}

export interface ThemeController {
  getState(): ThemeState;
  subscribe(listener: () => void): () => void;
  /** Shows the cached theme at once (no request), then takes the server's: call once per page. */
  start(): Promise<void>;
}

const DEFAULT: PortalTheme = { type: DEFAULT_THEME, logoUrl: null };

/**
 * The page's theme (core §4 "Theme"). The theme cached in localStorage (`theme`, `logo`) shows at
 * once; the server's theme then replaces it if it differs: the old stylesheet, icon and logo go,
 * the new ones come, and the new logo is downloaded and cached inline. A logo that cannot be
 * downloaded is shown from its URL, silently (catalogues §8); a server that does not answer
 * leaves the cached theme in place.
 */
export function createThemeController(deps: ThemeControllerDeps): ThemeController {
  const { storage, document } = deps;
  const assetUrl = deps.assetUrl ?? ((path: string) => path);
  const listeners = new Set<() => void>();
  const looks = (theme: PortalTheme, logo: string | null) => ({
    theme,
    logo: logo ?? assetUrl(themeLogoUrl(theme)),
    builtInLogo: assetUrl(ThemeAssets.logo(theme.type)),
  });
  let state: ThemeState = { ...looks(DEFAULT, null), brand: undefined };
  let started: Promise<void> | null = null;

  const update = (next: Partial<ThemeState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  /** Puts `theme` on the page; `logo` is the cached inline logo, if any. */
  const show = (theme: PortalTheme, logo: string | null) => {
    removeThemeLinks(document);
    update({ ...looks(theme, logo), brand: undefined });
    addThemeLinks(document, theme.type, assetUrl, (brand) => {
      if (state.theme === theme) update({ brand });
    });
  };

  /** A full or refused storage only means the theme is not cached: the page still shows it. */
  const remember = (key: string, value: string | null) => {
    try {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
    } catch {
      // nothing cached, nothing lost
    }
  };
  const cachedTheme = () => parseCachedTheme(storage.getItem(ThemeStorageKeys.theme));
  const cachedLogo = () => parseCachedLogo(storage.getItem(ThemeStorageKeys.logo));

  async function takeServerTheme(): Promise<void> {
    let server: PortalTheme | null;
    try {
      server = readTheme(await deps.loadServerTheme());
    } catch {
      return; // offline or server down: the cached theme stays
    }
    if (!server) return;
    const plan = planThemeUpdate({ theme: cachedTheme(), logo: cachedLogo() }, server);
    if (plan.replace) {
      remember(ThemeStorageKeys.logo, null);
      remember(ThemeStorageKeys.theme, JSON.stringify(server));
      show(server, null);
    }
    if (!plan.downloadLogo) return;
    const shown = state.theme;
    try {
      const inline = await deps.downloadLogo(assetUrl(themeLogoUrl(server)));
      if (state.theme !== shown) return;
      remember(ThemeStorageKeys.logo, inline);
      update({ logo: inline });
    } catch {
      // The theme is used as given: its logo from the URL, tried again on the next start.
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (!started) {
        const cached = cachedTheme();
        if (cached) show(cached, cachedLogo());
        started = takeServerTheme();
      }
      return started;
    },
  };
}
