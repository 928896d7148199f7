import { describe, expect, it } from 'vitest';
import { readThemeConfig } from './theme-config.ts';

const readFrom = (env: Record<string, string>) => (name: string) => env[name]?.trim() || undefined;

function load(env: Record<string, string>) {
  const problems: string[] = [];
  const theme = readThemeConfig(readFrom(env), problems);
  return { theme, problems };
}

describe('THEME and THEME_LOGO_URL', () => {
  it('defaults to the portal’s own theme and its built-in logo', () => {
    expect(load({})).toEqual({ theme: { type: 'default', logoUrl: null }, problems: [] });
  });

  it.each(['z113', 'evo', 'my-evo', 'EVO'])('takes the theme %s', (value) => {
    expect(load({ THEME: value }).theme.type).toBe(value.toLowerCase());
  });

  it('takes a logo path on the portal', () => {
    expect(load({ THEME: 'z113', THEME_LOGO_URL: '/brand/z113-logo.png' })).toEqual({
      theme: { type: 'z113', logoUrl: '/brand/z113-logo.png' },
      problems: [],
    });
  });

  it('names an unknown theme', () => {
    expect(load({ THEME: 'dark' }).problems).toEqual([
      'THEME must be one of default, z113, evo, my-evo, got "dark"',
    ]);
  });

  it.each(['https://cdn.example.com/logo.png', '//cdn.example.com/logo.png', 'logo.png', '/a b.png'])(
    'refuses a logo the portal does not serve: %s',
    (value) => {
      expect(load({ THEME_LOGO_URL: value }).problems).toEqual([
        `THEME_LOGO_URL must be a path on the portal starting with one /, got "${value}"`,
      ]);
    },
  );
});
