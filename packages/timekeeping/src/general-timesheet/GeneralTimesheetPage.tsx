import { useEffect, useMemo, useState } from 'react';
import {
  dayCell,
  dayShade,
  legendBySymbol,
  shownSymbol,
  type GeneralTimesheetPage as Page,
  type GeneralTimesheetRow,
} from '@hcm/contracts/general-timesheet';
import {
  Button,
  DataGrid,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
  useScreenSize,
  type GridChange,
  type GridColumn,
} from '@hcm/ui';
import { UnitMonthForm } from '../pages/UnitMonthForm.tsx';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';
import { cellText, dayFacts, minutesAsHours, unitsText } from './cell-text.ts';
import { CorrectCellDialog, type CellToCorrect } from './CorrectCellDialog.tsx';
import { ExcelActions } from './ExcelActions.tsx';
import { gridPage } from './general-timesheet-api.ts';
import { useTexts, type TextKey } from './texts.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  symbol: { fontWeight: tokens.fontWeightSemibold, marginInlineEnd: tokens.spacingHorizontalXS },
  more: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** This month, 'YYYY-MM', in Vietnam (UTC+7), whatever the browser's zone. */
const thisMonth = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 7);
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A worker's row with the texts of the page it came in (each page has its own; "Load more" appends). */
type Row = GeneralTimesheetRow & { readonly texts: readonly string[] };

interface Loaded extends Omit<Page, 'rows'> {
  key: string;
  rows: readonly Row[];
}

type Total = (row: Row) => string;
const TOTALS: readonly (readonly [TextKey, Total])[] = [
  ['standardDays', (r) => r.totals.standardDays ?? ''],
  ['workDays', (r) => unitsText(r.totals.workUnits)],
  ['paidLeave', (r) => unitsText(r.totals.paidLeaveUnits)],
  ['unpaidLeave', (r) => unitsText(r.totals.unpaidLeaveUnits)],
  ['paidDays', (r) => unitsText(r.totals.paidUnits)],
  ['otWeekday', (r) => minutesAsHours(r.totals.overtime.weekdayDay)],
  ['otWeekdayNight', (r) => minutesAsHours(r.totals.overtime.weekdayNight)],
  ['otRest', (r) => minutesAsHours(r.totals.overtime.restDay)],
  ['otRestNight', (r) => minutesAsHours(r.totals.overtime.restNight)],
  ['otHoliday', (r) => minutesAsHours(r.totals.overtime.holidayDay)],
  ['otHolidayNight', (r) => minutesAsHours(r.totals.overtime.holidayNight)],
  ['night', (r) => minutesAsHours(r.totals.nightMinutes)],
  ['late', (r) => `${r.totals.lateCount} / ${r.totals.lateMinutes}`],
  ['early', (r) => `${r.totals.earlyCount} / ${r.totals.earlyMinutes}`],
];
const WEEKDAYS = {
  vi: ['CN', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7'],
  en: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
};

/**
 * Timekeeping › General timesheet (docs/general-timesheet.md): a unit (and the units below it)
 * and a month, as workers × days with each day's symbol and each worker's totals, on the kit's
 * DataGrid (virtualised, names pinned, keyboard, copy to Excel). Typing a symbol into a day opens
 * the correction: the day's details, the new symbol and paid value, and the reason HR must give.
 */
export default function GeneralTimesheetPage() {
  const { text, english } = useTexts();
  const { i18n } = useTimekeepingTranslation();
  const styles = useStyles();
  const [initial] = useState(() => new URLSearchParams(window.location.search));
  const [unitId, setUnitId] = useState<string | null>(initial.get('unit'));
  const [month, setMonth] = useState(() => initial.get('month') ?? thisMonth());
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState(() => initial.get('unit') !== null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<CellToCorrect | null>(null);
  // the day the keyboard or the mouse is on: its details under the grid (the grid has no tooltips)
  const [focused, setFocused] = useState<{ row: number; day: number } | null>(null);
  const key = `${unitId ?? ''}#${month}`;
  const ready = unitId !== null && MONTH.test(month);

  const fetchPage = (after: string | null) => {
    if (!unitId || !ready) return;
    gridPage(unitId, month, after)
      .then((page) => {
        const rows = page.rows.map((row) => ({ ...row, texts: page.texts }));
        setLoaded((before) => ({
          ...page,
          key,
          rows: after && before?.key === key ? [...before.rows, ...rows] : rows,
        }));
      })
      .then(() => setFailed(false))
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  const load = (after: string | null) => {
    if (!ready) return;
    setBusy(true);
    fetchPage(after);
  };
  useEffect(() => {
    if (initial.get('unit')) fetchPage(null);
    // once, for the link's own question
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const current = loaded?.key === key ? loaded : null;
  const locked = useMemo(() => new Set(current?.lockedWorkerIds ?? []), [current?.lockedWorkerIds]);
  // days whose late punches wait for review (a locked month): HR sees how many, each marked !
  const heldDays = useMemo(
    () => (current?.rows ?? []).reduce((sum, row) => sum + row.columns.held.length, 0),
    [current?.rows],
  );
  const phone = useScreenSize() === 'mobile';
  const columns = useMemo<GridColumn<Row>[]>(
    () => [
      ...(phone ? [] : [{ key: 'code', header: text('code'), width: 88, pinned: true }]),
      { key: 'fullName', header: text('name'), width: phone ? 128 : 180, pinned: true, rowHeader: true },
      ...(current?.days ?? []).map((day, index) => ({
        key: day,
        tone: dayShade(current?.dayTypes[index]) ?? undefined,
        header: `${day.slice(8, 10)} ${WEEKDAYS[english ? 'en' : 'vi'][new Date(`${day}T00:00:00Z`).getUTCDay()]}`,
        width: 60,
        value: (row: Row) => shownSymbol(row.texts, row.columns, index) || null,
        // only the cells in view are drawn: a day is read from the columns when it is
        format: (_value: string | null, row: Row) => cellText(dayCell(row.texts, row.columns, index)),
        editable: (row: Row) => !locked.has(row.workerId),
      })),
      ...TOTALS.map(([name, value]) => ({ key: `total.${name}`, header: text(name), width: 104, value })),
    ],
    [current?.days, current?.dayTypes, phone, english, locked, text],
  );

  /** The day of the focused cell, from its row and column indexes (header row 1; pinned columns first). */
  const onFocus = (target: EventTarget) => {
    const element = target instanceof HTMLElement ? target : null;
    const column = Number(element?.getAttribute('aria-colindex'));
    const row = Number(element?.closest('[role="row"]')?.getAttribute('aria-rowindex'));
    const day = column - (phone ? 2 : 3);
    const index = row - 2;
    setFocused(current && day >= 0 && day < current.days.length && index >= 0 ? { row: index, day } : null);
  };
  const focusedRow = focused ? current?.rows[focused.row] : undefined;
  const focusedFacts =
    focused && focusedRow ? dayFacts(dayCell(focusedRow.texts, focusedRow.columns, focused.day), text) : [];

  /** A day typed into: the correction dialog for it (one cell at a time; a paste of many opens the first). */
  const onChange = (changes: readonly GridChange[]) => {
    const change = changes[0];
    const row = change ? current?.rows[change.rowIndex] : undefined;
    const dayIndex = change && current ? current.days.indexOf(change.columnKey) : -1;
    if (!change || !row || dayIndex < 0 || !current) return;
    setEditing({
      row,
      workDate: change.columnKey,
      cell: dayCell(row.texts, row.columns, dayIndex),
      symbol: change.value ?? '',
      month: current.month,
    });
  };

  return (
    <div className={styles.page}>
      <Title2 as="h1">{text('title')}</Title2>
      <UnitMonthForm
        labels={{ unit: text('unit'), month: text('month'), show: text('show') }}
        unitId={unitId}
        onUnitId={setUnitId}
        month={month}
        onMonth={setMonth}
        disabled={!ready || busy}
        onShow={() => load(null)}
      />
      {failed && (
        <MessageBar intent="error">
          <MessageBarBody>{text('loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {busy && !current && <Spinner size="tiny" label={text('loading')} />}
      {current && current.rows.length === 0 && <Text>{text('empty')}</Text>}
      {current && current.rows.length > 0 && (
        <>
          <ExcelActions
            unitId={current.organizationUnitId}
            month={current.month}
            onImported={() => load(null)}
          />
          <section aria-label={text('legend')}>
            <ul className={styles.legend}>
              {legendBySymbol(current.legend, i18n.language === 'en' ? 'en' : 'vi').map((entry) => (
                <li key={entry.symbol}>
                  <span className={styles.symbol}>{entry.symbol}</span>
                  {entry.meanings.join(', ')}
                </li>
              ))}
            </ul>
          </section>
          <Text>{text('howToCorrect')}</Text>
          {locked.size > 0 && (
            <MessageBar intent="warning">
              <MessageBarBody>{text('locked', { count: locked.size })}</MessageBarBody>
            </MessageBar>
          )}
          {heldDays > 0 && (
            <MessageBar intent="warning">
              <MessageBarBody>{text('held', { count: heldDays })}</MessageBarBody>
            </MessageBar>
          )}
          <div onFocus={(event) => onFocus(event.target)}>
            <DataGrid
              columns={columns}
              rows={current.rows}
              rowKey={(row) => row.workerId}
              label={text('gridLabel', { month: current.month })}
              onChange={onChange}
            />
          </div>
          <Text aria-live="polite">
            {focused && focusedRow && focusedFacts.length > 0
              ? text('details', {
                  name: focusedRow.fullName,
                  date: `${current.days[focused.day]?.slice(8, 10)}/${current.month.slice(5, 7)}`,
                  facts: focusedFacts.join(' · '),
                })
              : ''}
          </Text>
          <div className={styles.more}>
            <Text>{text('shown', { count: current.rows.length })}</Text>
            {current.next && (
              <Button disabled={busy} onClick={() => load(current.next)}>
                {text('more')}
              </Button>
            )}
          </div>
        </>
      )}
      {editing && (
        <CorrectCellDialog
          target={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load(null);
          }}
        />
      )}
    </div>
  );
}
