import { useEffect, useId, useRef, useState } from 'react';
import type {
  PayPeriodComponent,
  PayPeriodTrace,
  PayPeriodTraceComponent,
  PayPeriodWorkerRow,
} from '@hcm/contracts/pay-periods';
import {
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  Spinner,
  Title3,
  makeStyles,
  tokens,
  useFailureText,
} from '@hcm/ui';
import { payPeriodApi } from './pay-period-api.ts';
import { componentName, workerErrorText } from './sheet-values.ts';
import { traceValueText } from './trace-format.ts';
import { TraceInput } from './TraceInput.tsx';
import { usePayPeriodTexts } from './texts.ts';

const useStyles = makeStyles({
  dialog: {
    width: 'min(960px, calc(100vw - 16px))',
    maxHeight: 'calc(100vh - 32px)',
    boxSizing: 'border-box',
    padding: 0,
    border: 'none',
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow64,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    '::backdrop': { backgroundColor: 'rgba(0, 0, 0, 0.4)' },
  },
  frame: { display: 'flex', flexDirection: 'column', maxHeight: 'calc(100vh - 32px)' },
  header: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalS}` },
  body: {
    overflowY: 'auto',
    padding: `0 ${tokens.spacingHorizontalXL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  steps: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column' },
  component: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  failedComponent: { backgroundColor: tokens.colorPaletteRedBackground1 },
  heading: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalM,
  },
  name: { fontWeight: tokens.fontWeightSemibold },
  code: { color: tokens.colorNeutralForeground3, fontFamily: tokens.fontFamilyMonospace },
  result: {
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  formula: {
    margin: 0,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  reads: {
    margin: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalL}`,
    fontSize: tokens.fontSizeBase200,
    '& div': { display: 'flex', gap: tokens.spacingHorizontalXS },
    '& dt': { fontFamily: tokens.fontFamilyMonospace, color: tokens.colorNeutralForeground2 },
    '& dt::after': { content: '" ="' },
    '& dd': { margin: 0, fontVariantNumeric: 'tabular-nums' },
  },
  stepList: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    fontSize: tokens.fontSizeBase200,
    '& code': { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  },
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalL}`,
  },
});

/** The worker whose pay is traced, and what the table knows of the sheet. */
export interface TraceTarget {
  readonly sheetId: string;
  readonly workerId: string;
  readonly code: string;
  readonly fullName: string;
}

/** One component of the trace: its formula, the values it read, its steps, its result, its input. */
function TraceStep({
  step,
  component,
  failed,
  editable,
  onSave,
}: {
  step: PayPeriodTraceComponent;
  component: PayPeriodComponent | undefined;
  failed: boolean;
  editable: boolean;
  onSave: (value: string | null) => Promise<void>;
}) {
  const styles = useStyles();
  const { text, english } = usePayPeriodTexts();
  const [showSteps, setShowSteps] = useState(false);
  const stepsId = useId();
  const words = { yes: text('trueValue'), no: text('falseValue'), none: text('traceNoValue') };
  const valueType = component?.valueType;
  return (
    <li className={failed ? `${styles.component} ${styles.failedComponent}` : styles.component}>
      <div className={styles.heading}>
        <span>
          <span className={styles.name}>{componentName(step, english)}</span>{' '}
          <span className={styles.code}>{step.code}</span>
          {step.adjusted && <Caption1> · {text('traceInputTyped')}</Caption1>}
        </span>
        <span className={styles.result}>
          {text('traceResult')}: {traceValueText(step.value, words, valueType)}
        </span>
      </div>
      {step.formula && (
        <pre className={styles.formula} aria-label={text('traceFormula')}>
          {step.formula}
        </pre>
      )}
      {step.reads.length > 0 && (
        <dl className={styles.reads} aria-label={text('traceReads')}>
          {step.reads.map((read) => (
            <div key={read.name}>
              <dt>{read.name}</dt>
              <dd>{traceValueText(read.value, words)}</dd>
            </div>
          ))}
        </dl>
      )}
      {step.steps.length > 1 && (
        <div>
          <Button
            size="small"
            appearance="subtle"
            aria-expanded={showSteps}
            aria-controls={stepsId}
            onClick={() => setShowSteps((open) => !open)}
          >
            {text('traceSteps')} ({step.steps.length})
          </Button>
          {showSteps && (
            <ol id={stepsId} className={styles.stepList}>
              {step.steps.map((part, index) => (
                <li key={`${part.start}-${part.end}-${index}`}>
                  <code>{part.text}</code> = {traceValueText(part.value, words)}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
      {step.source === 'INPUT' && component && editable && (
        <TraceInput component={component} step={step} onSave={onSave} />
      )}
    </li>
  );
}

/**
 * A worker's trace (GET …/workers/{workerId}/trace): every component in the order computed, its
 * formula, each variable and component it read with its value, the result; the failing component
 * and its error named; a net contract's gross. An INPUT component's value is typed here (the
 * worker computed again at once), and the worker recomputed, while the sheet may change.
 */
export function TraceDialog({
  target,
  components,
  writable,
  onClose,
  onChanged,
}: {
  target: TraceTarget;
  components: readonly PayPeriodComponent[];
  /** whether the sheet's values may change now (inputs, recompute) */
  writable: boolean;
  onClose: () => void;
  /** the worker's row after an input or a recomputation */
  onChanged: (row: PayPeriodWorkerRow) => void;
}) {
  const styles = useStyles();
  const { text, english } = usePayPeriodTexts();
  const failureText = useFailureText();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [trace, setTrace] = useState<PayPeriodTrace | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revision, setRevision] = useState(0);
  const byCode = new Map(components.map((component) => [component.code, component]));

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    let live = true;
    payPeriodApi
      .trace(target.sheetId, target.workerId)
      .then((answer) => {
        if (!live) return;
        setTrace(answer);
        setFailure(null);
      })
      .catch((error: unknown) => live && setFailure(`${text('traceFailed')} ${failureText(error)}`));
    return () => {
      live = false;
    };
  }, [target.sheetId, target.workerId, revision, text, failureText]);

  const change = async (work: () => Promise<PayPeriodWorkerRow>) => {
    setBusy(true);
    try {
      onChanged(await work());
      setRevision((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };
  const recompute = () =>
    change(() => payPeriodApi.recomputeWorker(target.sheetId, target.workerId)).catch((error: unknown) =>
      setFailure(text('inputRefused', { message: failureText(error) })),
    );
  const saveInput = (code: string) => (value: string | null) =>
    change(() => payPeriodApi.typeInput(target.sheetId, target.workerId, { componentCode: code, value }));

  const error = trace?.error;
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <div className={styles.frame}>
        <div className={styles.header}>
          <Title3 as="h2" id={titleId}>
            {text('traceTitle', { code: target.code, name: target.fullName })}
          </Title3>
        </div>
        <div className={styles.body} aria-busy={trace === null && failure === null}>
          {failure && (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>{failure}</MessageBarBody>
            </MessageBar>
          )}
          {!trace && !failure && <Spinner size="tiny" label={text('traceLoading')} />}
          {trace && !trace.matchesStored && (
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>{text('traceStale')}</MessageBarBody>
            </MessageBar>
          )}
          {error && (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>
                {error.component
                  ? text('traceError', {
                      component: error.component,
                      message: english ? error.message.en : error.message.vi,
                    })
                  : text('traceErrorData', {
                      message: workerErrorText(error, english, (component, message) =>
                        text('inComponent', { component, message }),
                      ),
                    })}
              </MessageBarBody>
            </MessageBar>
          )}
          {trace?.netToGross && (
            <MessageBar intent="info" layout="multiline">
              <MessageBarBody>
                {text('traceNet', {
                  net: traceValueText(trace.netToGross.agreedNet, { yes: '', no: '', none: '' }, 'MONEY'),
                  gross: traceValueText(trace.netToGross.gross, { yes: '', no: '', none: '' }, 'MONEY'),
                  exact: trace.netToGross.exact ? '' : text('traceNetInexact'),
                })}
              </MessageBarBody>
            </MessageBar>
          )}
          {trace && (
            <ol
              className={styles.steps}
              aria-label={text('traceTitle', { code: target.code, name: target.fullName })}
            >
              {trace.components.map((step) => (
                <TraceStep
                  key={step.code}
                  step={step}
                  component={byCode.get(step.code)}
                  failed={error?.component === step.code}
                  editable={writable}
                  onSave={saveInput(step.code)}
                />
              ))}
            </ol>
          )}
        </div>
        <div className={styles.footer}>
          {writable && (
            <Button disabled={busy || !trace} onClick={() => void recompute()}>
              {text('recomputeWorker')}
            </Button>
          )}
          <Button appearance="primary" disabled={busy} onClick={onClose}>
            {text('close')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
