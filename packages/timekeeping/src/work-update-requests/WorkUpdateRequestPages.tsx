import { useMemo, useState } from 'react';
import type { PermissionCode } from '@hcm/contracts';
import { workUpdateRequestContract } from '@hcm/contracts/work-update-requests';
import { Button, useHasAuthority, type ModulePageOptions } from '@hcm/ui';
import { ApprovalContractPages } from '@hcm/widgets';
import { CancelApprovedDialog, type RequestToCancel } from './CancelApprovedDialog.tsx';
import { useWorkUpdateTexts } from './texts.ts';

const CANCEL_AUTHORITY: PermissionCode = 'timekeeping_change_request.cancel-approval';

/** "Cancel after approval", for those holding the request's cancel-approval (the route's permission). */
function CancelApprovedButton({ onClick }: { onClick: () => void }) {
  const text = useWorkUpdateTexts();
  return useHasAuthority(CANCEL_AUTHORITY) ? (
    <Button onClick={onClick}>{text('cancelApproved')}</Button>
  ) : null;
}

/**
 * Timekeeping › Documents › Work update suggestion (docs/work-update-requests.md): the kit's
 * list, create, detail and update pages of the contract with the approval engine's tabs, batch
 * actions and dialog (@hcm/widgets); an approved request's detail adds "cancel after approval"
 * with a reason, after which the day is computed again without it.
 */
export default function WorkUpdateRequestPages() {
  const [canceling, setCanceling] = useState<(RequestToCancel & { reload: () => void }) | null>(null);
  const detail = useMemo<ModulePageOptions['detail']>(
    () => ({
      actions: (record, page) =>
        record.approvalStatus === 'APPROVED' ? (
          <CancelApprovedButton
            onClick={() =>
              setCanceling({
                id: String(record.id),
                workDate: String(record.workDate ?? ''),
                version: Number(record.version),
                reload: page.reload,
              })
            }
          />
        ) : null,
    }),
    [],
  );
  return (
    <>
      <ApprovalContractPages contract={workUpdateRequestContract} detail={detail} />
      {canceling && (
        <CancelApprovedDialog
          target={canceling}
          onClose={() => setCanceling(null)}
          onDone={() => {
            canceling.reload();
            setCanceling(null);
          }}
        />
      )}
    </>
  );
}
