import { useState } from 'react';
import { Input, type InputProps } from '@fluentui/react-components';
import { CalendarRegular } from '@fluentui/react-icons';
import { formatDate, type DateLike } from '../format/date.ts';
import { showToast } from '../toast/notify.ts';
import { uiText, useUiTranslation } from '../i18n/ui-i18n.ts';
import { dateRangeProblem, isInvalidDate, parseDateText } from './date-text.ts';

export interface DateInputProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type'> {
  /** the date; an invalid Date while the typed text is not a date (Validators.date() reports it) */
  value: Date | null | undefined;
  onChange: (value: Date | null) => void;
  /** the field's name in the range warnings, already translated */
  label: string;
  /** dates before it are refused with a warning */
  effectiveDate?: DateLike | null;
  /** dates after it are refused with a warning */
  expirationDate?: DateLike | null;
}

/**
 * A date typed as dd/MM/yyyy, or as 8 digits (ddMMyyyy) or 7 digits (dMMyyyy) without separators,
 * read when the field is left or Enter is pressed. A date before the effective date or after the
 * expiration date is refused: the previous value stays and a warning toast names the field.
 */
export function DateInput({
  value,
  onChange,
  label,
  effectiveDate,
  expirationDate,
  onBlur,
  onKeyDown,
  ...props
}: DateInputProps) {
  const { t } = useUiTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const shown = editing ?? (value && !isInvalidDate(value) ? formatDate(value, 'date') : '');

  const commit = () => {
    if (editing === null) return;
    const date = parseDateText(editing);
    if (date && !isInvalidDate(date)) {
      const problem = dateRangeProblem(date, { effectiveDate, expirationDate });
      if (problem) {
        const limit = formatDate(problem === 'beforeEffective' ? effectiveDate : expirationDate, 'date');
        void showToast({
          intent: 'warning',
          message: () => uiText(`date.${problem}`, { label, date: limit }),
        });
        setEditing(null);
        return;
      }
    }
    setEditing(date && !isInvalidDate(date) ? null : editing);
    onChange(date);
  };

  return (
    <Input
      placeholder={t('date.placeholder')}
      contentAfter={<CalendarRegular aria-hidden />}
      inputMode="numeric"
      {...props}
      value={shown}
      onChange={(_, data) => setEditing(data.value.replace(/[^\d/.-]/g, '').slice(0, 10))}
      onBlur={(event) => {
        commit();
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        onKeyDown?.(event);
      }}
    />
  );
}
