import { useRef, useState } from 'react';
import type { FieldError } from '@hcm/contracts';
import type { GeneralTimesheetImportResult } from '@hcm/contracts/general-timesheet';
import { ApiError } from '@hcm/session';
import {
  Button,
  MessageBar,
  MessageBarBody,
  importRefusalText,
  makeStyles,
  tokens,
  useFailureText,
  useHasAuthority,
} from '@hcm/ui';
import { excelDownloads, exportExcel, importExcel } from './general-timesheet-api.ts';
import { useTexts, type TextKey } from './texts.ts';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
  hidden: { display: 'none' },
  lines: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
});

type Outcome =
  | { kind: 'imported'; result: GeneralTimesheetImportResult }
  | { kind: 'refused'; message: string; lines: string[] };

/**
 * The general timesheet as HR's Excel form (01a-LĐTL) and back (docs/general-timesheet.md,
 * "Excel"): "Export to Excel" downloads the month shown; "Import from Excel" sends a file in that
 * layout, and says what came of it in place: the days corrected (or that nothing differed), or
 * each problem of the file by its cell, in the user's words (the server's `params`), nothing
 * having been changed. `onImported` asks the month again.
 */
export function ExcelActions({
  unitId,
  month,
  onImported,
}: {
  unitId: string;
  month: string;
  onImported: () => void;
}) {
  const { text } = useTexts();
  const failureText = useFailureText();
  const styles = useStyles();
  const mayExport = useHasAuthority('timesheet.export');
  const mayImport = useHasAuthority('timesheet.update');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  /** One problem of the file: the page's words for its `problem`, at its cell or row. */
  const lineOf = (error: ApiError, problem: FieldError) => {
    const params = problem.params ?? {};
    const key = `problem.${String(params.problem)}`;
    if (!(key in PROBLEM_KEYS))
      return importRefusalText(new ApiError(error.status, error.code, '', [problem]));
    const words = text(key as TextKey, params);
    if (params.row === undefined) return words;
    return params.column === undefined
      ? text('problemRow', { row: params.row, problem: words })
      : text('problemAt', { row: params.row, column: params.column, problem: words });
  };

  const download = async () => {
    setBusy(true);
    try {
      const file = await exportExcel(unitId, month);
      excelDownloads.save(file.blob, file.fileName);
    } catch {
      // the shared client has said why (a toast)
    } finally {
      setBusy(false);
    }
  };
  const upload = async (file: File) => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await importExcel(unitId, month, file);
      setOutcome({ kind: 'imported', result });
      if (result.corrected > 0) onImported();
    } catch (error) {
      setOutcome({
        kind: 'refused',
        message:
          error instanceof ApiError && error.fieldErrors.length > 0
            ? text('importRefused')
            : failureText(error),
        lines: error instanceof ApiError ? error.fieldErrors.map((problem) => lineOf(error, problem)) : [],
      });
    } finally {
      setBusy(false);
    }
  };
  const shown = (symbol: string | null) => symbol ?? text('blank');

  if (!mayExport && !mayImport) return null;
  return (
    <>
      <div className={styles.actions}>
        {mayExport && (
          <Button disabled={busy} onClick={() => void download()}>
            {text('exportExcel')}
          </Button>
        )}
        {mayImport && (
          <>
            <Button disabled={busy} title={text('importHint')} onClick={() => input.current?.click()}>
              {text('importExcel')}
            </Button>
            <input
              ref={input}
              className={styles.hidden}
              type="file"
              aria-label={text('importExcel')}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload(file);
              }}
            />
          </>
        )}
      </div>
      {outcome?.kind === 'imported' && (
        <MessageBar intent={outcome.result.corrected > 0 ? 'success' : 'info'} layout="multiline">
          <MessageBarBody>
            {outcome.result.corrected > 0
              ? text('imported', { file: outcome.result.fileName, count: outcome.result.corrected })
              : text('importedNothing', { file: outcome.result.fileName })}
            {outcome.result.changes.length > 0 && (
              <ul className={styles.lines}>
                {outcome.result.changes.map((change) => (
                  <li key={`${change.code}|${change.workDate}`}>
                    {text('importChange', {
                      code: change.code,
                      date: `${change.workDate.slice(8, 10)}/${change.workDate.slice(5, 7)}`,
                      before: shown(change.before),
                      after: shown(change.after),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      {outcome?.kind === 'refused' && (
        <MessageBar intent="error" role="alert" layout="multiline">
          <MessageBarBody>
            {outcome.message}
            {outcome.lines.length > 0 && (
              <ul className={styles.lines}>
                {outcome.lines.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}

/** The problems the server names (import-excel.ts, read-excel.ts) that have the page's words. */
const PROBLEM_KEYS = Object.fromEntries(
  [
    'unknownSymbol',
    'unknownWorker',
    'duplicateWorker',
    'noCode',
    'formula',
    'noHeader',
    'noMonth',
    'wrongMonth',
    'noUnit',
    'wrongUnit',
    'wrongDays',
    'tooManyChanges',
    'locked',
  ].map((problem) => [`problem.${problem}`, true]),
);
