import type { ModulePageOptions } from '@hcm/ui';
import { AccrueNowButton } from './AccrueNowButton.tsx';

/** The leave rules' generic pages, with HR's "accrue now" on the list (docs/leave.md). */
export const leaveRulePages: ModulePageOptions = {
  list: { toolbar: <AccrueNowButton /> },
};
