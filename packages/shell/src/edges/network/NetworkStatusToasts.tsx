import { useEffect, useRef } from 'react';
import { notify, preloadToaster } from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';

/** Runs `task` when the browser is idle (Safari has no requestIdleCallback: a short delay there); gives a cancel. */
function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 2000);
  return () => clearTimeout(handle);
}

/**
 * Announces the network going and coming back (core §1): a warning toast when the browser goes
 * offline (also when the page opens offline, served from the service worker's cache), a success
 * toast when it is back. Renders nothing.
 */
export function NetworkStatusToasts() {
  const { t } = useShellTranslation();
  // The texts follow the language; the listeners stay, so a language switch announces nothing.
  const translate = useRef(t);
  useEffect(() => {
    translate.current = t;
  }, [t]);
  useEffect(() => {
    const offline = () => void notify.warning(translate.current('edges.network.offline'));
    const online = () => void notify.success(translate.current('edges.network.online'));
    if (!navigator.onLine) offline();
    // Once the page is idle, so that the offline toast has its code and texts when the network goes.
    const cancelPreload = whenIdle(() => void preloadToaster().catch(() => undefined));
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      cancelPreload();
    };
  }, []);
  return null;
}
