import { useEffect } from 'react';
import { notices$ } from '@hcm/session';
import { loadUiDictionary, showToast, useUiTranslation } from '@hcm/ui';
import { noticeToast } from './notice-toast.ts';

/**
 * Shows what @hcm/session says the user must be told about failed calls, as toasts. Mounted
 * once, in the shell's root: every micro-app's calls go through the same session, so their
 * failures are told here too.
 */
export function SessionNotices(): null {
  // the texts are the kit's (@hcm/ui `notices`), the ones a screen says in place too
  const { t } = useUiTranslation();
  useEffect(() => {
    const subscription = notices$.subscribe(
      (notice) =>
        void loadUiDictionary().then(() => showToast(noticeToast(notice, (key, values) => t(key, values)))),
    );
    return () => subscription.unsubscribe();
  }, [t]);
  return null;
}
