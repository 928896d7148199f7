import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { LifeCycleFn } from 'single-spa';
import { i18n, initI18n, loadAppDictionary } from '@hcm/i18n';
import { WIDGETS_APP } from '@hcm/widgets';
import { sessionReady } from '@hcm/session';
import { HcmProvider } from '@hcm/ui';
import { SHELL_ELEMENT_ID } from '@hcm/contracts';
import { ShellRoot, type ShellRootProps } from './ShellRoot.tsx';
import { ShellCrashed } from './ShellCrashed.tsx';
import { SHELL_APP } from './shell-i18n.ts';
import { addDeclaredMenuTexts } from './navigation/menu-texts.ts';
import { pageTheme } from './edges/theme/page-theme.ts';

/** The element index.html provides for the shell (@hcm/contracts). */
export { SHELL_ELEMENT_ID };

const reactLifecycles = singleSpaReact<ShellRootProps>({
  React,
  ReactDOMClient,
  rootComponent: ShellRoot,
  errorBoundary: () => (
    <HcmProvider idPrefix="hcm-shell-crash-">
      <ShellCrashed />
    </HcmProvider>
  ),
  domElementGetter: () => {
    const element = document.getElementById(SHELL_ELEMENT_ID);
    if (!element) throw new Error(`@hcm/shell needs <div id="${SHELL_ELEMENT_ID}"> in the page`);
    return element;
  },
});

/** i18n first, so that the first render already speaks the user's language (no flash of keys). */
const prepareTranslations: LifeCycleFn<ShellRootProps> = async () => {
  await initI18n();
  // the menu's entries named by their contracts' titles, which the dictionary does not restate
  addDeclaredMenuTexts(i18n, SHELL_APP);
  // the top bar's bell speaks from the widgets' dictionary
  await Promise.all([loadAppDictionary(SHELL_APP), loadAppDictionary(WIDGETS_APP)]);
};

/** The cached theme shows before the first paint; the server's follows without holding the page up. */
const showTheme: LifeCycleFn<ShellRootProps> = async () => {
  void pageTheme().start();
};

/**
 * A new tab without a stored session may be handed the session of an open tab (@hcm/session,
 * without remember me): the first route decision waits for it (at most a fifth of a second,
 * alongside the translations), so a link opened in a new tab does not pass through /login.
 */
const prepareSessionAndTranslations: LifeCycleFn<ShellRootProps> = async (props) => {
  await Promise.all([sessionReady, prepareTranslations(props)]);
};

export const bootstrap = [showTheme, prepareSessionAndTranslations, reactLifecycles.bootstrap];
export const mount = [reactLifecycles.mount];
export const unmount = [reactLifecycles.unmount];
