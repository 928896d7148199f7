import { useEffect } from 'react';
import { notices$ } from '@hcm/session';
import { showToast } from '@hcm/ui';
import { useShellTranslation } from '../shell-i18n.ts';
import { noticeToast } from './notice-toast.ts';

/**
 * Shows what @hcm/session says the user must be told about failed calls, as toasts. Mounted
 * once, in the shell's root: every micro-app's calls go through the same session, so their
 * failures are told here too.
 */
export function SessionNotices(): null {
  const { t } = useShellTranslation();
  useEffect(() => {
    const subscription = notices$.subscribe((notice) => void showToast(noticeToast(notice, t)));
    return () => subscription.unsubscribe();
  }, [t]);
  return null;
}
