import { moduleOutlet } from '@hcm/ui';

/** The element the app renders into, kept inside the shell's outlet. */
export const ORGANIZATION_ELEMENT_ID = 'hcm-organization';

const outlet = moduleOutlet(ORGANIZATION_ELEMENT_ID);

/** Follows the shell's outlet (see moduleOutlet in @hcm/ui); returns the function that stops. */
export const enterOutlet = outlet.enter;
export const outletPlacement = outlet.placement;
/** Our element, attached to the page or not yet. */
export const organizationElement = outlet.element;
export { pageBrand } from '@hcm/ui';
