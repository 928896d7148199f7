import { useCallback, useState } from 'react';
import { cleanSubmission } from './clean-submission.ts';
import { guardSubmit } from './submit-guard.ts';
import { firstError, type FieldError, type Validator } from './validators.ts';

export type FormValidators<V> = { [K in keyof V]?: readonly Validator<V[K]>[] };
type Flags<V> = Partial<Record<keyof V, boolean>>;

export interface FormStateOptions<V> {
  initialValues: V;
  validators?: FormValidators<V>;
}

/** What a control needs: its value, change and blur handlers, and the error to show now. */
export interface FieldBinding<T> {
  name: string;
  value: T;
  onChange: (value: T) => void;
  onBlur: () => void;
  /** the error, once the field was touched or changed (else null) */
  error: FieldError | null;
}

export interface SubmitOptions {
  /** the warning toast's text when the form is invalid; default 'form invalid' */
  invalidMessage?: string;
}

/**
 * A small form state: values, validation with the spec's error keys, touched and dirty flags,
 * errors shown after touch or change, server errors per field, and the submit guard.
 */
export function useFormState<V extends Record<string, unknown>>({
  initialValues,
  validators,
}: FormStateOptions<V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Flags<V>>({});
  const [dirty, setDirty] = useState<Flags<V>>({});
  const [externalErrors, setExternalErrors] = useState<Partial<Record<keyof V, FieldError>>>({});
  const [initial] = useState(initialValues);
  const names = [
    ...new Set<keyof V>([
      ...(Object.keys(values) as (keyof V)[]),
      ...(Object.keys(validators ?? {}) as (keyof V)[]),
    ]),
  ];

  // Cheap enough to run on every render; validators may be declared inline.
  const errors: Partial<Record<keyof V, FieldError>> = {};
  for (const name of names) {
    const error = externalErrors[name] ?? firstError(values[name], validators?.[name]);
    if (error) errors[name] = error;
  }
  const valid = Object.keys(errors).length === 0;

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setDirty((current) => (current[name] ? current : { ...current, [name]: true }));
    setExternalErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _dropped, ...rest } = current;
      return rest as Partial<Record<keyof V, FieldError>>;
    });
  }, []);

  const touch = useCallback((name: keyof V) => {
    setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
  }, []);

  const namesKey = names.join('\n');
  const markAllTouched = useCallback(() => {
    const all: Flags<V> = {};
    for (const name of namesKey.split('\n')) all[name as keyof V] = true;
    setTouched(all);
  }, [namesKey]);

  const visibleError = (name: keyof V): FieldError | null =>
    (externalErrors[name] ?? (touched[name] || dirty[name])) ? (errors[name] ?? null) : null;

  const field = <K extends keyof V>(name: K): FieldBinding<V[K]> => ({
    name: String(name),
    value: values[name],
    onChange: (value) => setValue(name, value),
    onBlur: () => touch(name),
    error: visibleError(name),
  });

  /**
   * A submit handler: on an invalid form it blocks the event, marks every field touched and shows
   * the warning toast; on a valid one it calls `onValid` with the cleaned values (cleanSubmission)
   * and the raw ones.
   */
  const handleSubmit =
    (onValid: (cleaned: Record<string, unknown>, raw: V) => unknown, options: SubmitOptions = {}) =>
    (event?: { preventDefault(): void; stopPropagation(): void }) => {
      if (!guardSubmit(event, valid, { markAllTouched, invalidMessage: options.invalidMessage })) return;
      event?.preventDefault();
      return onValid(cleanSubmission(values), values);
    };

  const reset = useCallback(
    (next?: V) => {
      setValues(next ?? initial);
      setTouched({});
      setDirty({});
      setExternalErrors({});
    },
    [initial],
  );

  return {
    values,
    errors,
    touched,
    dirty,
    valid,
    setValue,
    touch,
    markAllTouched,
    /** errors from the server ({ field: { key } }), shown at once and cleared when the field changes */
    setErrors: setExternalErrors,
    field,
    handleSubmit,
    reset,
  };
}
