import { useEffect } from 'react';
import { i18n, loadAppDictionary, useTranslation } from '@hcm/i18n';

/** @hcm/ui's own texts: namespace `ui`, from shared/ui/i18n/<lang>.json (published at /i18n/ui/<lang>.json). */
export const UI_NAMESPACE = 'ui';

/**
 * Loads the kit's dictionary in the current language (and, from then on, in every language the
 * portal switches to). Waits for the portal's initI18n when called before it, so that the
 * micro-app's options (dictionary URL) are the ones used.
 */
export function loadUiDictionary(): Promise<void> {
  if (i18n.isInitialized) return loadAppDictionary(UI_NAMESPACE);
  return new Promise((resolve) => {
    const onInitialized = () => {
      i18n.off('initialized', onInitialized);
      void loadAppDictionary(UI_NAMESPACE).then(resolve);
    };
    i18n.on('initialized', onInitialized);
  });
}

/** useTranslation('ui'), loading the kit's dictionary on first use. */
export function useUiTranslation() {
  useEffect(() => {
    void loadUiDictionary();
  }, []);
  return useTranslation(UI_NAMESPACE);
}

/** A kit text outside React (toasts, imperative dialogs). */
export function uiText(key: string, params: Record<string, unknown> = {}): string {
  return i18n.t(key, { ...params, ns: UI_NAMESPACE });
}
