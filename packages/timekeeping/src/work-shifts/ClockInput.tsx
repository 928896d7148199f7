import { FormField, Input, makeStyles, type FieldInputProps } from '@hcm/ui';
import { useId } from 'react';
import { normaliseClock } from './shift-times.ts';

/**
 * A clock time field ('HH:mm' of the tenant's zone, 24 hours as Vietnamese timesheets write it,
 * whatever the browser's locale). Typed as people type times — "8", "800", "8:00", "2230" — and
 * written as HH:mm when the input is left; an empty input is null (the field not given). A phone
 * offers its number pad.
 */
const useStyles = makeStyles({
  // as wide as its grid cell, however narrow: two times side by side on a phone
  input: { width: '100%', minWidth: 0 },
});

export function ClockInput({ name, field, binding, text, disabled }: FieldInputProps) {
  const id = useId();
  const styles = useStyles();
  const { value, onChange, onBlur, error } = binding;
  return (
    <FormField
      label={text(field.label)}
      required={field.required}
      error={error}
      {...(field.hint ? { hint: text(field.hint) } : {})}
      data-field={name}
    >
      <Input
        id={id}
        className={styles.input}
        inputMode="numeric"
        autoComplete="off"
        placeholder="HH:mm"
        maxLength={5}
        disabled={disabled}
        value={typeof value === 'string' ? value : ''}
        onChange={(_, data) => onChange(data.value === '' ? null : data.value)}
        onBlur={() => {
          if (typeof value === 'string') {
            const clock = normaliseClock(value);
            if (clock !== value) onChange(clock);
          }
          onBlur();
        }}
        aria-invalid={error ? true : undefined}
      />
    </FormField>
  );
}
