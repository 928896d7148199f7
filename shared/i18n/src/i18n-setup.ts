import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { session$, setLanguage as setSessionLanguage, language$ } from '@hcm/session';
import { Languages, type Language } from '@hcm/contracts';
import { defaultDictionaryUrl, fetchDictionary, type DictionaryUrl } from './dictionary-loader.ts';
import { applyDocumentLanguage } from './document-language.ts';

/**
 * The portal's one i18next instance (created, not the global default, so that no other script
 * on an embedding page can reconfigure it). Each micro-app is a namespace named after it.
 */
export const i18n = i18next.createInstance();

export interface I18nOptions {
  /** Where a dictionary lives; defaults to /i18n/{app}/{lang}.json. */
  dictionaryUrl?: DictionaryUrl;
  fetch?: typeof fetch;
}

let settings: Required<I18nOptions> = {
  dictionaryUrl: defaultDictionaryUrl,
  fetch: (...args) => fetch(...args),
};
let initialization: Promise<void> | null = null;
/** Every app whose dictionary was asked for: a language switch loads them all in the new language. */
const apps = new Set<string>();
/** Loaded (or loading) dictionaries by `lang/app`; failed ones are dropped so a later switch retries. */
const loads = new Map<string, Promise<void>>();
let applying: Promise<void> = Promise.resolve();

/** Loads `app`'s dictionary for `language` (default: the current one) into namespace `app`. */
export function loadAppDictionary(app: string, language: Language = session$.value.language): Promise<void> {
  apps.add(app);
  const key = `${language}/${app}`;
  let load = loads.get(key);
  if (!load) {
    load = fetchDictionary(settings.dictionaryUrl(app, language), settings.fetch).then(
      ({ dictionary, ok }) => {
        if (!ok) loads.delete(key);
        // deep merge, overwrite: a dictionary loaded again replaces the old texts
        i18n.addResourceBundle(language, app, dictionary, true, true);
      },
    );
    loads.set(key, load);
  }
  return load;
}

async function applyLanguage(language: Language): Promise<void> {
  await Promise.all([...apps].map((app) => loadAppDictionary(app, language)));
  // A later switch overtook this one while its dictionaries loaded: let that one win.
  if (session$.value.language !== language) return;
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

/**
 * Sets up i18next for React in the session's language and follows the session's language from
 * then on. Idempotent: every micro-app may call it; the first call's options apply.
 */
export function initI18n(options: I18nOptions = {}): Promise<void> {
  initialization ??= (async () => {
    settings = { ...settings, ...options };
    const language = session$.value.language;
    await i18n.use(initReactI18next).init({
      lng: language,
      supportedLngs: [...Languages],
      // No fallback language: a missing text shows its key, which is what the spec asks of a failed load.
      fallbackLng: false,
      ns: [],
      defaultNS: false,
      resources: {},
      partialBundledLanguages: true,
      // React escapes what it renders; escaping here too would show &amp; in names.
      interpolation: { escapeValue: false },
      // Re-render on a language change and when a dictionary arrives.
      react: { useSuspense: false, bindI18n: 'languageChanged', bindI18nStore: 'added' },
    });
    applyDocumentLanguage(language);
    language$.subscribe((next) => {
      applying = applyLanguage(next);
    });
  })();
  return initialization;
}

/**
 * Switches the portal's language: stores it (lower-case) in the session, loads every app's
 * dictionary in it, then re-renders, sets the dayjs locale and <html lang>. Resolves when done.
 */
export async function setLanguage(language: Language): Promise<void> {
  setSessionLanguage(language);
  await applying;
}
