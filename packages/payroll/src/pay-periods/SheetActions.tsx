import { useState } from 'react';
import { Button, confirmAction, goTo, notify, useHasAuthority } from '@hcm/ui';
import { payPeriodApi } from './pay-period-api.ts';
import { detailPayrollPath, sheetDetailPath } from './paths.ts';
import { whyNotWritable } from './sheet-values.ts';
import { usePayPeriodTexts } from './texts.ts';

/**
 * The sheet page's own buttons, each for those its permission lets and only when the sheet's
 * state allows it (the server refuses the rest with a reason the shared client says): compute or
 * recompute every worker (pay_period.update, while out of approval and not computing), the
 * detailed table, lock an approved sheet (pay_period.approve), and a locked monthly sheet's
 * year-end tax recomputation (pay_period.create). A disabled button says why in its title.
 */
export function SheetActions({
  record,
  reload,
}: {
  record: Readonly<Record<string, unknown>>;
  reload: () => void;
}) {
  const { text } = usePayPeriodTexts();
  const mayUpdate = useHasAuthority('pay_period.update');
  const mayApprove = useHasAuthority('pay_period.approve');
  const mayCreate = useHasAuthority('pay_period.create');
  const [busy, setBusy] = useState(false);
  const id = String(record.id);
  const code = String(record.code);
  const version = Number(record.version);
  const lockedAt = (record.lockedAt as string | null) ?? null;
  const why = whyNotWritable(
    { computeStatus: String(record.computeStatus), approvalStatus: String(record.approvalStatus), lockedAt },
    mayUpdate,
  );

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // the shared client has said why (a 409's reason, a stale version)
    } finally {
      setBusy(false);
    }
  };
  const compute = () =>
    run(async () => {
      await payPeriodApi.compute(id, version);
      notify.info(text('computeStarted', { code }));
      reload();
    });
  const lock = () =>
    run(async () => {
      if (
        !(await confirmAction({
          kind: 'confirm',
          title: text('lock'),
          message: text('lockConfirm', { code }),
        }))
      )
        return;
      await payPeriodApi.lock(id, version);
      notify.success(text('locked', { code }));
      reload();
    });
  const finalise = () =>
    run(async () => {
      const message = text('finaliseConfirm', { code });
      if (!(await confirmAction({ kind: 'confirm', title: text('finalise'), message }))) return;
      const started = await payPeriodApi.finalise(id);
      goTo(sheetDetailPath(String(started.payPeriod.id)));
    });

  const computed = record.computeStatus !== 'DRAFT';
  return (
    <>
      {/* an approved or locked sheet is computed no more: no button; one in approval or being computed waits */}
      {why !== 'reasonApproved' && why !== 'reasonLocked' && (
        <Button
          appearance="primary"
          disabled={busy || why !== null}
          title={why ? text('notWritable', { reason: text(why) }) : undefined}
          onClick={() => void compute()}
        >
          {computed ? text('recompute') : text('compute')}
        </Button>
      )}
      <Button onClick={() => goTo(detailPayrollPath(id))}>{text('openDetail')}</Button>
      {mayApprove && record.approvalStatus === 'APPROVED' && !lockedAt && (
        <Button disabled={busy} onClick={() => void lock()}>
          {text('lock')}
        </Button>
      )}
      {mayCreate && lockedAt && record.kind === 'REGULAR' && (
        <Button disabled={busy} onClick={() => void finalise()}>
          {text('finalise')}
        </Button>
      )}
    </>
  );
}
