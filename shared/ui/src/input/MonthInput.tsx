import { useState } from 'react';
import { Button, Input, type InputProps } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { showToast } from '../toast/notify.ts';
import { uiText, useUiTranslation } from '../i18n/ui-i18n.ts';
import { formatMonthText, parseMonthText, shiftMonth } from './month-text.ts';

export interface MonthInputProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type'> {
  /** the month, 'YYYY-MM' */
  value: string;
  onChange: (month: string) => void;
  /** the field's name in the warning of a month that could not be read, already translated */
  label: string;
}

/**
 * A month as HR writes a period, MM/yyyy, whatever the browser's language (the browser's own month
 * input says "March 2026" in an English Chromium): typed as 3/2026, 032026 or 2026-03 and read
 * when the field is left or Enter is pressed, or stepped with the buttons beside it and PageUp /
 * PageDown. Text that is not a month brings the last month back, with a warning naming the field.
 */
export function MonthInput({
  value,
  onChange,
  label,
  onBlur,
  onKeyDown,
  disabled,
  ...props
}: MonthInputProps) {
  const { t } = useUiTranslation();
  const [editing, setEditing] = useState<string | null>(null);

  const commit = () => {
    if (editing === null) return;
    const month = parseMonthText(editing);
    setEditing(null);
    if (month === 'invalid' || month === null) {
      void showToast({ intent: 'warning', message: () => uiText('month.invalid', { label }) });
      return;
    }
    if (month !== value) onChange(month);
  };
  const step = (steps: number) => {
    setEditing(null);
    // an empty field (a new record's) steps from this month
    onChange(shiftMonth(value || new Date().toISOString().slice(0, 7), steps));
  };

  return (
    <Input
      placeholder={t('month.placeholder')}
      inputMode="numeric"
      disabled={disabled}
      {...props}
      value={editing ?? formatMonthText(value)}
      onChange={(_, data) => setEditing(data.value.replace(/[^\d/.-]/g, '').slice(0, 7))}
      onBlur={(event) => {
        commit();
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'PageUp' || event.key === 'PageDown') {
          event.preventDefault();
          step(event.key === 'PageUp' ? -1 : 1);
        }
        onKeyDown?.(event);
      }}
      contentAfter={
        <>
          <Button
            appearance="transparent"
            size="small"
            icon={<ChevronLeftRegular />}
            aria-label={t('month.previous')}
            disabled={disabled}
            onClick={() => step(-1)}
          />
          <Button
            appearance="transparent"
            size="small"
            icon={<ChevronRightRegular />}
            aria-label={t('month.next')}
            disabled={disabled}
            onClick={() => step(1)}
          />
        </>
      }
    />
  );
}
