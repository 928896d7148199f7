import dayjs from 'dayjs';
import type { Language } from '@hcm/contracts';
// Registered with the shared dayjs; the build bundles these small files into @hcm/i18n.
import 'dayjs/locale/vi.js';
import 'dayjs/locale/en.js';

/** Makes dates and the page itself speak the language: dayjs's global locale and <html lang>. */
export function applyDocumentLanguage(language: Language): void {
  dayjs.locale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
