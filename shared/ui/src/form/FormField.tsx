import type { ReactElement } from 'react';
import { Field, type FieldProps } from '@fluentui/react-components';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { fieldErrorText, type FieldError } from './validators.ts';

export interface FormFieldProps extends Omit<
  FieldProps,
  'validationMessage' | 'validationState' | 'label' | 'children'
> {
  /** the field's label, already translated; also part of its error messages */
  label: string;
  /** the error to show now (useFormState's field(name).error), or null */
  error?: FieldError | null;
  children: ReactElement;
}

/**
 * A labelled control with its error in the spec's words (catalogues §5.3): the message of the
 * error key with the label and the actual/required values; '-' for an unknown key; 'errorMessage
 * not found' when the dictionary lacks the message. The control gets aria-invalid and the message
 * as its description.
 */
export function FormField({ label, error, children, ...props }: FormFieldProps) {
  const { t, i18n } = useUiTranslation();
  const message = error
    ? fieldErrorText(error, label, (key, params) =>
        i18n.exists(key, { ns: 'ui' }) ? t(key, params) : undefined,
      )
    : undefined;
  return (
    <Field {...props} label={label} validationState={message ? 'error' : 'none'} validationMessage={message}>
      {children}
    </Field>
  );
}
