import { HcmProvider, type HcmProviderProps } from '@hcm/ui';
import { AdminRouter } from './AdminRouter.tsx';

export interface AdminRootProps {
  /** the deployment's brand ramp, read from the page when the app mounts */
  brand?: HcmProviderProps['brand'];
}

/** The admin app's React root: its own id prefix (beside the shell's) and the page's brand. */
export function AdminRoot({ brand }: AdminRootProps) {
  return (
    <HcmProvider idPrefix="hcm-admin-" brand={brand}>
      <AdminRouter />
    </HcmProvider>
  );
}
