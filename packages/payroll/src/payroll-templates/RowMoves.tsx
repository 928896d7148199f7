import { useLayoutEffect, useRef } from 'react';
import { Button, makeStyles, tokens } from '@hcm/ui';
import { usePayrollTranslation } from '../payroll-i18n.ts';

const useStyles = makeStyles({
  moves: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

/** The rows with the one at `from` moved to `to`. */
export function moved<T>(rows: readonly T[], from: number, to: number): T[] {
  const next = [...rows];
  const [row] = next.splice(from, 1);
  if (row !== undefined) next.splice(to, 0, row);
  return next;
}

/**
 * Where the focus goes after a move or a removal: the same button of the row's new place (a
 * keyboard user presses "up" again and again), or the next row's when it reached an end.
 */
export function useFocusAfterMove() {
  const pending = useRef<{ row: number; action: string } | null>(null);
  const container = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const target = pending.current;
    if (!target || !container.current) return;
    pending.current = null;
    const buttons = container.current.querySelectorAll<HTMLButtonElement>(
      `[data-row="${target.row}"] [data-action]`,
    );
    const same = [...buttons].find((button) => button.dataset.action === target.action && !button.disabled);
    (same ?? [...buttons].find((button) => !button.disabled))?.focus();
  });
  return {
    container,
    focusLater: (row: number, action: string) => {
      pending.current = { row, action };
    },
  };
}

/**
 * A row's "up", "down" and "remove" buttons, each saying which row it acts on (a table of rows
 * is ordered by keyboard as well as by mouse).
 */
export function RowMoves({
  index,
  count,
  name,
  disabled,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  /** the row's name in the buttons' labels ("Đưa LUONG_CB lên") */
  name: string;
  disabled?: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const styles = useStyles();
  const { t } = usePayrollTranslation();
  return (
    <div className={styles.moves}>
      <Button
        size="small"
        data-action="up"
        disabled={disabled || index === 0}
        aria-label={t('rows.upOf', { name })}
        onClick={() => onMove(index - 1)}
      >
        {t('rows.up')}
      </Button>
      <Button
        size="small"
        data-action="down"
        disabled={disabled || index === count - 1}
        aria-label={t('rows.downOf', { name })}
        onClick={() => onMove(index + 1)}
      >
        {t('rows.down')}
      </Button>
      <Button
        size="small"
        data-action="remove"
        disabled={disabled}
        aria-label={t('rows.removeOf', { name })}
        onClick={onRemove}
      >
        {t('rows.remove')}
      </Button>
    </div>
  );
}
