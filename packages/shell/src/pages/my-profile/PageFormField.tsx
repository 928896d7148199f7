import type { ReactElement } from 'react';
import { Field, fieldErrorText, useUiTranslation, type FieldError } from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import { isShellError } from './shell-field-error.ts';

/**
 * A labelled control with its error: the spec's error keys in @hcm/ui's words (catalogues §5.3,
 * as FormField shows them), and errors the spec has no key for in the page's own words ("the two
 * passwords differ" says more than "invalid value"). One Field whatever the error, so that the
 * control is never remounted (and never loses focus) when an error comes or goes.
 */
export function PageFormField({
  label,
  error,
  hint,
  required,
  children,
}: {
  label: string;
  error: FieldError | null;
  hint?: string;
  required?: boolean;
  children: ReactElement;
}) {
  const { t } = useShellTranslation();
  const ui = useUiTranslation();
  let message: string | undefined;
  if (isShellError(error)) message = t(error.key);
  else if (error)
    message = fieldErrorText(error, label, (key, params) =>
      ui.i18n.exists(key, { ns: 'ui' }) ? ui.t(key, params) : undefined,
    );
  return (
    <Field
      label={label}
      hint={hint}
      required={required}
      validationState={message ? 'error' : 'none'}
      validationMessage={message}
    >
      {children}
    </Field>
  );
}
