import { useTranslation } from '@hcm/i18n';

/** The app's i18n namespace: its page texts are /i18n/timekeeping/<lang>.json. */
export const TIMEKEEPING_I18N = 'timekeeping';

export const useTimekeepingTranslation = () => useTranslation(TIMEKEEPING_I18N);
