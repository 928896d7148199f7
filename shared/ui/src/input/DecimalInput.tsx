import { useLayoutEffect, useRef, useState } from 'react';
import { Input, type InputProps } from '@fluentui/react-components';
import {
  caretAfterFormat,
  formatDecimalValue,
  readDecimalText,
  type DecimalInputRules,
} from './decimal-text.ts';

export interface DecimalInputProps
  extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type' | 'max'>, DecimalInputRules {
  /** a plain decimal string ('1234.5') or null */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /** what an emptied input gives when it loses focus; default null */
  emptyValue?: string | null;
}

/**
 * A number field in Vietnamese notation (catalogues §5.3): comma before decimals, dots between
 * thousands added as you type, 2 decimals unless told, at most 999999999999999, negatives only
 * when allowed, pasted text cleaned, leading zeros removed. Its value is a plain decimal string,
 * never a binary float.
 */
export function DecimalInput({
  value,
  onChange,
  emptyValue = null,
  decimals = 2,
  allowNegative = false,
  max,
  onBlur,
  ...props
}: DecimalInputProps) {
  const rules = { decimals, allowNegative, max };
  const [editing, setEditing] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const display = editing ?? formatDecimalValue(value ?? null, decimals);

  useLayoutEffect(() => {
    if (caret.current !== null && inputRef.current && document.activeElement === inputRef.current) {
      inputRef.current.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  });

  return (
    <Input
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      {...props}
      ref={inputRef}
      value={display}
      onChange={(event, data) => {
        const reading = readDecimalText(data.value, rules);
        if (!reading) {
          // over the maximum: refused, the text stays as it was
          const position = Math.max(
            0,
            (event.target.selectionStart ?? display.length) - (data.value.length - display.length),
          );
          caret.current = position;
          setEditing(display);
          return;
        }
        caret.current = caretAfterFormat(
          data.value,
          event.target.selectionStart ?? data.value.length,
          reading.display,
        );
        setEditing(reading.display);
        if (reading.value !== (value ?? null)) onChange(reading.value);
      }}
      onBlur={(event) => {
        setEditing(null);
        if ((value ?? null) === null && emptyValue !== null) onChange(emptyValue);
        onBlur?.(event);
      }}
    />
  );
}
