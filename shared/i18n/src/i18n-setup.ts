import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { session$, setLanguage as setSessionLanguage, language$ } from '@hcm/session';
import { Languages, type Language } from '@hcm/contracts';
import { defaultDictionaryUrl, fetchDictionary, type DictionaryUrl } from './dictionary-loader.ts';
import { applyDocumentLanguage } from './document-language.ts';
import {
  defaultMessagesUrl,
  fetchPublicMessages,
  type MessagesUrl,
  type PublicMessages,
} from './public-messages.ts';

/**
 * The portal's one i18next instance (created, not the global default, so that no other script
 * on an embedding page can reconfigure it). Each micro-app is a namespace named after it.
 */
export const i18n = i18next.createInstance();

export interface I18nOptions {
  /** Where a dictionary lives; defaults to /i18n/{app}/{lang}.json. */
  dictionaryUrl?: DictionaryUrl;
  /** Where the server's message texts are; defaults to /api/system/public/messages?language=. */
  messagesUrl?: MessagesUrl;
  fetch?: typeof fetch;
}

let settings: Required<I18nOptions> = {
  dictionaryUrl: defaultDictionaryUrl,
  messagesUrl: defaultMessagesUrl,
  fetch: (...args) => fetch(...args),
};
let initialization: Promise<void> | null = null;
/** Every app whose dictionary was asked for: a language switch loads them all in the new language. */
const apps = new Set<string>();
/** Loaded (or loading) dictionaries by `lang/app`; failed ones are dropped so a later switch retries. */
const loads = new Map<string, Promise<void>>();
let applying: Promise<void> = Promise.resolve();
/** The server's texts by language, fetched once per language (a failed fetch is retried next time). */
const messageLoads = new Map<Language, Promise<PublicMessages>>();

function publicMessages(language: Language): Promise<PublicMessages> {
  let load = messageLoads.get(language);
  if (!load) {
    load = fetchPublicMessages(settings.messagesUrl(language), settings.fetch).then(({ messages, ok }) => {
      if (!ok) messageLoads.delete(language);
      return messages;
    });
    messageLoads.set(language, load);
  }
  return load;
}

/** Loads `app`'s dictionary for `language` (default: the current one) into namespace `app`. */
export function loadAppDictionary(app: string, language: Language = session$.value.language): Promise<void> {
  apps.add(app);
  const key = `${language}/${app}`;
  let load = loads.get(key);
  if (!load) {
    load = Promise.all([
      fetchDictionary(settings.dictionaryUrl(app, language), settings.fetch),
      publicMessages(language),
    ]).then(([{ dictionary, ok }, messages]) => {
      if (!ok) loads.delete(key);
      // deep merge, overwrite: a dictionary loaded again replaces the old texts
      i18n.addResourceBundle(language, app, dictionary, true, true);
      // Core §7: the server's public messages are merged over every app's dictionary.
      i18n.addResources(language, app, messages);
    });
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
