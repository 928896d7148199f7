import { ThemeAssets, type ThemeType } from '@hcm/contracts';
import type { HcmProviderProps } from '@hcm/ui';

/** Fluent's brand ramp: 16 shades keyed 10, 20, … 160. */
export type BrandRamp = NonNullable<HcmProviderProps['brand']>;

const BRAND_STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

/** Marks the <link> elements a theme added, so that replacing the theme finds and removes them. */
const THEME_ATTRIBUTE = 'data-hcm-theme';

/** How a theme's file path (ThemeAssets) becomes a URL: as is on the portal; tests serve them elsewhere. */
export type AssetUrl = (path: string) => string;

/** Removes the stylesheet and icon of the theme shown so far. */
export function removeThemeLinks(document: Document): void {
  for (const link of document.head.querySelectorAll(`link[${THEME_ATTRIBUTE}]`)) link.remove();
}

function addLink(document: Document, kind: 'stylesheet' | 'icon', href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = kind;
  link.href = href;
  if (kind === 'icon') link.type = 'image/svg+xml';
  link.setAttribute(THEME_ATTRIBUTE, kind);
  document.head.append(link);
  return link;
}

/**
 * Puts a theme's stylesheet and icon on the page (the default theme has neither) and calls
 * `onBrand` with its brand ramp once the stylesheet has loaded, or never if it cannot be read.
 */
export function addThemeLinks(
  document: Document,
  type: ThemeType,
  assetUrl: AssetUrl,
  onBrand: (brand: BrandRamp) => void,
): void {
  if (type === 'default') return;
  const stylesheet = addLink(document, 'stylesheet', assetUrl(ThemeAssets.stylesheet(type)));
  addLink(document, 'icon', assetUrl(ThemeAssets.icon(type)));
  stylesheet.addEventListener('load', () => {
    // A later theme may have replaced this one while its file was on the way.
    if (!stylesheet.isConnected) return;
    const brand = readBrandRamp(document);
    if (brand) onBrand(brand);
  });
}

/** The `--hcm-brand-10` … `--hcm-brand-160` variables of the page, if every one is set. */
export function readBrandRamp(document: Document): BrandRamp | null {
  const style = getComputedStyle(document.documentElement);
  const shades = BRAND_STEPS.map(
    (step) => [step, style.getPropertyValue(`--hcm-brand-${step}`).trim()] as const,
  );
  if (shades.some(([, colour]) => colour === '')) return null;
  return Object.fromEntries(shades) as BrandRamp;
}
