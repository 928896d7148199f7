import { useEffect } from 'react';
import { ApiPaths, type Language, type UpdateProfileBody } from '@hcm/contracts';
import { setLanguage } from '@hcm/i18n';
import { api, loadProfile, session$ } from '@hcm/session';

/**
 * Keeps the language chosen in the header in the signed-in user's profile, so that it follows
 * them to the next sign-in and to another browser. A failed save is explained by the session's
 * toasts (the language still changed here); the session's profile is reloaded so that My
 * profile shows the saved language.
 */
export async function saveLanguageToProfile(language: Language): Promise<void> {
  const session = session$.value;
  if (session.status !== 'signed-in' || session.profile.language === language) return;
  const body: UpdateProfileBody = { language };
  await api.post(ApiPaths.iam.meProfile, body);
  await loadProfile();
}

/**
 * At sign-in the portal takes the language of the user's profile, whatever the sign-in page
 * showed: someone whose profile says English reads English from their first page on. Only the
 * moment of signing in counts: a session restored on reload keeps the language of this browser.
 */
export function useProfileLanguageAtSignIn(): void {
  useEffect(() => {
    let before = session$.value.status;
    const subscription = session$.subscribe((now) => {
      const signedInNow = before === 'signed-out' && now.status === 'signed-in';
      before = now.status;
      if (signedInNow && now.profile.language !== now.language) void setLanguage(now.profile.language);
    });
    return () => subscription.unsubscribe();
  }, []);
}
