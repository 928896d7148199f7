import { useCallback, useMemo, useState } from 'react';
import { payPeriodContract, type PayPeriodWorkerRow } from '@hcm/contracts/pay-periods';
import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  ReferencePicker,
  ReportNotFound,
  Spinner,
  Text,
  Title2,
  formatDate,
  makeStyles,
  notify,
  tokens,
  useDebouncedValue,
  useFailureText,
  useBrowserLocation,
  useHasAuthority,
  useScreenSize,
  type GridChange,
} from '@hcm/ui';
import { payPeriodApi } from './pay-period-api.ts';
import { DETAIL_PAYROLL_ROUTE, SHEET_PARAM } from './paths.ts';
import { ReviewFilters, type ReviewFilterValues } from './ReviewFilters.tsx';
import { ReviewGrid } from './ReviewGrid.tsx';
import { SheetHeading } from './SheetHeading.tsx';
import { componentName, whyNotWritable, workerErrorText } from './sheet-values.ts';
import { TraceDialog, type TraceTarget } from './TraceDialog.tsx';
import { usePayPeriodTexts } from './texts.ts';
import { useSheet } from './use-sheet.ts';
import { useSheetWorkers } from './use-sheet-workers.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  picker: { maxWidth: '520px' },
  selected: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '32px',
  },
  error: { color: tokens.colorPaletteRedForeground1 },
  more: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

const SHEET_TARGET = { resource: 'pay_period', apiPath: payPeriodContract.apiPath, display: 'name' };

const NO_FILTER: ReviewFilterValues = { organizationUnitId: null, keyword: '', status: null, group: null };

/**
 * Salary › Payroll period › Detailed payroll (docs/payroll-app.md "Pay periods"): a sheet chosen
 * (or given by the link), its workers × components on the kit's grid with the server's totals,
 * filtered by unit, code or name and status, a payslip group's columns at a time; a worker's
 * trace, an INPUT value typed in the grid or the trace (the worker computed again at once), one
 * worker recomputed; everything that changes values disabled, with the reason, once the sheet is
 * in approval, approved or locked.
 */
export default function DetailPayrollPage() {
  const { pathname } = useBrowserLocation();
  // the page is the route alone: a path below it is no page
  if (pathname.replace(/\/+$/, '') !== DETAIL_PAYROLL_ROUTE) return <ReportNotFound />;
  return <DetailPayroll />;
}

function DetailPayroll() {
  const styles = useStyles();
  const { text, english } = usePayPeriodTexts();
  const failureText = useFailureText();
  const mayUpdate = useHasAuthority('pay_period.update');
  const [sheetId, setSheetId] = useState<string | null>(() =>
    new URLSearchParams(window.location.search).get(SHEET_PARAM),
  );
  const { sheet, reload } = useSheet(sheetId);
  const [filter, setFilter] = useState<ReviewFilterValues>(NO_FILTER);
  const keyword = useDebouncedValue(filter.keyword);
  const [revision, setRevision] = useState(0);
  const workers = useSheetWorkers(
    sheet.state === 'ready' ? sheetId : null,
    { organizationUnitId: filter.organizationUnitId, keyword, status: filter.status },
    revision,
  );
  const [focused, setFocused] = useState<number | null>(null);
  const [tracing, setTracing] = useState<TraceTarget | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // on a phone the filters fold away above the grid
  const phone = useScreenSize() === 'mobile';
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = [
    filter.organizationUnitId,
    filter.keyword.trim(),
    filter.status,
    filter.group,
  ].filter((value) => value !== null && value !== '').length;

  const choose = (id: string | null) => {
    setSheetId(id);
    setFilter(NO_FILTER);
    setFocused(null);
    const url = new URL(window.location.href);
    if (id) url.searchParams.set(SHEET_PARAM, id);
    else url.searchParams.delete(SHEET_PARAM);
    window.history.replaceState(window.history.state, '', url);
  };

  const ready = sheet.state === 'ready' ? sheet : null;
  const record = ready?.record;
  const why = record
    ? whyNotWritable(
        {
          computeStatus: String(record.computeStatus),
          approvalStatus: String(record.approvalStatus),
          lockedAt: (record.lockedAt as string | null) ?? null,
        },
        mayUpdate,
      )
    : 'reasonNoPermission';
  const writable = why === null;
  const components = useMemo(() => ready?.components ?? [], [ready?.components]);
  const shownCodes = filter.group === null ? null : (ready?.groups[filter.group]?.codes ?? null);
  const selectedRow = focused === null ? undefined : workers.rows[focused];
  const { replaceRow } = workers;

  const afterComputation = useCallback(() => {
    reload();
    setRevision((n) => n + 1);
  }, [reload]);

  /** Typed or pasted INPUT cells: each saved in turn (the worker computed again), the first refusal said. */
  const onChange = (changes: readonly GridChange[]) => {
    if (!sheetId) return;
    const rows = workers.rows;
    setRefusal(null);
    void (async () => {
      for (const change of changes) {
        const row = rows[change.rowIndex];
        const component = components.find((c) => c.code === change.columnKey);
        if (!row || !component) continue;
        try {
          replaceRow(
            await payPeriodApi.typeInput(sheetId, row.workerId, {
              componentCode: component.code,
              value: change.value,
            }),
          );
          notify.success(text('saved', { component: componentName(component, english), name: row.fullName }));
        } catch (error) {
          setRefusal(text('inputRefused', { message: failureText(error) }));
          return;
        }
      }
    })();
  };

  const recompute = async (row: PayPeriodWorkerRow) => {
    if (!sheetId) return;
    setRefusal(null);
    try {
      replaceRow(await payPeriodApi.recomputeWorker(sheetId, row.workerId));
      notify.success(text('recomputed', { name: row.fullName }));
    } catch (error) {
      setRefusal(text('inputRefused', { message: failureText(error) }));
    }
  };

  const label = record
    ? text('gridLabel', {
        code: String(record.code),
        month: formatDate(String(record.periodMonth ?? ''), 'monthYear'),
      })
    : '';

  return (
    <div className={styles.page}>
      <Title2 as="h1">{text('detailTitle')}</Title2>
      <Field label={text('sheet')} className={styles.picker}>
        <ReferencePicker target={SHEET_TARGET} value={sheetId} onChange={choose} />
      </Field>
      {sheet.state === 'none' && <Text>{text('chooseSheet')}</Text>}
      {sheet.state === 'loading' && <Spinner size="tiny" label={text('loading')} />}
      {sheet.state === 'failed' && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            {text('loadFailed')} {failureText(sheet.error)}
          </MessageBarBody>
        </MessageBar>
      )}
      {record && ready && (
        <>
          <SheetHeading record={record} onComputed={afterComputation} />
          {phone && (
            <div>
              <Button aria-expanded={filtersOpen} onClick={() => setFiltersOpen((open) => !open)}>
                {activeFilters > 0 ? text('filtersActive', { count: activeFilters }) : text('filters')}
              </Button>
            </div>
          )}
          {(!phone || filtersOpen) && (
            <ReviewFilters value={filter} groups={ready.groups} onChange={setFilter} />
          )}
          <Text>{phone ? text('howToPhone') : writable ? text('howTo') : text('howToReadOnly')}</Text>
          {workers.failed ? (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>
                {text('loadFailed')} {failureText(workers.failed)}
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {workers.loading === 'first' && <Spinner size="tiny" label={text('loading')} />}
          {workers.loading !== 'first' && workers.rows.length === 0 && !workers.failed && (
            <Text>{text('empty')}</Text>
          )}
          {workers.rows.length > 0 && (
            <ReviewGrid
              rows={workers.rows}
              components={components}
              shownCodes={shownCodes}
              totals={workers.totals}
              writable={writable}
              label={label}
              onChange={onChange}
              onNearEnd={workers.loadMore}
              onFocusRow={setFocused}
            />
          )}
          {refusal && (
            <Text role="alert" className={styles.error}>
              {refusal}
            </Text>
          )}
          <div className={styles.selected} aria-live="polite">
            {selectedRow ? (
              <>
                <Text>{text('selected', { code: selectedRow.code, name: selectedRow.fullName })}</Text>
                <Button
                  onClick={() =>
                    setTracing({
                      sheetId: String(record.id),
                      workerId: selectedRow.workerId,
                      code: selectedRow.code,
                      fullName: selectedRow.fullName,
                    })
                  }
                >
                  {text('trace')}
                </Button>
                {writable && (
                  <Button onClick={() => void recompute(selectedRow)}>{text('recomputeWorker')}</Button>
                )}
                {selectedRow.error && (
                  <Text className={styles.error}>
                    {workerErrorText(selectedRow.error, english, (component, message) =>
                      text('inComponent', { component, message }),
                    )}
                  </Text>
                )}
              </>
            ) : (
              <Text>{text('noneSelected')}</Text>
            )}
          </div>
          {why === 'reasonComputing' && <Text size={200}>{text('notWritable', { reason: text(why) })}</Text>}
          {workers.rows.length > 0 && (
            <div className={styles.more}>
              <Text>{text('shown', { shown: workers.rows.length, total: workers.total })}</Text>
              {workers.hasMore && (
                <Button disabled={workers.loading !== null} onClick={workers.loadMore}>
                  {text('more')}
                </Button>
              )}
            </div>
          )}
        </>
      )}
      {tracing && ready && (
        <TraceDialog
          target={tracing}
          components={components}
          writable={writable}
          onClose={() => setTracing(null)}
          onChanged={replaceRow}
        />
      )}
    </div>
  );
}
