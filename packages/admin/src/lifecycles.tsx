import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { LifeCycleFn } from 'single-spa';
import { initI18n, loadAppDictionary } from '@hcm/i18n';
import { loadUiDictionary } from '@hcm/ui';
import { ADMIN_APP } from './admin-i18n.ts';
import { AdminRoot, type AdminRootProps } from './AdminRoot.tsx';
import { adminElement, enterOutlet, pageBrand } from './outlet.ts';

const reactLifecycles = singleSpaReact<AdminRootProps>({
  React,
  ReactDOMClient,
  rootComponent: (props) => <AdminRoot brand={props.brand ?? pageBrand()} />,
  // our element in the shell's outlet (or, for a moment, detached until the outlet is drawn)
  domElementGetter: adminElement,
});

/** The app's texts before its first paint; i18next itself is set up by the shell (idempotent). */
const prepareTranslations: LifeCycleFn<AdminRootProps> = async () => {
  await initI18n();
  await Promise.all([loadAppDictionary(ADMIN_APP), loadUiDictionary()]);
};

let leaveOutlet: (() => void) | null = null;
const placeInOutlet: LifeCycleFn<AdminRootProps> = async () => {
  leaveOutlet = enterOutlet();
};
const removeFromOutlet: LifeCycleFn<AdminRootProps> = async () => {
  leaveOutlet?.();
  leaveOutlet = null;
};

export const bootstrap = [prepareTranslations, reactLifecycles.bootstrap];
export const mount = [placeInOutlet, reactLifecycles.mount];
export const unmount = [reactLifecycles.unmount, removeFromOutlet];
