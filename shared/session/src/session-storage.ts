import { DEFAULT_LANGUAGE, Languages, type Language, type Profile, type TokenSet } from '@hcm/contracts';
import { isProfile } from './profile-guard.ts';

/**
 * Where the session is kept between page loads (core §4 "Session"): with remember-me in the
 * persistent storage (survives closing the browser), without it in the per-tab storage.
 */
export interface SessionStorages {
  /** localStorage in a browser */
  persistent: Storage;
  /** sessionStorage in a browser */
  perTab: Storage;
}

export const StorageKeys = {
  /** 'true' in persistent storage when the tokens live there; absent otherwise. */
  rememberMe: 'hcm.rememberMe',
  /** JSON { accessToken, refreshToken, idToken } */
  tokens: 'hcm.tokens',
  /** The private key of the sign-in answer, kept apart from the tokens it is not one of. */
  secretKey: 'hcm.secretKey',
  /** JSON Profile */
  profile: 'hcm.profile',
  /** 'vi' | 'en', lower-case, always in persistent storage: a preference, not part of the session. */
  language: 'hcm.language',
} as const;

const SESSION_KEYS = [StorageKeys.tokens, StorageKeys.secretKey, StorageKeys.profile] as const;

export interface StoredSession {
  tokens: TokenSet;
  profile: Profile;
  rememberMe: boolean;
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function readTokens(store: Storage): TokenSet | null {
  const parsed = parseJson(store.getItem(StorageKeys.tokens));
  const secretKey = store.getItem(StorageKeys.secretKey);
  if (typeof parsed !== 'object' || parsed === null || secretKey === null) return null;
  const t = parsed as Record<string, unknown>;
  if (
    typeof t.accessToken !== 'string' ||
    typeof t.refreshToken !== 'string' ||
    typeof t.idToken !== 'string'
  )
    return null;
  return { accessToken: t.accessToken, refreshToken: t.refreshToken, idToken: t.idToken, secretKey };
}

const isRemembered = (storages: SessionStorages) =>
  storages.persistent.getItem(StorageKeys.rememberMe) === 'true';
const storeInUse = (storages: SessionStorages) =>
  isRemembered(storages) ? storages.persistent : storages.perTab;

/** Removes the session (tokens, secret key, profile, remember flag) from both storages; keeps the language. */
export function clearStoredSession(storages: SessionStorages): void {
  for (const store of [storages.persistent, storages.perTab]) {
    for (const key of SESSION_KEYS) store.removeItem(key);
  }
  storages.persistent.removeItem(StorageKeys.rememberMe);
}

/**
 * The session saved by an earlier page, or null. Anything unreadable (bad JSON, a profile of the
 * wrong shape, tokens without a profile) clears the storage: a half-valid session must not linger.
 */
export function readStoredSession(storages: SessionStorages): StoredSession | null {
  const rememberMe = isRemembered(storages);
  const store = storeInUse(storages);
  const hasAnything = SESSION_KEYS.some((key) => store.getItem(key) !== null);
  const tokens = readTokens(store);
  const profile = parseJson(store.getItem(StorageKeys.profile));
  if (tokens && isProfile(profile)) return { tokens, profile, rememberMe };
  if (hasAnything || rememberMe) clearStoredSession(storages);
  return null;
}

/** Saves a new session where remember-me says, and removes any copy from the other storage. */
export function writeStoredSession(storages: SessionStorages, session: StoredSession): void {
  clearStoredSession(storages);
  if (session.rememberMe) storages.persistent.setItem(StorageKeys.rememberMe, 'true');
  const store = session.rememberMe ? storages.persistent : storages.perTab;
  const { secretKey, ...tokens } = session.tokens;
  store.setItem(StorageKeys.tokens, JSON.stringify(tokens));
  store.setItem(StorageKeys.secretKey, secretKey);
  store.setItem(StorageKeys.profile, JSON.stringify(session.profile));
}

/** Replaces the tokens (after a refresh) in whichever storage holds the session. */
export function writeStoredTokens(storages: SessionStorages, tokenSet: TokenSet): void {
  const store = storeInUse(storages);
  const { secretKey, ...tokens } = tokenSet;
  store.setItem(StorageKeys.tokens, JSON.stringify(tokens));
  store.setItem(StorageKeys.secretKey, secretKey);
}

/** Replaces the profile (after a reload of it) in whichever storage holds the session. */
export function writeStoredProfile(storages: SessionStorages, profile: Profile): void {
  storeInUse(storages).setItem(StorageKeys.profile, JSON.stringify(profile));
}

/** Lower-cases and checks a language code; null when it is not one the product speaks. */
export function normalizeLanguage(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  const lower = value.trim().toLowerCase();
  return (Languages as readonly string[]).includes(lower) ? (lower as Language) : null;
}

export function readStoredLanguage(storages: SessionStorages): Language {
  return normalizeLanguage(storages.persistent.getItem(StorageKeys.language)) ?? DEFAULT_LANGUAGE;
}

export function writeStoredLanguage(storages: SessionStorages, language: Language): void {
  storages.persistent.setItem(StorageKeys.language, language);
}
