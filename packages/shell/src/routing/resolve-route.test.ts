import { describe, expect, it } from 'vitest';
import { resolveRoute, safeRedirectTarget, signInPathFor } from './resolve-route.ts';

const signedIn = { signedIn: true, moduleRoutePrefixes: ['/payroll'] };
const signedOut = { signedIn: false, moduleRoutePrefixes: ['/payroll'] };
const at = (pathname: string, search = '') => ({ pathname, search });

describe('resolveRoute', () => {
  it('sends the empty path to the dashboard', () => {
    expect(resolveRoute(at('/'), signedIn)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveRoute(at('/'), signedOut)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('guards the dashboard and module pages, keeping the path to come back to', () => {
    expect(resolveRoute(at('/dashboard'), signedOut)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=/dashboard',
    });
    expect(resolveRoute(at('/payroll/periods', '?year=2026&q=a b'), signedOut)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=/payroll/periods%3Fyear%3D2026%26q%3Da%20b',
    });
    expect(resolveRoute(at('/dashboard/'), signedIn)).toEqual({ kind: 'workspace', page: 'dashboard' });
    expect(resolveRoute(at('/payroll/periods'), signedIn)).toEqual({ kind: 'workspace', page: 'module' });
  });

  it('shows sign-in to a visitor and moves a signed-in user on to the redirect or the dashboard', () => {
    expect(resolveRoute(at('/login'), signedOut)).toEqual({ kind: 'public', page: 'sign-in' });
    expect(resolveRoute(at('/login', '?redirect=/payroll/periods%3Fyear%3D2026'), signedIn)).toEqual({
      kind: 'redirect',
      to: '/payroll/periods?year=2026',
    });
    expect(resolveRoute(at('/login'), signedIn)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveRoute(at('/login', '?redirect=https://evil.example'), signedIn)).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('answers unknown paths with the not-found page in the layout that fits the visitor', () => {
    expect(resolveRoute(at('/nowhere'), signedIn)).toEqual({ kind: 'workspace', page: 'not-found' });
    expect(resolveRoute(at('/nowhere'), signedOut)).toEqual({ kind: 'public', page: 'not-found' });
    expect(resolveRoute(at('/payrollx'), signedIn)).toEqual({ kind: 'workspace', page: 'not-found' });
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/payroll?x=1', '/payroll?x=1'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
    ['/login?redirect=/login', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });

  it('round-trips through signInPathFor', () => {
    const target = '/payroll/periods?year=2026&tab=a b';
    const search = new URL(signInPathFor(target), 'http://x.invalid').searchParams;
    expect(safeRedirectTarget(search.get('redirect'))).toBe(target);
  });
});
