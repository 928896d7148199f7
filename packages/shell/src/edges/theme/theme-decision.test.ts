import { describe, expect, it } from 'vitest';
import type { PortalTheme } from '@hcm/contracts';
import { parseCachedLogo, parseCachedTheme, planThemeUpdate, readTheme } from './theme-decision.ts';

const z113: PortalTheme = { type: 'z113', logoUrl: null };
const evo: PortalTheme = { type: 'evo', logoUrl: '/brand/evo.png' };
const inlineLogo = 'data:image/svg+xml;base64,PHN2Zy8+';

describe('the cached theme', () => {
  it('reads a theme the server gave earlier', () => {
    expect(parseCachedTheme(JSON.stringify(evo))).toEqual(evo);
    expect(parseCachedTheme(JSON.stringify(z113))).toEqual(z113);
  });

  it.each([
    null,
    '',
    'not json',
    '{"type":"dark","logoUrl":null}',
    '{"type":"evo"}',
    '{"type":"evo","logoUrl":""}',
  ])('ignores %j', (raw) => {
    expect(parseCachedTheme(raw)).toBe(null);
  });

  it('keeps only an inline image as the cached logo', () => {
    expect(parseCachedLogo(inlineLogo)).toBe(inlineLogo);
    expect(parseCachedLogo('/themes/evo-logo.svg')).toBe(null);
    expect(parseCachedLogo('javascript:alert(1)')).toBe(null);
    expect(parseCachedLogo(null)).toBe(null);
  });

  it('refuses a server answer that is not a theme', () => {
    expect(readTheme({ type: 'my-evo', logoUrl: null })).toEqual({ type: 'my-evo', logoUrl: null });
    expect(readTheme({ type: 'my-evo', logoUrl: 3 })).toBe(null);
    expect(readTheme('evo')).toBe(null);
  });
});

describe('what a server theme changes', () => {
  it('replaces a different theme and downloads its logo', () => {
    expect(planThemeUpdate({ theme: z113, logo: inlineLogo }, evo)).toEqual({
      replace: true,
      downloadLogo: true,
    });
  });

  it('replaces the same type with another logo', () => {
    expect(planThemeUpdate({ theme: { type: 'evo', logoUrl: null }, logo: inlineLogo }, evo)).toEqual({
      replace: true,
      downloadLogo: true,
    });
  });

  it('takes the server theme on a first visit', () => {
    expect(planThemeUpdate({ theme: null, logo: null }, z113)).toEqual({ replace: true, downloadLogo: true });
  });

  it('changes nothing when the cache already holds the theme and its logo', () => {
    expect(planThemeUpdate({ theme: evo, logo: inlineLogo }, evo)).toEqual({
      replace: false,
      downloadLogo: false,
    });
  });

  it('only tries the logo again when it could not be downloaded last time', () => {
    expect(planThemeUpdate({ theme: evo, logo: null }, evo)).toEqual({ replace: false, downloadLogo: true });
  });
});
