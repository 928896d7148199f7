import { FormField, Input, type FieldInputProps } from '@hcm/ui';
import { useId } from 'react';

/**
 * A clock time field ('HH:mm' of the tenant's zone) as the browser's time input: typed or picked,
 * never a free text to misspell. An empty input is null (the field not given).
 */
export function ClockInput({ name, field, binding, text, disabled }: FieldInputProps) {
  const id = useId();
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
        type="time"
        disabled={disabled}
        value={typeof value === 'string' ? value : ''}
        onChange={(_, data) => onChange(data.value === '' ? null : data.value.slice(0, 5))}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
      />
    </FormField>
  );
}
