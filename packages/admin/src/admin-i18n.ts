import { useTranslation } from '@hcm/i18n';

/** The admin app's i18n namespace: its page texts are /i18n/admin/<lang>.json (contract labels are not). */
export const ADMIN_APP = 'admin';

export const useAdminTranslation = () => useTranslation(ADMIN_APP);
