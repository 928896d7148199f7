import { MODULE_OUTLET_ID, MODULE_OUTLET_READY_EVENT } from '@hcm/contracts';
import type { HcmProviderProps } from '../HcmProvider.tsx';

/** A module micro-app's element inside the shell's outlet, and whether it is placed there yet. */
export interface ModuleOutlet {
  /** the element the app renders into, attached to the page or not yet */
  element(): HTMLElement;
  /**
   * Puts the element into #hcm-module-outlet now if the shell has drawn it, and again each time
   * the shell attaches an outlet (MODULE_OUTLET_READY_EVENT): single-spa may mount the app before
   * the workspace is on the page (first load, just after sign-in), and React renders into the
   * detached element meanwhile, so mounting never waits on the shell. Returns the function that
   * stops following and takes the element out.
   */
  enter(): () => void;
  /**
   * Whether the element has been in the shell's outlet since mounting: a React store. Until then
   * the shell is not showing a workspace page for this path (signed out, no authority, another
   * level), so the app draws nothing and asks the API nothing, and the user hears only the shell.
   */
  readonly placement: { subscribe(listener: () => void): () => void; isPlaced(): boolean };
}

/** The outlet plumbing of one module micro-app, whose element has the id `elementId`. */
export function moduleOutlet(elementId: string): ModuleOutlet {
  let detached: HTMLElement | null = null;
  const placed = new Set<() => void>();
  const element = (): HTMLElement => {
    const found = document.getElementById(elementId) ?? detached ?? document.createElement('div');
    found.id = elementId;
    detached = found;
    return found;
  };
  return {
    element,
    enter() {
      const own = element();
      const moveInto = (outlet: HTMLElement | null | undefined) => {
        if (outlet && own.parentElement !== outlet) outlet.append(own);
        placed.forEach((listener) => listener());
      };
      moveInto(document.getElementById(MODULE_OUTLET_ID));
      const onReady = (event: Event) =>
        moveInto((event as CustomEvent<{ outlet?: HTMLElement }>).detail?.outlet);
      window.addEventListener(MODULE_OUTLET_READY_EVENT, onReady);
      return () => {
        window.removeEventListener(MODULE_OUTLET_READY_EVENT, onReady);
        own.remove();
        placed.forEach((listener) => listener());
      };
    },
    placement: {
      subscribe(listener) {
        placed.add(listener);
        return () => placed.delete(listener);
      },
      isPlaced: () => detached?.parentElement?.id === MODULE_OUTLET_ID,
    },
  };
}

const STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

/** The theme's brand ramp (`--hcm-brand-10` … `-160`, set by the shell's theme), if every shade is set. */
export function pageBrand(): HcmProviderProps['brand'] {
  const style = getComputedStyle(document.documentElement);
  const shades = STEPS.map((step) => [step, style.getPropertyValue(`--hcm-brand-${step}`).trim()] as const);
  if (shades.some(([, value]) => value === '')) return undefined;
  return Object.fromEntries(shades) as NonNullable<HcmProviderProps['brand']>;
}
