import { useMemo, useState } from 'react';
import { timesheetContract } from '@hcm/contracts/timesheets';
import { Button, goTo, useHasAuthority, type ModulePageOptions } from '@hcm/ui';
import { ApprovalContractPages } from '@hcm/widgets';
import { HeldDays } from './HeldDays.tsx';
import { ReopenDialog, type TimesheetToReopen } from './ReopenDialog.tsx';
import { useTimesheetTexts } from './texts.ts';

/** The general timesheet of a unit's month: its page reads ?unit=&month= and shows it at once. */
export const generalTimesheetLink = (unitId: string, month: string) =>
  `/tm/general-timesheet?${new URLSearchParams({ unit: unitId, month }).toString()}`;

/** "Reopen", for those who approve timesheets (the route's permission); its own component, so the
 * session's authorities are read where the button is drawn. */
function ReopenButton({ onClick }: { onClick: () => void }) {
  const text = useTimesheetTexts();
  return useHasAuthority('timesheet.approve') ? <Button onClick={onClick}>{text('reopen')}</Button> : null;
}

/**
 * Timekeeping › Timesheet (docs/timesheets.md): a unit's month through the kit's pages with the
 * approval engine's tabs, actions and dialog (@hcm/widgets); the detail opens the general
 * timesheet of that unit and month, and an approver reopens an approved (locked) month with a
 * reason.
 */
export default function TimesheetPages() {
  const text = useTimesheetTexts();
  const [reopening, setReopening] = useState<(TimesheetToReopen & { reload: () => void }) | null>(null);
  const detail = useMemo<ModulePageOptions['detail']>(
    () => ({
      actions: (record, page) => {
        const unitId = String(record.organizationUnitId ?? '');
        const month = String(record.month ?? '');
        return (
          <>
            <Button onClick={() => goTo(generalTimesheetLink(unitId, month))}>{text('openGrid')}</Button>
            {record.approvalStatus === 'APPROVED' && (
              <ReopenButton
                onClick={() =>
                  setReopening({
                    id: String(record.id),
                    code: String(record.code ?? ''),
                    month,
                    version: Number(record.version),
                    reload: page.reload,
                  })
                }
              />
            )}
          </>
        );
      },
      below: (record) =>
        record.approvalStatus === 'APPROVED' ? <HeldDays timesheetId={String(record.id)} /> : null,
    }),
    [text],
  );
  return (
    <>
      <ApprovalContractPages contract={timesheetContract} detail={detail} />
      {reopening && (
        <ReopenDialog
          target={reopening}
          onClose={() => setReopening(null)}
          onDone={() => {
            reopening.reload();
            setReopening(null);
          }}
        />
      )}
    </>
  );
}
