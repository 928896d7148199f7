import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { PortalTheme, ThemeTypes, isThemeType, themeLogoUrl } from './theme.ts';

describe('PortalTheme', () => {
  it('accepts exactly the theme types the list names', () => {
    for (const type of ThemeTypes) expect(Value.Check(PortalTheme, { type, logoUrl: null })).toBe(true);
    expect(Value.Check(PortalTheme, { type: 'dark', logoUrl: null })).toBe(false);
    expect(isThemeType('dark')).toBe(false);
  });

  it('shows the deployment’s logo, or else the theme’s own', () => {
    expect(themeLogoUrl({ type: 'evo', logoUrl: '/brand/evo.png' })).toBe('/brand/evo.png');
    expect(themeLogoUrl({ type: 'evo', logoUrl: null })).toBe('/themes/evo-logo.svg');
  });
});
