import { useSyncExternalStore } from 'react';
import { HcmProvider, type HcmProviderProps } from '@hcm/ui';
import { OrganizationRouter } from './OrganizationRouter.tsx';
import { outletPlacement } from './outlet.ts';

export interface OrganizationRootProps {
  /** the deployment's brand ramp, read from the page when the app mounts */
  brand?: HcmProviderProps['brand'];
}

/** The organisation app's React root: its own id prefix (beside the shell's) and the page's brand. */
export function OrganizationRoot({ brand }: OrganizationRootProps) {
  // single-spa mounts us on our routes even when the shell sends the user elsewhere (no
  // authority, signed out): draw, and call the API, only once the shell has framed the page.
  const placed = useSyncExternalStore(outletPlacement.subscribe, outletPlacement.isPlaced);
  return (
    <HcmProvider idPrefix="hcm-organization-" brand={brand}>
      {placed && <OrganizationRouter />}
    </HcmProvider>
  );
}
