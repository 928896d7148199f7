import { useEffect } from 'react';
import { loadProfile, session$ } from '@hcm/session';
import { HcmProvider } from '@hcm/ui';
import { ShellRouter } from './ShellRouter.tsx';

export interface ShellRootProps {
  /** single-spa custom prop: route prefixes of module micro-apps, framed by the workspace layout. */
  moduleRoutePrefixes?: readonly string[];
}

/** The shell's React root: theme, ids, and the router. */
export function ShellRoot({ moduleRoutePrefixes }: ShellRootProps) {
  useEffect(() => {
    // A session restored from storage may be stale: reloading the profile checks the tokens
    // (refreshing them if needed, signing out if that fails) and picks up profile changes.
    if (session$.value.status === 'signed-in') loadProfile().catch(() => undefined);
  }, []);
  return (
    <HcmProvider idPrefix="hcm-shell-">
      <ShellRouter moduleRoutePrefixes={moduleRoutePrefixes} />
    </HcmProvider>
  );
}
