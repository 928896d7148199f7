import { useEffect, useState } from 'react';
import { TENANT_DASHBOARD_PATH, type TenantDashboard } from '@hcm/contracts/dashboard';
import { api } from '@hcm/session';

export type LoadedDashboard =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: TenantDashboard };

/**
 * A tenant user's whole dashboard from one call (GET /api/om/dashboard): the numbers, the lists
 * and the workforce statistics, in `language`; asked again when the language changes. Nothing is
 * asked when `enabled` is false (a system user's dashboard is another).
 */
export function useTenantDashboard(enabled: boolean, language: 'vi' | 'en'): LoadedDashboard {
  const [loaded, setLoaded] = useState<{ language: string; value: LoadedDashboard } | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let alive = true;
    api
      .get<TenantDashboard>(TENANT_DASHBOARD_PATH, {
        ignoreError: true,
        headers: { 'accept-language': language },
      })
      .then((data) => alive && setLoaded({ language, value: { state: 'ready', data } }))
      .catch(() => alive && setLoaded({ language, value: { state: 'failed' } }));
    return () => {
      alive = false;
    };
  }, [enabled, language]);
  return loaded?.language === language ? loaded.value : { state: 'loading' };
}
