import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/database.ts';
import { inScope } from '../../db/tenant-scope.ts';
import type { ResourceScope } from '../caller.ts';
import { orderOf, whereOf, type ListQuery } from '../search/list-query.ts';
import type { Language, ResourceDefinition } from '../types.ts';
import { columnWidth, labelOf, sheetName } from '../xlsx/xlsx.ts';
import { fetchInBatches } from './cursor.ts';

type Row = Record<string, unknown>;

const isTimestamp = (name: string) => name === 'createdAt' || name === 'lastModifiedAt';

/** SELECT of the export columns, timestamps as epoch milliseconds (the same on both drivers). */
function exportQuery(definition: ResourceDefinition, scope: ResourceScope, query: ListQuery): SQL {
  const names = definition.declaration.exportColumns;
  const select = sql.join(
    names.map((name) => {
      const column = definition.column(name);
      const value = isTimestamp(name) ? sql`(extract(epoch from ${column}) * 1000)::float8` : sql`${column}`;
      return sql`${value} as ${sql.identifier(name)}`;
    }),
    sql`, `,
  );
  const order = sql.join(orderOf(definition, query.sortBy), sql`, `);
  return sql`select ${select} from ${definition.table} where ${whereOf(definition, scope, query)} order by ${order}`;
}

const cellOf = (name: string, value: unknown) =>
  value === null || value === undefined ? null : isTimestamp(name) ? new Date(Number(value)) : value;

/**
 * exceljs hands a committed row's XML to the zip without waiting for it to be taken (its
 * worksheet stream ignores backpressure), so when rows come faster than they are deflated and
 * sent, the XML piles up in memory. Waiting here until the zip has drained what it was given
 * (which in turn waits for a slow client) keeps memory flat. Reads exceljs's internal stream:
 * checked by the export tests and the benchmark (bench/resource-search.ts).
 */
export async function untilZipped(sheet: ExcelJS.Worksheet): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) {
    const state = (pipe as unknown as { _writableState?: { needDrain?: boolean } })._writableState;
    if (state?.needDrain) await once(pipe, 'drain');
  }
}

export interface ExportRun {
  /** the xlsx bytes as they are produced */
  stream: PassThrough;
  /** resolves once the first rows are read (errors before then reject it: answer them as JSON) */
  started: Promise<void>;
}

/**
 * Streams the records of `query` as an xlsx workbook: a cursor feeds exceljs's streaming
 * WorkbookWriter 1000 rows at a time inside one scope transaction, waiting whenever the
 * client reads slower than rows arrive, so memory stays flat however many rows there are.
 */
export function startExport(
  db: Db,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
  language: Language,
): ExportRun {
  const stream = new PassThrough();
  let markStarted!: () => void;
  let failStart!: (error: unknown) => void;
  const started = new Promise<void>((resolve, reject) => {
    markStarted = resolve;
    failStart = reject;
  });
  const names = definition.declaration.exportColumns;
  // A client that goes away must not leave the transaction waiting for a drain forever.
  const closed = new Promise<never>((_, reject) =>
    stream.once('close', () => reject(new Error('the client went away'))),
  );
  closed.catch(() => undefined);
  const unlessClosed = <T>(promise: Promise<T>) => Promise.race([promise, closed]);

  inScope(db, scope, async (tx) => {
    const batches = fetchInBatches<Row>(tx, exportQuery(definition, scope, query));
    const first = await batches.next();
    markStarted();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName(definition.declaration.title[language]), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    const headers = names.map((name) => labelOf(definition, name, language));
    sheet.columns = names.map((name, i) => ({
      key: name,
      width: columnWidth(definition, name, headers[i] ?? name),
      ...(isTimestamp(name) ? { style: { numFmt: 'dd/mm/yyyy hh:mm' } } : {}),
    }));
    const header = sheet.addRow(headers);
    header.font = { bold: true };
    header.commit();
    const write = (rows: Row[]) => {
      for (const row of rows) sheet.addRow(names.map((name) => cellOf(name, row[name]))).commit();
    };
    if (!first.done) write(first.value);
    for await (const rows of batches) {
      if (stream.destroyed) throw new Error('the client went away');
      await unlessClosed(untilZipped(sheet));
      write(rows);
    }
    sheet.commit();
    await unlessClosed(workbook.commit());
  }).catch((error: unknown) => {
    failStart(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  return { stream, started };
}
