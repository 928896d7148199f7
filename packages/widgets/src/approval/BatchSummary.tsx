import { Button, MessageBar, MessageBarBody, MessageBarTitle } from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import type { BatchReport } from './approval-flow.tsx';

/** After a batch with failures: "n done, m failed" and each failed record with why, in the user's words. */
export function BatchSummary({ report, onDismiss }: { report: BatchReport; onDismiss: () => void }) {
  const { t } = useWidgetsTranslation();
  return (
    <MessageBar intent="warning" role="alert" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>
          {t('approvalFlow.batchDone', {
            action: t(`approvalFlow.actions.${report.action}`),
            done: report.succeeded,
            failed: report.failures.length,
          })}
        </MessageBarTitle>
        <ul aria-label={t('approvalFlow.failures')}>
          {report.failures.map((failure) => (
            <li key={failure.id}>
              {failure.name}: {failure.message}
            </li>
          ))}
        </ul>
        <Button size="small" onClick={onDismiss}>
          {t('approvalFlow.close')}
        </Button>
      </MessageBarBody>
    </MessageBar>
  );
}
