import { useState } from 'react';
import type { PayPeriodComponent, PayPeriodTraceComponent } from '@hcm/contracts/pay-periods';
import {
  Button,
  DateInput,
  DecimalInput,
  Field,
  Input,
  formatDate,
  makeStyles,
  tokens,
  toDayjs,
  useFailureText,
} from '@hcm/ui';
import { componentName } from './sheet-values.ts';
import { decimalsOfType } from './trace-format.ts';
import { usePayPeriodTexts } from './texts.ts';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    '& > :first-child': { flexGrow: 1, minWidth: '200px', maxWidth: '320px' },
  },
});

const NUMBER_TYPES = new Set(['MONEY', 'INTEGER', 'NUMBER', 'DOUBLE', 'PERCENT']);

/** The typed value as the form starts with it: the value used, when HR typed it. */
function startOf(step: PayPeriodTraceComponent): string | null {
  if (!step.adjusted || step.value === null || typeof step.value === 'boolean') return null;
  return String(step.value);
}

/**
 * An INPUT component's value for the worker, typed in the trace: numbers in Vietnamese notation
 * (whole đồng for money), a date as dd/MM/yyyy, text as it is; saved (the worker computed again)
 * or removed. The server's refusal (not of the component's type, the sheet frozen) is said here.
 */
export function TraceInput({
  component,
  step,
  onSave,
}: {
  component: PayPeriodComponent;
  step: PayPeriodTraceComponent;
  onSave: (value: string | null) => Promise<void>;
}) {
  const styles = useStyles();
  const { text, english } = usePayPeriodTexts();
  const failureText = useFailureText();
  const [value, setValue] = useState<string | null>(() => startOf(step));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = `${text('traceInput')}: ${componentName(component, english)}`;

  const save = async (next: string | null) => {
    setBusy(true);
    setError(null);
    try {
      await onSave(next);
    } catch (failure) {
      setError(text('inputRefused', { message: failureText(failure) }));
    } finally {
      setBusy(false);
    }
  };

  let input;
  if (NUMBER_TYPES.has(component.valueType))
    input = (
      <DecimalInput
        value={value}
        onChange={setValue}
        decimals={decimalsOfType(component.valueType)}
        allowNegative
      />
    );
  else if (component.valueType === 'DATE')
    input = (
      <DateInput
        label={label}
        value={value ? (toDayjs(value)?.toDate() ?? null) : null}
        onChange={(date) =>
          setValue(date && !Number.isNaN(date.getTime()) ? formatDate(date, 'isoDate') : null)
        }
      />
    );
  else input = <Input value={value ?? ''} onChange={(_event, data) => setValue(data.value || null)} />;

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void save(value);
      }}
    >
      <Field label={label} validationMessage={error ?? undefined}>
        {input}
      </Field>
      <Button type="submit" appearance="primary" disabled={busy}>
        {text('traceSave')}
      </Button>
      {step.adjusted && (
        <Button disabled={busy} onClick={() => void save(null)}>
          {text('traceClear')}
        </Button>
      )}
    </form>
  );
}
