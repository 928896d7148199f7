import { i18n } from '@hcm/i18n';
import { TIMEKEEPING_I18N } from './timekeeping-i18n.ts';

/**
 * For browser tests: the app's Vietnamese texts, as the shell would load them from
 * /i18n/timekeeping/vi.json (the test server serves the source file).
 */
export async function addTimekeepingDictionary(): Promise<void> {
  const response = await fetch('/packages/timekeeping/i18n/vi.json');
  const dictionary = (await response.json()) as Record<string, unknown>;
  i18n.addResourceBundle('vi', TIMEKEEPING_I18N, dictionary, true, true);
}
