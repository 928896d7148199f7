import { i18n } from '@hcm/i18n';
import { ORGANIZATION_I18N } from './organization-i18n.ts';

/**
 * For browser tests: the organisation app's Vietnamese texts, as the shell would load them from
 * /i18n/organization/vi.json (the test server serves the source file).
 */
export async function addOrganizationDictionary(): Promise<void> {
  const response = await fetch('/packages/organization/i18n/vi.json');
  const dictionary = (await response.json()) as Record<string, unknown>;
  i18n.addResourceBundle('vi', ORGANIZATION_I18N, dictionary, true, true);
}
