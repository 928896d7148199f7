import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ErrorCodes } from '@hcm/contracts';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { ApiError } from '@hcm/session';
import { failureText, notify } from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { approvalApi, type ActionInput } from './approval-api.ts';
import { templateTypesOf, type ApprovalAction } from './approval-rules.ts';
import { useApprovalPrompt, type PromptSubject } from './use-approval-prompt.tsx';

/** The status each code of a batch's items stands for (the items carry a code, not a status). */
const STATUS_OF_CODE: Readonly<Record<string, number>> = {
  [ErrorCodes.forbidden]: 403,
  [ErrorCodes.notFound]: 404,
  [ErrorCodes.conflict]: 409,
};

/**
 * Why one record of a batch was refused, in the user's words by its code, never the server's:
 * a 409 here is a record no longer in a state the action takes (acted on meanwhile).
 */
const itemRefusal = (code: string | undefined, t: (key: string) => string) =>
  code === ErrorCodes.conflict
    ? t('approvalFlow.refusedState')
    : failureText(new ApiError(STATUS_OF_CODE[code ?? ''] ?? 400, code ?? ErrorCodes.validation, ''));

/** A record an action is taken on, with the name it is shown by. */
export interface ActionTarget {
  id: string;
  name: string;
  /** who created the record (its `createdBy`), when known: not offered as an assignee (four eyes) */
  createdBy?: string | null;
}

/** What a batch came to: how many succeeded, and each failed record with the server's reason. */
export interface BatchReport {
  action: ApprovalAction;
  succeeded: number;
  failures: (ActionTarget & { message: string })[];
}

/** The approval actions of one resource's pages, shared by its list, row menus and record page. */
export interface ApprovalFlow {
  contract: AnyResourceContract;
  /** the workflow template types of the resource's records */
  templateTypes: readonly string[];
  /**
   * Asks the action's input, then calls the record's own path (one target) or the batch path
   * (`batch`: the selected rows). Answers null when the user gave up, else the ids that failed:
   * the caller then reads its records again, also after a refusal (someone else may have acted
   * first).
   */
  run: (
    action: ApprovalAction,
    targets: readonly ActionTarget[],
    batch: boolean,
  ) => Promise<{ failedIds: string[] } | null>;
  /** the action's dialog alone (create and request asks the workflow before its own call) */
  ask: (action: ApprovalAction, subject: PromptSubject) => Promise<ActionInput | null>;
  /** the last batch's outcome while it had failures, until dismissed or another action starts */
  report: BatchReport | null;
  dismissReport: () => void;
}

const ApprovalFlowContext = createContext<ApprovalFlow | null>(null);
export const ApprovalFlowProvider = ApprovalFlowContext.Provider;

/** The flow of the approval pages around (ApprovalContractPages provides it). */
export function useApprovalFlow(): ApprovalFlow {
  const flow = useContext(ApprovalFlowContext);
  if (!flow) throw new Error('useApprovalFlow outside ApprovalContractPages');
  return flow;
}

/** Makes the flow of one resource: its state, and the dialog element to mount beside the pages. */
export function useApprovalFlowState(contract: AnyResourceContract): {
  flow: ApprovalFlow;
  element: ReactNode;
} {
  const { t } = useWidgetsTranslation();
  const templateTypes = useMemo(() => templateTypesOf(contract.permission), [contract]);
  const { ask, element } = useApprovalPrompt(templateTypes);
  const [report, setReport] = useState<BatchReport | null>(null);
  const dismissReport = useCallback(() => setReport(null), []);

  const run = useCallback(
    async (action: ApprovalAction, targets: readonly ActionTarget[], batch: boolean) => {
      const [first] = targets;
      if (!first) return null;
      setReport(null);
      const creatorIds = targets.flatMap((target) => (target.createdBy ? [target.createdBy] : []));
      const input = await ask(
        action,
        batch ? { count: targets.length, creatorIds } : { itemName: first.name, creatorIds },
      );
      if (!input) return null;
      const calls = approvalApi(contract.apiPath);
      const label = t(`approvalFlow.actions.${action}`);
      if (!batch) {
        try {
          await calls.act(action, first.id, input);
          void notify.success(t(`approvalFlow.done.${action}`, { name: first.name }));
          return { failedIds: [] };
        } catch {
          // the shared client has told the user (403 not the assignee, 409 acted on already)
          return { failedIds: [first.id] };
        }
      }
      try {
        const result = await calls.actOnMany(
          action,
          targets.map((target) => target.id),
          input,
        );
        const nameOf = (id: string) => targets.find((target) => target.id === id)?.name || id;
        const failures = result.items
          .filter((item) => !item.ok)
          .map((item) => ({ id: item.id, name: nameOf(item.id), message: itemRefusal(item.code, t) }));
        const summary = t('approvalFlow.batchDone', {
          action: label,
          done: result.succeeded,
          failed: result.failed,
        });
        void (failures.length > 0 ? notify.warning(summary) : notify.success(summary));
        setReport(failures.length > 0 ? { action, succeeded: result.succeeded, failures } : null);
        return { failedIds: failures.map((failure) => failure.id) };
      } catch {
        // the shared client has told the user
        return { failedIds: targets.map((target) => target.id) };
      }
    },
    [ask, contract, t],
  );

  const flow = useMemo<ApprovalFlow>(
    () => ({ contract, templateTypes, run, ask, report, dismissReport }),
    [contract, templateTypes, run, ask, report, dismissReport],
  );
  return { flow, element };
}
