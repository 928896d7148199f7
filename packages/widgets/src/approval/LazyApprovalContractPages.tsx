import { Suspense, lazy } from 'react';
import { Loading } from '@hcm/ui';
import type { ApprovalContractPagesProps } from './ApprovalContractPages.tsx';

// The approval pages are a lazy chunk: the widgets' entry stays within its budget, and a
// module loads them only when it shows an approvable contract.
const Pages = lazy(() => import('./ApprovalContractPages.tsx'));

/** ApprovalContractPages, loaded when first shown. */
export function ApprovalContractPages(props: ApprovalContractPagesProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Pages {...props} />
    </Suspense>
  );
}
