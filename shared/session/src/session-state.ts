import type { Language, Profile, TokenSet } from '@hcm/contracts';
import type { Observable } from 'rxjs';

export type SessionStatus = 'signed-out' | 'signed-in';

export interface SignedOutSession {
  status: 'signed-out';
  profile: null;
  tokens: null;
  rememberMe: false;
  language: Language;
}

export interface SignedInSession {
  status: 'signed-in';
  profile: Profile;
  tokens: TokenSet;
  /** Whether the tokens live in persistent storage (true) or per-tab storage (false). */
  rememberMe: boolean;
  language: Language;
}

/** The one session of the page. `status` tells which of the two shapes it is. */
export type SessionState = SignedOutSession | SignedInSession;

/**
 * The session stream as the rest of the portal sees it: a BehaviorSubject (it always has a
 * current value and gives it to each new subscriber) that only @hcm/session can push to.
 */
export type SessionStream = Observable<SessionState> & {
  readonly value: SessionState;
  getValue(): SessionState;
};

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

/** How one sign-in call is made (core §7: optional captcha and transaction headers). */
export interface SignInOptions {
  /**
   * The caller shows the failure itself (the sign-in form's inline alert): no notice, so the
   * user is not told twice.
   */
  ignoreError?: boolean;
  /** `<prefix>:<nonce>` of a solved challenge, when the server asked for one (x-captcha-required). */
  captcha?: string;
  transactionId?: string;
}

export const signedOut = (language: Language): SignedOutSession => ({
  status: 'signed-out',
  profile: null,
  tokens: null,
  rememberMe: false,
  language,
});
