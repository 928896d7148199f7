import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { caretAfterFormat, readDecimalText, type DecimalInputRules } from '../input/decimal-text.ts';
import type { CellError, CellReading } from './cell-values.ts';

/** The cell being edited: its text as typed, how it began, and why it was refused (translated). */
export interface Editing {
  readonly row: number;
  readonly column: number;
  readonly text: string;
  /** begun by typing: the arrows leave the cell (as Excel's "enter" mode); else they move the caret */
  readonly quick: boolean;
  readonly error: string | null;
}

interface CellEditorProps {
  readonly editing: Editing;
  readonly label: string;
  readonly className: string;
  readonly rules: DecimalInputRules | null;
  readonly describedBy: string | undefined;
  readonly read: (text: string) => CellReading;
  readonly onText: (text: string, error: CellError | null) => void;
  readonly onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/**
 * The input in a cell being edited. A number column takes text as the kit's DecimalInput does
 * (Vietnamese notation, thousands dots as you type, decimals past the column's not taken); a
 * value's problems (past the contract's limits) show as it is typed, and a refused value is not
 * written.
 */
export function CellEditor({
  editing,
  label,
  className,
  rules,
  describedBy,
  read,
  onText,
  onKeyDown,
}: CellEditorProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    if (document.activeElement !== input) {
      input.focus({ preventScroll: true });
      const end = input.value.length;
      input.setSelectionRange(end, end);
    }
    if (caret.current !== null) {
      input.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  });
  return (
    <input
      ref={inputRef}
      className={className}
      aria-label={label}
      aria-invalid={editing.error ? true : undefined}
      aria-describedby={describedBy}
      value={editing.text}
      inputMode={rules ? 'decimal' : undefined}
      onChange={(event) => {
        const typed = event.target.value;
        let text = typed;
        if (rules) {
          // decimals past the column's are not taken; a value past its limit is typed, then refused
          const reading = readDecimalText(typed, { ...rules, max: undefined });
          if (!reading) return;
          text = reading.display;
          caret.current = caretAfterFormat(typed, event.target.selectionStart ?? typed.length, text);
        }
        onText(text, read(text).error);
      }}
      onKeyDown={onKeyDown}
    />
  );
}
