/**
 * The standalone bundle's entry (widgets/hcm-widgets.js): React, Fluent, the session, i18n and the
 * widgets in one script for pages outside the portal. Each element renders into an open shadow
 * root, and talks to the portal named by its `api-base` attribute (or this page's origin).
 *
 * A page on another origin has no portal session of its own: it gives the widgets one with
 * `HcmWidgets.signIn(username, password)` (its own sign-in form, or its single sign-on handing
 * over the user's portal credentials), and ends it with `HcmWidgets.signOut()`.
 */
import { setBodyMount } from '@hcm/ui';
import { session$, signIn, signOut } from '@hcm/session';
import { defineWidgetElements } from './elements/define-widget.tsx';
import { widgetSpecs } from './elements/widget-specs.tsx';
import { ShadowHost } from './standalone/ShadowHost.tsx';
import { mountInShadowLayer } from './standalone/shadow-layer.tsx';

export interface HcmWidgetsGlobal {
  signIn(username: string, password: string): Promise<{ username: string }>;
  signOut(): Promise<void>;
  /** whether a user is signed in, and who */
  signedIn(): { username: string } | null;
}

const global: HcmWidgetsGlobal = {
  signIn: async (username, password) => {
    const profile = await signIn({ username, password, rememberMe: false });
    return { username: profile.username };
  },
  signOut,
  signedIn: () => {
    const state = session$.value;
    return state.status === 'signed-in' ? { username: state.profile.username } : null;
  },
};

setBodyMount(mountInShadowLayer);
(window as Window & { HcmWidgets?: HcmWidgetsGlobal }).HcmWidgets = global;
defineWidgetElements(widgetSpecs, ShadowHost, 'open');
