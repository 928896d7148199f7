import { useTranslation } from '@hcm/i18n';

/** The organisation app's i18n namespace: its page texts are /i18n/organization/<lang>.json (contract labels are not). */
export const ORGANIZATION_I18N = 'organization';

export const useOrganizationTranslation = () => useTranslation(ORGANIZATION_I18N);
