/**
 * @hcm/ui/module-app: what every module micro-app repeats around its router — single-spa-react
 * lifecycles, its element in the shell's outlet, its texts before the first paint, and a root that
 * draws nothing until the shell frames the page.
 *
 * A subpath, not the kit's entry: each micro-app bundles it (with single-spa-react) as it did its
 * own lifecycles, so the sign-in page loads none of it; `@hcm/ui` and `@hcm/i18n` below are the
 * import map's one copy (imported by name, left external by the build).
 */
import React, { useSyncExternalStore, type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { LifeCycleFn } from 'single-spa';
import { initI18n, loadAppDictionary } from '@hcm/i18n';
import {
  HcmProvider,
  loadUiDictionary,
  moduleOutlet,
  pageBrand,
  type HcmProviderProps,
  type ModuleOutlet,
} from '@hcm/ui';

export interface ModuleAppOptions {
  /**
   * The app's short name (`admin` for @hcm/admin): its texts' namespace, served at
   * /i18n/<name>/<lang>.json, its element `#hcm-<name>` and its ids' prefix `hcm-<name>-`.
   */
  readonly name: string;
  /** Draws the page of the current route, and nothing outside the app's routes. */
  readonly Router: ComponentType;
}

export interface ModuleRootProps {
  /** the deployment's brand ramp, read from the page when the app mounts */
  brand?: HcmProviderProps['brand'];
}

type ModuleLifeCycles = readonly LifeCycleFn<ModuleRootProps>[];

export interface ModuleApp {
  readonly bootstrap: ModuleLifeCycles;
  readonly mount: ModuleLifeCycles;
  readonly unmount: ModuleLifeCycles;
  /** The app's React root (its own id prefix beside the shell's, the page's brand), for tests. */
  readonly Root: ComponentType<ModuleRootProps>;
  /** Its element in the shell's outlet (see moduleOutlet), for tests. */
  readonly outlet: ModuleOutlet;
}

/** A module micro-app around its router: `export const { bootstrap, mount, unmount } = moduleApp(…)`. */
export function moduleApp({ name, Router }: ModuleAppOptions): ModuleApp {
  const outlet = moduleOutlet(`hcm-${name}`);

  function Root({ brand }: ModuleRootProps) {
    // single-spa mounts us on our routes even when the shell sends the user elsewhere (no
    // authority, signed out): draw, and call the API, only once the shell has framed the page.
    const placed = useSyncExternalStore(outlet.placement.subscribe, outlet.placement.isPlaced);
    return (
      <HcmProvider idPrefix={`hcm-${name}-`} brand={brand}>
        {placed && <Router />}
      </HcmProvider>
    );
  }

  const reactLifecycles = singleSpaReact<ModuleRootProps>({
    React,
    ReactDOMClient,
    rootComponent: (props) => <Root brand={props.brand ?? pageBrand()} />,
    // our element in the shell's outlet (or, for a moment, detached until the outlet is drawn)
    domElementGetter: outlet.element,
  });

  // The app's texts before its first paint; i18next itself is set up by the shell (idempotent).
  const prepareTranslations: LifeCycleFn<ModuleRootProps> = async () => {
    await initI18n();
    await Promise.all([loadAppDictionary(name), loadUiDictionary()]);
  };

  let leaveOutlet: (() => void) | null = null;
  const placeInOutlet: LifeCycleFn<ModuleRootProps> = async () => {
    leaveOutlet = outlet.enter();
  };
  const removeFromOutlet: LifeCycleFn<ModuleRootProps> = async () => {
    leaveOutlet?.();
    leaveOutlet = null;
  };

  return {
    bootstrap: [prepareTranslations, reactLifecycles.bootstrap],
    mount: [placeInOutlet, reactLifecycles.mount],
    unmount: [reactLifecycles.unmount, removeFromOutlet],
    Root,
    outlet,
  };
}
