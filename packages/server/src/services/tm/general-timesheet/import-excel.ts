import { ConflictReasons, ErrorCodes, type FieldError } from '@hcm/contracts';
import {
  GeneralTimesheetLimits,
  shownSymbol,
  type GeneralTimesheetImportResult,
  type GeneralTimesheetRow,
} from '@hcm/contracts/general-timesheet';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import type { ActionContext } from '../../../resources/action-log/record-actions.ts';
import type { Language } from '../../../resources/types.ts';
import type { TimesheetInputs } from '../timesheet/inputs.ts';
import { changeCell } from './correct-day.ts';
import { CODE_COLUMN, dayColumnOf, ExcelTexts } from './excel-layout.ts';
import { headingOf } from './export-excel.ts';
import { symbolClasses } from './month-cells.ts';
import { daysOfMonth, readGridPage } from './read-grid.ts';
import { CellProblem } from '../../../resources/import/sheet-cells.ts';
import { problemAt, type TimesheetFile } from './read-excel.ts';

/** Problems listed at most: enough to fix a file, not a wall of text. */
const MAX_PROBLEMS = 100;

export interface ImportRequest {
  readonly organizationUnitId: string;
  readonly month: string;
  readonly fileName: string;
  readonly language: Language;
  readonly read: { file?: TimesheetFile; problems: FieldError[] };
}

interface Change {
  readonly row: number;
  readonly code: string;
  readonly workerId: string;
  readonly workDate: string;
  readonly before: string | null;
  readonly after: string;
}

const refuse = (problems: readonly FieldError[]): never => {
  const listed = problems.slice(0, MAX_PROBLEMS);
  throw validationFailed(
    listed,
    `The timesheet cannot be imported (${problems.length > MAX_PROBLEMS ? `at least ${MAX_PROBLEMS}` : problems.length} problems; nothing was changed): ${listed[0]?.message ?? ''}`,
  );
};

/** Every worker of the unit's month that the caller reaches, a page of the grid at a time. */
async function wholeMonth(
  tx: Tx,
  caller: Scope & { tenantId: string },
  inputs: Pick<TimesheetInputs, 'locks' | 'settings'>,
  organizationUnitId: string,
  month: string,
) {
  // each worker with the symbols their days show (a page's texts hold only its own rows')
  const rows: (GeneralTimesheetRow & { shown: string[] })[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await readGridPage(tx, caller, inputs, {
      organizationUnitId,
      month,
      pageSize: GeneralTimesheetLimits.pageSizeMax,
      after,
    });
    for (const row of page.rows)
      rows.push({ ...row, shown: row.columns.symbol.map((_, i) => shownSymbol(page.texts, row.columns, i)) });
    if (!page.next) return { rows, legend: page.legend };
    after = page.next;
  }
}

/**
 * The general timesheet's Excel form read back (docs/general-timesheet.md, "Excel"): the file's
 * unit and month must be the request's; every worker row must name a worker of the unit the
 * caller reaches, once; every cell whose symbol differs from the one shown must hold one of the
 * tenant's symbols (or be blank). Only when nothing is wrong is each differing cell corrected
 * through changeCell (the reason "Nhập từ Excel <file>", the action log, the month's lock), all
 * in the caller's one transaction: any refusal, a 409 of a locked month included, writes nothing.
 * A file with no differing cell writes nothing and says so (corrected: 0).
 */
export async function importTimesheet(
  tx: Tx,
  caller: Scope & { tenantId: string },
  context: ActionContext,
  deps: {
    inputs: Pick<TimesheetInputs, 'locks' | 'settings'>;
    queue: Pick<JobQueue, 'enqueue'>;
    now: Date;
  },
  request: ImportRequest,
): Promise<GeneralTimesheetImportResult> {
  const heading = await headingOf(tx, caller.tenantId, request.organizationUnitId, request.month);
  const file = request.read.file;
  if (!file) return refuse(request.read.problems);
  const days = daysOfMonth(request.month);
  const sheetProblems: FieldError[] = [];
  if (file.month === null)
    sheetProblems.push(problemAt('noMonth', 'the file does not say its month ("Tháng MM năm YYYY")'));
  else if (file.month !== request.month)
    sheetProblems.push(
      problemAt(
        'wrongMonth',
        `the file is the timesheet of ${file.month}, not of ${request.month}`,
        {},
        {
          file: file.month,
          expected: request.month,
        },
      ),
    );
  if (file.unitCode === null)
    sheetProblems.push(
      problemAt('noUnit', `the file does not say its unit ("${ExcelTexts.unit.vi}: … (code)")`),
    );
  else if (file.unitCode.toLowerCase() !== heading.unitCode.toLowerCase())
    sheetProblems.push(
      problemAt(
        'wrongUnit',
        `the file is the timesheet of unit ${file.unitCode}, not of ${heading.unitCode}`,
        {},
        {
          file: file.unitCode,
          expected: heading.unitCode,
        },
      ),
    );
  if (file.days.length !== days.length || file.days.some((day, i) => day !== i + 1))
    sheetProblems.push(
      problemAt(
        'wrongDays',
        `the header's days are 1…${file.days.length}, but ${request.month} has ${days.length} days`,
        { row: file.headerRow },
        { expected: days.length, actual: file.days.length },
      ),
    );
  if (sheetProblems.length > 0) return refuse([...sheetProblems, ...request.read.problems]);

  const month = await wholeMonth(tx, caller, deps.inputs, request.organizationUnitId, request.month);
  const byCode = new Map(month.rows.map((row) => [row.code.toLowerCase(), row]));
  const classes = symbolClasses(month.legend);
  const known = [...new Set(month.legend.map((entry) => entry.symbol))];
  const problems = [...request.read.problems];
  const seen = new Map<string, number>();
  const changes: Change[] = [];
  for (const line of file.rows) {
    const worker = byCode.get(line.code.toLowerCase());
    const at = { row: line.rowNumber, column: CODE_COLUMN };
    if (!worker) {
      problems.push(
        problemAt(
          'unknownWorker',
          `no employee with code ${line.code} in unit ${heading.unitCode} that you may see`,
          at,
          {
            value: line.code,
          },
        ),
      );
      continue;
    }
    const earlier = seen.get(worker.workerId);
    if (earlier !== undefined) {
      problems.push(
        problemAt('duplicateWorker', `employee ${line.code} is already on row ${earlier}`, at, {
          value: line.code,
          earlier,
        }),
      );
      continue;
    }
    seen.set(worker.workerId, line.rowNumber);
    line.symbols.forEach((symbol, i) => {
      const where = { row: line.rowNumber, column: dayColumnOf(i + 1) };
      if (symbol instanceof CellProblem) {
        problems.push(problemAt('formula', 'a formula with no usable value: write the symbol itself', where));
        return;
      }
      const shown = worker.shown[i] ?? '';
      if (symbol === shown) return;
      if (symbol !== '' && !classes.has(symbol)) {
        problems.push(
          problemAt('unknownSymbol', `"${symbol}" is not a timesheet symbol (${known.join(', ')})`, where, {
            value: symbol,
            symbols: known.join(', '),
          }),
        );
        return;
      }
      changes.push({
        row: line.rowNumber,
        code: worker.code,
        workerId: worker.workerId,
        workDate: days[i] as string,
        before: shown === '' ? null : shown,
        after: symbol,
      });
    });
  }
  if (problems.length > 0) return refuse(problems);
  if (changes.length > GeneralTimesheetLimits.importCorrectionsMax)
    refuse([
      problemAt(
        'tooManyChanges',
        `${changes.length} cells differ from the timesheet; one file corrects at most ${GeneralTimesheetLimits.importCorrectionsMax}`,
        {},
        { actual: changes.length, required: GeneralTimesheetLimits.importCorrectionsMax },
      ),
    ]);

  // a locked month refuses the whole file, naming the rows (changeCell would refuse the first)
  const changedIds = [...new Set(changes.map((change) => change.workerId))];
  const locked =
    changedIds.length === 0
      ? new Map()
      : await deps.inputs.locks.lockedMonths(tx, changedIds, [request.month]);
  const lockedRows = changes.filter(
    (change, i, all) =>
      locked.get(change.workerId)?.has(request.month) === true &&
      all.findIndex((other) => other.workerId === change.workerId) === i,
  );
  if (lockedRows.length > 0)
    throw new AppError(
      409,
      ErrorCodes.monthLocked,
      `The timesheet of ${request.month} is approved and locked for ${lockedRows.map((c) => c.code).join(', ')}: reopen it before importing corrections`,
      lockedRows.map((change) =>
        problemAt(
          'locked',
          `the month of ${change.code} is locked`,
          { row: change.row },
          { value: change.code },
        ),
      ),
      undefined,
      { reason: ConflictReasons.monthLocked, month: request.month },
    );

  const reason =
    `${request.language === 'en' ? 'Imported from Excel' : 'Nhập từ Excel'} ${request.fileName}`.slice(
      0,
      GeneralTimesheetLimits.reasonMaxLength,
    );
  for (const change of changes) {
    const kind = change.after === '' ? null : classes.get(change.after);
    await changeCell(
      tx,
      caller,
      context,
      { locks: deps.inputs.locks, queue: deps.queue, now: deps.now },
      {
        workerId: change.workerId,
        month: request.month,
        workDate: change.workDate,
        reason,
        // the form's symbol is a whole day: worked or paid leave is a day's pay, unpaid leave or a blank none
        set: { symbol: change.after, paidUnits: kind === 'WORK' || kind === 'PAID_LEAVE' ? 1000 : 0 },
      },
    );
  }
  return {
    fileName: request.fileName,
    workers: file.rows.length,
    corrected: changes.length,
    changes: changes.slice(0, 50).map((change) => ({
      code: change.code,
      workDate: change.workDate,
      before: change.before,
      after: change.after === '' ? null : change.after,
    })),
  };
}
