import { CommonLabels } from '@hcm/contracts/resource';
import { LeaveApplicationPaths, leaveApplicationContract } from '@hcm/contracts/leave-applications';
import type { CancelApprovedWords } from '../requests/CancelApprovedDialog.tsx';
import { RequestDocumentPages } from '../requests/RequestDocumentPages.tsx';
import { LeaveBalanceCard } from './LeaveBalanceCard.tsx';
import { LeaveFormSection } from './LeaveFormSection.tsx';
import { LEAVE_TEXTS } from './texts.ts';

const CANCEL: CancelApprovedWords = {
  path: LeaveApplicationPaths.cancelApproved,
  title: LEAVE_TEXTS.cancelTitle,
  what: LEAVE_TEXTS.cancelWhat,
};

const valuesOf = (record: Record<string, unknown>) => ({
  from: String(record.fromDate ?? ''),
  to: String(record.toDate ?? ''),
});

const OPTIONS = {
  form: { sectionComponents: { [CommonLabels.general.key]: LeaveFormSection } },
};

const below = (record: Record<string, unknown>) =>
  typeof record.workerId === 'string' ? (
    <LeaveBalanceCard
      workerId={record.workerId}
      year={Number(String(record.fromDate ?? '').slice(0, 4)) || new Date().getFullYear()}
    />
  ) : null;

/**
 * Timekeeping › Documents › Leave application (docs/leave.md): the request documents' pages
 * (requests/RequestDocumentPages.tsx) with the employee's balance beside the form and below the
 * application; canceled after approval, its days are computed again and its days given back.
 */
export default function LeaveApplicationPages() {
  return (
    <RequestDocumentPages
      contract={leaveApplicationContract}
      cancel={CANCEL}
      values={valuesOf}
      options={OPTIONS}
      detailBelow={below}
    />
  );
}
