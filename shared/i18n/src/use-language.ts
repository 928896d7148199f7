import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@hcm/contracts';
import { normalizeLanguage } from '@hcm/session';

/** The language the screens are rendered in now (after its dictionaries arrived). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}
