import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { LifeCycleFn } from 'single-spa';
import { initI18n, loadAppDictionary } from '@hcm/i18n';
import { loadUiDictionary } from '@hcm/ui';
import { ORGANIZATION_I18N } from './organization-i18n.ts';
import { OrganizationRoot, type OrganizationRootProps } from './OrganizationRoot.tsx';
import { enterOutlet, organizationElement, pageBrand } from './outlet.ts';

const reactLifecycles = singleSpaReact<OrganizationRootProps>({
  React,
  ReactDOMClient,
  rootComponent: (props) => <OrganizationRoot brand={props.brand ?? pageBrand()} />,
  // our element in the shell's outlet (or, for a moment, detached until the outlet is drawn)
  domElementGetter: organizationElement,
});

/** The app's texts before its first paint; i18next itself is set up by the shell (idempotent). */
const prepareTranslations: LifeCycleFn<OrganizationRootProps> = async () => {
  await initI18n();
  await Promise.all([loadAppDictionary(ORGANIZATION_I18N), loadUiDictionary()]);
};

let leaveOutlet: (() => void) | null = null;
const placeInOutlet: LifeCycleFn<OrganizationRootProps> = async () => {
  leaveOutlet = enterOutlet();
};
const removeFromOutlet: LifeCycleFn<OrganizationRootProps> = async () => {
  leaveOutlet?.();
  leaveOutlet = null;
};

export const bootstrap = [prepareTranslations, reactLifecycles.bootstrap];
export const mount = [placeInOutlet, reactLifecycles.mount];
export const unmount = [reactLifecycles.unmount, removeFromOutlet];
