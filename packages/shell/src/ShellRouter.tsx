import { useEffect } from 'react';
import { useSession } from './session/use-session.ts';
import { replaceLocation, useShellLocation } from './routing/location.ts';
import { resolveRoute } from './routing/resolve-route.ts';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { WorkspaceLayout } from './layouts/WorkspaceLayout.tsx';
import { SignInPage } from './pages/sign-in/SignInPage.tsx';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

const NO_MODULES: readonly string[] = [];

/**
 * Picks layout and page from the location and the session, and re-decides whenever either
 * changes: signing in on /login moves on to the redirect target, losing the session on a
 * workspace page goes to /login?redirect=<that page>.
 */
export function ShellRouter({
  moduleRoutePrefixes = NO_MODULES,
}: {
  moduleRoutePrefixes?: readonly string[];
}) {
  const session = useSession();
  const location = useShellLocation();
  const decision = resolveRoute(location, { signedIn: session.status === 'signed-in', moduleRoutePrefixes });
  const redirectTo = decision.kind === 'redirect' ? decision.to : null;

  useEffect(() => {
    if (redirectTo) replaceLocation(redirectTo);
  }, [redirectTo]);

  if (decision.kind === 'redirect') return null;
  if (decision.kind === 'public') {
    return (
      <PublicLayout>
        {decision.page === 'sign-in' ? <SignInPage /> : <NotFoundPage signedIn={false} />}
      </PublicLayout>
    );
  }
  // resolveRoute gives workspace pages only to a signed-in session.
  if (session.status !== 'signed-in') return null;
  return (
    <WorkspaceLayout profile={session.profile}>
      {decision.page === 'dashboard' && <DashboardPage profile={session.profile} />}
      {decision.page === 'not-found' && <NotFoundPage signedIn />}
    </WorkspaceLayout>
  );
}
