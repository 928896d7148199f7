import { MODULE_OUTLET_ID, MODULE_OUTLET_READY_EVENT } from '@hcm/contracts';
import type { HcmProviderProps } from '@hcm/ui';

/** The element the app renders into, kept inside the shell's outlet. */
export const ADMIN_ELEMENT_ID = 'hcm-admin';

let detached: HTMLElement | null = null;
const container = (): HTMLElement => {
  const element = document.getElementById(ADMIN_ELEMENT_ID) ?? detached ?? document.createElement('div');
  element.id = ADMIN_ELEMENT_ID;
  detached = element;
  return element;
};

/**
 * Puts our element into #hcm-module-outlet now if the shell has drawn it, and again each time the
 * shell attaches an outlet (MODULE_OUTLET_READY_EVENT): single-spa may mount us before the
 * workspace is on the page (first load, just after sign-in), and React renders into the detached
 * element meanwhile, so mounting never waits on the shell. Returns the function that stops following.
 */
export function enterOutlet(): () => void {
  const element = container();
  const moveInto = (outlet: HTMLElement | null | undefined) => {
    if (outlet && element.parentElement !== outlet) outlet.append(element);
    placed.forEach((listener) => listener());
  };
  moveInto(document.getElementById(MODULE_OUTLET_ID));
  const onReady = (event: Event) => moveInto((event as CustomEvent<{ outlet?: HTMLElement }>).detail?.outlet);
  window.addEventListener(MODULE_OUTLET_READY_EVENT, onReady);
  return () => {
    window.removeEventListener(MODULE_OUTLET_READY_EVENT, onReady);
    element.remove();
    placed.forEach((listener) => listener());
  };
}

const placed = new Set<() => void>();

/**
 * Whether our element has been in the shell's outlet since mounting: a React store. Until then
 * the shell is not showing a workspace page for this path (signed out, no authority, another
 * level), so the app draws nothing and asks the API nothing, and the user hears only the shell.
 */
export const outletPlacement = {
  subscribe(listener: () => void): () => void {
    placed.add(listener);
    return () => placed.delete(listener);
  },
  isPlaced: (): boolean => detached?.parentElement?.id === MODULE_OUTLET_ID,
};

/** Our element, attached to the page or not yet. */
export const adminElement = (): HTMLElement => container();

const STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

/** The theme's brand ramp (`--hcm-brand-10` … `-160`, set by the shell's theme), if every shade is set. */
export function pageBrand(): HcmProviderProps['brand'] {
  const style = getComputedStyle(document.documentElement);
  const shades = STEPS.map((step) => [step, style.getPropertyValue(`--hcm-brand-${step}`).trim()] as const);
  if (shades.some(([, value]) => value === '')) return undefined;
  return Object.fromEntries(shades) as NonNullable<HcmProviderProps['brand']>;
}
