import { useEffect } from 'react';
import { ApiPaths, type Language, type UpdateProfileBody } from '@hcm/contracts';
import { setLanguage } from '@hcm/i18n';
import { api, loadProfile, session$ } from '@hcm/session';

/** The save on its way, if any: the next one waits for it, so the last choice is what stays. */
let saving: Promise<void> | null = null;

/**
 * Keeps the language chosen in the header in the signed-in user's profile, so that it follows
 * them to the next sign-in and to another browser. A failed save is explained by the session's
 * toasts (the language still changed here); the session's profile is reloaded so that My
 * profile shows the saved language. Saves run one after another: a choice made while one is on
 * its way (English, then straight back to Vietnamese) is saved after it, even though the
 * session's profile does not say the first one yet; otherwise the profile kept English.
 */
export async function saveLanguageToProfile(language: Language): Promise<void> {
  const session = session$.value;
  if (session.status !== 'signed-in') return;
  if (!saving && session.profile.language === language) return;
  const body: UpdateProfileBody = { language };
  const mine = (saving ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      await api.post(ApiPaths.iam.meProfile, body);
      await loadProfile();
    });
  saving = mine;
  try {
    await mine;
  } finally {
    if (saving === mine) saving = null;
  }
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
