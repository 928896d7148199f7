import { useState } from 'react';
import { loadAppDictionary, useTranslation } from '@hcm/i18n';

/** The widgets' i18n namespace: their dictionaries are /i18n/widgets/<lang>.json. */
export const WIDGETS_APP = 'widgets';

/**
 * The widgets' texts. A widget asks for the dictionary as it mounts (the shell, or a page
 * outside the portal, need not know that widgets have one); a language switch then reloads it
 * with every other app's (@hcm/i18n).
 */
export function useWidgetsTranslation() {
  // once per mounted widget; @hcm/i18n loads each dictionary once per language
  useState(() => loadAppDictionary(WIDGETS_APP));
  return useTranslation(WIDGETS_APP);
}
