import { useEffect } from 'react';
import { loadProfile, session$ } from '@hcm/session';
import { HcmProvider } from '@hcm/ui';
import { ShellRouter } from './ShellRouter.tsx';
import { LoadingBar } from './notices/LoadingBar.tsx';
import { SessionNotices } from './notices/SessionNotices.tsx';
import { PageEdges } from './edges/PageEdges.tsx';
import { useThemeState } from './edges/theme/use-theme.ts';
import { useProfileLanguageAtSignIn } from './session/profile-language.ts';

export interface ShellRootProps {
  /** single-spa custom prop: route prefixes of module micro-apps, framed by the workspace layout. */
  moduleRoutePrefixes?: readonly string[];
}

/** The shell's React root: theme, ids, call-failure toasts, the loading line, and the router. */
export function ShellRoot({ moduleRoutePrefixes }: ShellRootProps) {
  useEffect(() => {
    // A session restored from storage may be stale: reloading the profile checks the tokens
    // (refreshing them if needed, signing out if that fails) and picks up profile changes.
    if (session$.value.status === 'signed-in') loadProfile().catch(() => undefined);
  }, []);
  useProfileLanguageAtSignIn();
  const { brand } = useThemeState();
  return (
    <HcmProvider idPrefix="hcm-shell-" brand={brand}>
      <PageEdges />
      {/* Once per page: the failures of every micro-app's calls, and the loading line. */}
      <SessionNotices />
      <LoadingBar />
      <ShellRouter moduleRoutePrefixes={moduleRoutePrefixes} />
    </HcmProvider>
  );
}
