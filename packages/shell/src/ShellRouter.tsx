import { Suspense, lazy, useEffect, useMemo } from 'react';
import { NAVIGATION_ERROR_EVENT, type NavigationErrorDetail } from '@hcm/contracts';
import { i18n } from '@hcm/i18n';
import { Loading, showToast } from '@hcm/ui';
import { useSession } from './session/use-session.ts';
import { replaceLocation, useShellLocation } from './routing/location.ts';
import { errorPathForStatus, resolveRoute, type RouteDecision } from './routing/resolve-route.ts';
import { setInstalledRoutes, useFailedRoutes } from './routing/installed-apps.ts';
import { viewerOf } from './navigation/menu-service.ts';
import { ModuleMissingPage } from './navigation/ModuleMissingPage.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { WorkspaceLayout } from './layouts/WorkspaceLayout.tsx';
import { SignInPage } from './pages/sign-in/SignInPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { ForbiddenPage } from './pages/errors/ForbiddenPage.tsx';
import { ServerErrorPage } from './pages/errors/ServerErrorPage.tsx';
import { PrivacyPolicyPage } from './pages/privacy/PrivacyPolicyPage.tsx';
import { MyProfilePage } from './pages/my-profile/MyProfilePage.tsx';
import { SetPasswordPage } from './pages/set-password/SetPasswordPage.tsx';
import { ChangeFirstPasswordPage } from './pages/change-password/ChangeFirstPasswordPage.tsx';
import { SHELL_APP } from './shell-i18n.ts';
import { usePageTitle } from './page-title/use-page-title.ts';

const NO_MODULES: readonly string[] = [];

// Lazy chunks of the shell: the sign-in page downloads none of these pages (the dashboard's
// cards and summaries, issue 27, would have put it over its 350 KiB budget).
const DashboardPage = lazy(() =>
  import('./pages/dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);
const MyNotificationsPage = lazy(() =>
  import('./pages/my-notifications/MyNotificationsPage.tsx').then((m) => ({
    default: m.MyNotificationsPage,
  })),
);
const MyNotificationPage = lazy(() =>
  import('./pages/my-notifications/MyNotificationPage.tsx').then((m) => ({ default: m.MyNotificationPage })),
);

/** A shell text outside React: read when the toast shows, in the language of that moment. */
const shellText = (key: string) => i18n.t(key, { ns: SHELL_APP });

/**
 * Carries out a decision that leaves the page: a redirect (with the no-permission toast when
 * the authority guard refused) or a step back in history.
 */
function useLeaveAsDecided(decision: RouteDecision, href: string) {
  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  const forbidden = decision.kind === 'redirect' && decision.notice === 'forbidden';
  const goBack = decision.kind === 'back' ? decision.fallback : null;

  useEffect(() => {
    if (!redirectTo) return;
    if (forbidden) void showToast({ intent: 'error', message: () => shellText('navigation.forbiddenToast') });
    replaceLocation(redirectTo);
  }, [redirectTo, forbidden]);

  useEffect(() => {
    if (!goBack) return;
    // A first page of the tab has nowhere to go back to: the dashboard instead.
    if (window.history.length > 1) window.history.back();
    else replaceLocation(goBack);
    // href: going back may land on another page to leave, with the same fallback.
  }, [goBack, href]);
}

/** A module micro-app that cannot show its page tells the shell, which shows /404, /403 or /500. */
function useNavigationErrors() {
  useEffect(() => {
    const onError = (event: Event) => {
      const { status } = (event as CustomEvent<Partial<NavigationErrorDetail>>).detail ?? {};
      if (typeof status === 'number') replaceLocation(errorPathForStatus(status));
    };
    window.addEventListener(NAVIGATION_ERROR_EVENT, onError);
    return () => window.removeEventListener(NAVIGATION_ERROR_EVENT, onError);
  }, []);
}

/**
 * Picks layout and page from the location and the session, and re-decides whenever either
 * changes: signing in on /login moves on to the redirect target, losing the session on a
 * workspace page goes to /login?redirect=<that page>, a menu page the user may not open sends
 * them away (routing/resolve-route.ts has the guards).
 */
export function ShellRouter({
  moduleRoutePrefixes = NO_MODULES,
}: {
  moduleRoutePrefixes?: readonly string[];
}) {
  const session = useSession();
  const location = useShellLocation();
  // Without its private key a session opens no protected area (core §6): it counts as signed out.
  const profile = session.status === 'signed-in' && session.tokens.secretKey !== '' ? session.profile : null;
  const viewer = useMemo(() => (profile ? viewerOf(profile) : null), [profile]);
  // Before the layout renders: the sidebar's menu shows only what the installed apps serve.
  setInstalledRoutes(moduleRoutePrefixes);
  const failedRoutes = useFailedRoutes();
  const decision = resolveRoute(location, {
    viewer,
    moduleRoutePrefixes,
    failedRoutes,
    passwordChangeRequired: profile?.passwordChangeRequired === true,
  });
  useLeaveAsDecided(decision, `${location.pathname}${location.search}`);
  useNavigationErrors();
  usePageTitle(
    decision.kind === 'public' || decision.kind === 'workspace' ? decision.page : null,
    location.pathname,
  );

  if (decision.kind === 'redirect' || decision.kind === 'back') return null;
  if (decision.kind === 'public') {
    return (
      <PublicLayout>
        {decision.page === 'sign-in' && <SignInPage />}
        {decision.page === 'privacy-policy' && <PrivacyPolicyPage />}
        {decision.page === 'set-password' && <SetPasswordPage />}
        {decision.page === 'change-password' && profile && <ChangeFirstPasswordPage profile={profile} />}
        {decision.page === 'not-found' && <NotFoundPage signedIn={profile !== null} />}
        {decision.page === 'forbidden' && <ForbiddenPage />}
        {decision.page === 'server-error' && <ServerErrorPage />}
      </PublicLayout>
    );
  }
  // resolveRoute gives workspace pages only to a signed-in session.
  if (!profile) return null;
  return (
    <WorkspaceLayout profile={profile}>
      {decision.page === 'dashboard' && (
        <Suspense fallback={<Loading />}>
          <DashboardPage profile={profile} />
        </Suspense>
      )}
      {decision.page === 'my-profile' && <MyProfilePage profile={profile} />}
      {(decision.page === 'my-notifications' || decision.page === 'my-notification') && (
        <Suspense fallback={<Loading />}>
          {decision.page === 'my-notification' ? (
            // keyed: another notification's page starts afresh
            <MyNotificationPage key={decision.notificationId} id={decision.notificationId} />
          ) : (
            <MyNotificationsPage />
          )}
        </Suspense>
      )}
      {decision.page === 'module-missing' && <ModuleMissingPage entryKey={decision.entryKey} />}
      {decision.page === 'not-found' && <NotFoundPage signedIn />}
      {decision.page === 'forbidden' && <ForbiddenPage />}
      {decision.page === 'server-error' && <ServerErrorPage />}
    </WorkspaceLayout>
  );
}
