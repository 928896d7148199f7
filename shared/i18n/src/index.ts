/**
 * @hcm/i18n: the portal's i18next set-up. Each micro-app has its own namespace (its name) whose
 * vi/en dictionaries are fetched from /i18n/<app>/<lang>.json; the language lives in
 * @hcm/session and this module follows it (dictionaries, dayjs locale, <html lang>).
 */
export { i18n, initI18n, loadAppDictionary, setLanguage, type I18nOptions } from './i18n-setup.ts';
export { defaultDictionaryUrl, type Dictionary, type DictionaryUrl } from './dictionary-loader.ts';
export { defaultMessagesUrl, type MessagesUrl } from './public-messages.ts';
export { useLanguage } from './use-language.ts';
export { language$ } from '@hcm/session';
// react-i18next is bundled here, once; micro-apps take its hook from @hcm/i18n.
export { useTranslation } from 'react-i18next';
