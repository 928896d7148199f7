import { DashboardLabels } from '@hcm/contracts/dashboard';
import { useShellTranslation } from '../../../shell-i18n.ts';
import { fill } from './card-links.ts';

export type DashboardText = (
  key: keyof typeof DashboardLabels,
  values?: Record<string, string | number>,
) => string;

/** The dashboard's texts (declared once, both languages, in @hcm/contracts/dashboard) in the page's language. */
export function useDashboardText(): { text: DashboardText; language: 'vi' | 'en' } {
  const { i18n } = useShellTranslation();
  const language = i18n.language === 'en' ? 'en' : 'vi';
  return { language, text: (key, values = {}) => fill(DashboardLabels[key][language], values) };
}
