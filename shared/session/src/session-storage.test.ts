import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage.ts';
import {
  StorageKeys,
  clearStoredSession,
  readStoredLanguage,
  readStoredSession,
  writeStoredLanguage,
  writeStoredSession,
  writeStoredTokens,
  type SessionStorages,
} from './session-storage.ts';
import { sampleProfile, sampleTokens } from './testing/fixtures.ts';

describe('session storage', () => {
  let storages: SessionStorages;
  beforeEach(() => {
    storages = { persistent: new MemoryStorage(), perTab: new MemoryStorage() };
  });

  it('keeps a remembered session in persistent storage and flags it', () => {
    writeStoredSession(storages, { tokens: sampleTokens(), profile: sampleProfile, rememberMe: true });
    expect(storages.persistent.getItem(StorageKeys.rememberMe)).toBe('true');
    expect(storages.persistent.getItem(StorageKeys.tokens)).toContain('access-1');
    expect(storages.persistent.getItem(StorageKeys.secretKey)).toBe('secret-1');
    expect(storages.perTab.length).toBe(0);
    expect(readStoredSession(storages)).toEqual({
      tokens: sampleTokens(),
      profile: sampleProfile,
      rememberMe: true,
    });
  });

  it('keeps a session without remember-me in per-tab storage only', () => {
    writeStoredSession(storages, { tokens: sampleTokens(), profile: sampleProfile, rememberMe: false });
    expect(storages.persistent.getItem(StorageKeys.rememberMe)).toBeNull();
    expect(storages.persistent.getItem(StorageKeys.tokens)).toBeNull();
    expect(storages.perTab.getItem(StorageKeys.tokens)).toContain('access-1');
    expect(readStoredSession(storages)?.rememberMe).toBe(false);
  });

  it('moves the session when remember-me changes between two sign-ins', () => {
    writeStoredSession(storages, { tokens: sampleTokens('a'), profile: sampleProfile, rememberMe: true });
    writeStoredSession(storages, { tokens: sampleTokens('b'), profile: sampleProfile, rememberMe: false });
    expect(storages.persistent.getItem(StorageKeys.tokens)).toBeNull();
    expect(storages.persistent.getItem(StorageKeys.rememberMe)).toBeNull();
    expect(readStoredSession(storages)?.tokens.accessToken).toBe('access-b');
  });

  it('writes refreshed tokens where the session already is', () => {
    writeStoredSession(storages, { tokens: sampleTokens('a'), profile: sampleProfile, rememberMe: true });
    writeStoredTokens(storages, sampleTokens('b'));
    expect(storages.perTab.length).toBe(0);
    expect(readStoredSession(storages)?.tokens).toEqual(sampleTokens('b'));
  });

  it('clears tokens, secret key, profile and the remember flag, but keeps the language', () => {
    writeStoredLanguage(storages, 'en');
    writeStoredSession(storages, { tokens: sampleTokens(), profile: sampleProfile, rememberMe: true });
    clearStoredSession(storages);
    expect(storages.persistent.length).toBe(1);
    expect(storages.persistent.getItem(StorageKeys.language)).toBe('en');
    expect(readStoredSession(storages)).toBeNull();
  });

  it.each([
    ['not JSON', '{broken'],
    ['the wrong shape', JSON.stringify({ id: 'u-1', fullName: 42 })],
    ['an unknown language', JSON.stringify({ ...sampleProfile, language: 'fr' })],
  ])('clears the whole storage when the stored profile is %s', (_what, raw) => {
    writeStoredSession(storages, { tokens: sampleTokens(), profile: sampleProfile, rememberMe: true });
    storages.persistent.setItem(StorageKeys.profile, raw);
    expect(readStoredSession(storages)).toBeNull();
    expect(storages.persistent.length).toBe(0);
  });

  it('clears tokens that come without a profile', () => {
    writeStoredSession(storages, { tokens: sampleTokens(), profile: sampleProfile, rememberMe: false });
    storages.perTab.removeItem(StorageKeys.profile);
    expect(readStoredSession(storages)).toBeNull();
    expect(storages.perTab.length).toBe(0);
  });

  it('reads the language lower-case and falls back to Vietnamese', () => {
    expect(readStoredLanguage(storages)).toBe('vi');
    storages.persistent.setItem(StorageKeys.language, 'EN');
    expect(readStoredLanguage(storages)).toBe('en');
    storages.persistent.setItem(StorageKeys.language, 'klingon');
    expect(readStoredLanguage(storages)).toBe('vi');
  });
});
