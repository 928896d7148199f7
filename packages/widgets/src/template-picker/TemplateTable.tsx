import { use, useState, type KeyboardEvent } from 'react';
import {
  Button,
  Checkbox,
  Spinner,
  TruncatedText,
  formatDate,
  makeStyles,
  mergeClasses,
  tokens,
} from '@hcm/ui';
import { dialogKit } from '../dialog-kit.ts';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { useTypeText } from './contract-labels.ts';
import type { PickedTemplate } from './DocumentTemplatePicker.tsx';
import { selectAllState, type Chosen } from './selection.ts';
import { useUserNames } from './use-user-names.ts';

/** The columns' least total width: below it (a phone) the table scrolls sideways in its wrapper. */
const TABLE_MIN_PX = 880;

const useStyles = makeStyles({
  wrapper: { overflowX: 'auto', marginBlockStart: tokens.spacingVerticalM },
  lead: { width: '56px', boxSizing: 'border-box' },
  box: { width: '44px', boxSizing: 'border-box' },
  // the fixed widths leave the rest to the name and the note, the texts worth the room
  type: { width: '150px', boxSizing: 'border-box' },
  format: { width: '96px', boxSizing: 'border-box' },
  person: { width: '140px', boxSizing: 'border-box' },
  date: { width: '128px', boxSizing: 'border-box' },
  // one choice: the whole row is the control
  pickable: {
    cursor: 'pointer',
    userSelect: 'none',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  disabled: { color: tokens.colorNeutralForegroundDisabled, cursor: 'not-allowed' },
  state: {
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
    paddingBlock: tokens.spacingVerticalXL,
  },
});

export interface TemplateTableProps {
  /** the table's accessible name, already translated */
  label: string;
  rows: readonly PickedTemplate[];
  multiple: boolean;
  chosen: Chosen<PickedTemplate>;
  isChoosable: (row: PickedTemplate) => boolean;
  /** rows before this page: the index counts on from them */
  rowOffset: number;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** a click on a row (one choice) or on its box (several) */
  onToggle: (row: PickedTemplate) => void;
  onToggleAll: () => void;
  /** a double click, or Enter, on a row (one choice) */
  onConfirm: (row: PickedTemplate) => void;
}

/** The next (or previous) choosable row after `row`, for the arrow keys. */
function siblingRow(row: HTMLElement, step: 1 | -1): HTMLElement | null {
  let next = step === 1 ? row.nextElementSibling : row.previousElementSibling;
  while (next && !(next instanceof HTMLElement && next.dataset.choosable === 'true'))
    next = step === 1 ? next.nextElementSibling : next.previousElementSibling;
  return next instanceof HTMLElement ? next : null;
}

/**
 * The templates' table. One choice: a grid whose rows are chosen by a click (or Space) and
 * confirmed by a double click (or Enter), one row in the tab order and the arrow keys between
 * rows. Several: a box per row and a select-all for the page, mixed when only some are chosen.
 */
export function TemplateTable(props: TemplateTableProps) {
  const { rows, multiple, chosen, isChoosable, rowOffset, loading, failed } = props;
  const names = useUserNames(rows.map((row) => row.lastModifiedBy));
  const { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, useOverflowing } =
    use(dialogKit());
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  const typeText = useTypeText();
  const { ref, overflowing } = useOverflowing<HTMLDivElement>();
  const [focused, setFocused] = useState<string | null>(null);

  const choosable = rows.filter(isChoosable);
  const onPage = (id: string | null | undefined) => choosable.some((row) => row.id === id);
  // one choice: the row the Tab key reaches is the one last focused, else the chosen one, else the first
  const tabStop = [focused, ...chosen.keys()].find(onPage) ?? choosable[0]?.id;

  const rowKeys = (row: PickedTemplate) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === ' ') props.onToggle(row);
    else if (event.key === 'Enter') props.onConfirm(row);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp')
      siblingRow(event.currentTarget, event.key === 'ArrowDown' ? 1 : -1)?.focus();
    else return;
    event.preventDefault();
  };

  const columnCount = 7;
  const state =
    rows.length > 0 ? null : failed ? (
      <>
        {t('templatePicker.loadFailed')}{' '}
        <Button size="small" onClick={props.onRetry}>
          {t('templatePicker.retry')}
        </Button>
      </>
    ) : loading ? (
      <Spinner size="small" label={t('templatePicker.loading')} />
    ) : (
      t('templatePicker.empty')
    );

  return (
    <div
      ref={ref}
      className={styles.wrapper}
      aria-busy={loading}
      // scrolled by keyboard too when it is wider than the dialog (WCAG 2.1.1), e.g. on a phone
      {...(overflowing
        ? {
            tabIndex: 0,
            role: 'region',
            'aria-label': t('templatePicker.scrollRegion', { name: props.label }),
          }
        : {})}
    >
      <Table
        aria-label={props.label}
        role={multiple ? undefined : 'grid'}
        style={{ minWidth: `max(100%, ${TABLE_MIN_PX}px)` }}
      >
        <TableHeader>
          <TableRow>
            {multiple ? (
              <TableHeaderCell className={styles.box}>
                <Checkbox
                  checked={selectAllState(choosable, chosen)}
                  disabled={choosable.length === 0}
                  onChange={props.onToggleAll}
                  aria-label={t('templatePicker.selectAll')}
                />
              </TableHeaderCell>
            ) : (
              <TableHeaderCell className={styles.lead}>{t('templatePicker.index')}</TableHeaderCell>
            )}
            <TableHeaderCell>{t('templatePicker.name')}</TableHeaderCell>
            <TableHeaderCell className={styles.type}>{t('templatePicker.type')}</TableHeaderCell>
            <TableHeaderCell className={styles.format}>{t('templatePicker.format')}</TableHeaderCell>
            <TableHeaderCell className={styles.person}>{t('templatePicker.lastModifiedBy')}</TableHeaderCell>
            <TableHeaderCell className={styles.date}>{t('templatePicker.lastModifiedAt')}</TableHeaderCell>
            <TableHeaderCell>{t('templatePicker.note')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => {
            const enabled = isChoosable(row);
            const isChosen = chosen.has(row.id);
            const single =
              multiple || !enabled
                ? {}
                : {
                    tabIndex: row.id === tabStop ? 0 : -1,
                    'data-choosable': 'true',
                    onClick: () => props.onToggle(row),
                    onDoubleClick: () => props.onConfirm(row),
                    onKeyDown: rowKeys(row),
                    onFocus: () => setFocused(row.id),
                  };
            return (
              <TableRow
                key={row.id}
                appearance={isChosen ? 'brand' : 'none'}
                aria-selected={multiple ? undefined : isChosen}
                aria-disabled={enabled ? undefined : true}
                className={mergeClasses(!multiple && enabled && styles.pickable, !enabled && styles.disabled)}
                {...single}
              >
                <TableCell>
                  {multiple ? (
                    <Checkbox
                      checked={isChosen}
                      disabled={!enabled}
                      onChange={() => props.onToggle(row)}
                      aria-label={t('templatePicker.selectRow', { name: row.name })}
                    />
                  ) : (
                    rowOffset + index + 1
                  )}
                </TableCell>
                <TableCell>
                  <TruncatedText text={row.name} limit="name" />
                </TableCell>
                <TableCell>{typeText(row.type)}</TableCell>
                <TableCell>{row.fileExtension ?? ''}</TableCell>
                <TableCell>{(row.lastModifiedBy && names.get(row.lastModifiedBy)) ?? ''}</TableCell>
                <TableCell>{formatDate(row.lastModifiedAt, 'date')}</TableCell>
                <TableCell>
                  <TruncatedText text={row.note} limit="note" />
                </TableCell>
              </TableRow>
            );
          })}
          {state === null ? null : (
            <TableRow>
              <TableCell colSpan={columnCount} className={styles.state}>
                {state}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
