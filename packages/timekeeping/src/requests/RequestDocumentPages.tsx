import { useMemo, useState, type ReactNode } from 'react';
import type { PermissionCode } from '@hcm/contracts';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { Button, useHasAuthority, type ModulePageOptions } from '@hcm/ui';
import { ApprovalContractPages } from '@hcm/widgets';
import {
  CancelApprovedDialog,
  type CancelApprovedWords,
  type DocumentToCancel,
} from './CancelApprovedDialog.tsx';
import { useRequestTexts } from './texts.ts';

type PageRecord = Parameters<NonNullable<NonNullable<ModulePageOptions['detail']>['actions']>>[0];

/** "Cancel after approval", for those holding the document's cancel-approval (the route's permission). */
function CancelApprovedButton({ authority, onClick }: { authority: PermissionCode; onClick: () => void }) {
  const text = useRequestTexts();
  return useHasAuthority(authority) ? <Button onClick={onClick}>{text('cancelApproved')}</Button> : null;
}

/**
 * A timekeeping request document's pages (docs/request-documents.md): the kit's list, create,
 * detail and update pages of the contract with the approval engine's tabs, batch actions and
 * dialog (@hcm/widgets); an approved document's detail adds "cancel after approval" with a
 * reason, after which its effects on the timesheet (and the balance) are undone. `values` names
 * what the dialog's words say of the record; `options` adds a page's own (the balance beside a
 * leave form).
 */
export function RequestDocumentPages({
  contract,
  cancel,
  values,
  options,
  detailBelow,
  children,
}: {
  contract: AnyResourceContract;
  cancel: CancelApprovedWords;
  values: (record: PageRecord) => Record<string, string>;
  options?: Omit<ModulePageOptions, 'detail'>;
  /** drawn below a document's detail (the balance below a leave application) */
  detailBelow?: (record: PageRecord) => ReactNode;
  children?: ReactNode;
}) {
  const authority = `${contract.permission}.cancel-approval` as PermissionCode;
  const [canceling, setCanceling] = useState<(DocumentToCancel & { reload: () => void }) | null>(null);
  const detail = useMemo<ModulePageOptions['detail']>(
    () => ({
      actions: (record, page) =>
        record.approvalStatus === 'APPROVED' ? (
          <CancelApprovedButton
            authority={authority}
            onClick={() =>
              setCanceling({
                id: String(record.id),
                version: Number(record.version),
                values: values(record),
                reload: page.reload,
              })
            }
          />
        ) : null,
      ...(detailBelow ? { below: (record: PageRecord) => detailBelow(record) } : {}),
    }),
    [authority, values, detailBelow],
  );
  return (
    <>
      <ApprovalContractPages contract={contract} detail={detail} {...options} />
      {children}
      {canceling && (
        <CancelApprovedDialog
          target={canceling}
          words={cancel}
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
