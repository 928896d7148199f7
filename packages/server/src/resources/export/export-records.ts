import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db, Tx } from '../../db/database.ts';
import { inResourceScope, type ResourceScope } from '../caller.ts';
import type { ListQuery } from '../search/list-query.ts';
import type { Language, ResourceDefinition } from '../types.ts';
import { columnWidth, labelOf, sheetName } from '../xlsx/xlsx.ts';
import { DATE_FORMAT, DATE_TIME_FORMAT, dateCell, enumLabelsOf, enumName } from '../xlsx/sheet-values.ts';
import { cellOf, inUnit, isTimestamp } from './cell-values.ts';
import { areaNameCell } from '../write/area-fields.ts';
import { fileNameCell } from '../write/file-fields.ts';
import { KEYSET_ID, readPage, type Page, type Position } from './keyset-page.ts';

type Row = Record<string, unknown>;

/** Export columns that are the record's own (not a list, which is read from its child table). */
const isColumn = (definition: ResourceDefinition) => (name: string) => !definition.lists[name];

/** Sets each exported list of the page's rows as its cell text (e.g. "code – name; …"), in `tx`. */
async function listCells(
  tx: Tx,
  definition: ResourceDefinition,
  rows: Row[],
  language: Language,
): Promise<void> {
  const names = definition.declaration.exportColumns.filter((name) => !isColumn(definition)(name));
  if (names.length === 0 || rows.length === 0) return;
  const ids = rows.map((row) => String(row[KEYSET_ID]));
  for (const name of names) {
    const spec = definition.lists[name];
    if (spec?.cells) {
      // cells that need a look-up (the names of the records a references list names)
      const cells = await spec.cells(tx, ids);
      for (const row of rows) row[name] = cells.get(String(row[KEYSET_ID])) ?? null;
      continue;
    }
    const byId = spec ? await spec.load(tx, ids) : new Map<string, unknown[]>();
    for (const row of rows)
      row[name] = spec?.cell?.(byId.get(String(row[KEYSET_ID])) ?? [], language) ?? null;
  }
}

/** Rows per fetch: each fetch is one short scope transaction. */
export const EXPORT_PAGE_SIZE = 1000;

/** The export columns, timestamps as epoch milliseconds (the same on both drivers). */
function exportColumns(definition: ResourceDefinition): SQL {
  return sql.join(
    definition.declaration.exportColumns.filter(isColumn(definition)).map((name) => {
      const column = definition.column(name);
      const kind = definition.fields[name]?.kind;
      // Both drivers answer these alike: epoch milliseconds, and numeric and date as text
      // (node-postgres would turn a date into a local midnight Date).
      const value =
        isTimestamp(name) || kind === 'dateTime'
          ? sql`(extract(epoch from ${column}) * 1000)::float8`
          : kind === 'date' || kind === 'decimal' || kind === 'money'
            ? sql`${column}::text`
            : kind === 'file'
              ? fileNameCell(column)
              : kind === 'area'
                ? areaNameCell(column)
                : sql`${column}`;
      return sql`${value} as ${sql.identifier(name)}`;
    }),
    sql`, `,
  );
}

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

export interface ExportOptions {
  /** rows per fetch (tests use small pages to cross many page boundaries) */
  pageSize?: number;
}

/**
 * Streams the records of `query` as an xlsx workbook through exceljs's streaming
 * WorkbookWriter. Rows are read in keyset pages (keyset-page.ts), each in its own short scope
 * transaction; between pages the export waits, holding no transaction and no connection, until
 * the client has taken what was written. What waits in memory is bounded: the page being
 * zipped and the next page, read meanwhile. A client that stops reading is cut off by the
 * route's send timeout (send-timeout.ts), which closes `stream` and so ends this loop.
 */
export function startExport(
  db: Db,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
  language: Language,
  options: ExportOptions = {},
): ExportRun {
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  const stream = new PassThrough();
  let markStarted!: () => void;
  let failStart!: (error: unknown) => void;
  const started = new Promise<void>((resolve, reject) => {
    markStarted = resolve;
    failStart = reject;
  });
  const names = definition.declaration.exportColumns;
  // A client that goes away must not leave the export waiting for a drain forever.
  const closed = new Promise<never>((_, reject) =>
    stream.once('close', () => reject(new Error('the client went away'))),
  );
  closed.catch(() => undefined);
  const unlessClosed = <T>(promise: Promise<T>) => Promise.race([promise, closed]);
  const select = exportColumns(definition);
  const readAfter = (after: Position | undefined): Promise<Page<Row>> => {
    if (stream.destroyed) return Promise.reject(new Error('the client went away'));
    return inResourceScope(db, definition, scope, async (tx, reach) => {
      const page = await readPage<Row>(tx, definition, reach, query, select, after, pageSize);
      await listCells(tx, definition, page.rows, language);
      return page;
    });
  };

  const run = async () => {
    let page = await readAfter(undefined);
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
    const kinds = names.map((name) => definition.fields[name]?.kind);
    sheet.columns = names.map((name, i) => ({
      key: name,
      width: columnWidth(definition, name, headers[i] ?? name),
      ...(isTimestamp(name) || kinds[i] === 'dateTime'
        ? { style: { numFmt: DATE_TIME_FORMAT } }
        : kinds[i] === 'date'
          ? { style: { numFmt: DATE_FORMAT } }
          : {}),
    }));
    // enum values by their names in the requester's language, dates as dates (sheet-values.ts)
    const shown = names.map((name, i) => {
      const labels = enumLabelsOf(definition, name);
      return (value: unknown): unknown =>
        typeof value !== 'string'
          ? value
          : kinds[i] === 'enum'
            ? enumName(labels, value, language)
            : kinds[i] === 'date'
              ? dateCell(value)
              : value;
    });
    const header = sheet.addRow(headers);
    header.font = { bold: true };
    header.commit();
    for (;;) {
      for (const row of page.rows)
        sheet
          .addRow(
            names.map((name, i) =>
              cellOf(name, shown[i]?.(inUnit(definition.fields[name], row[name])), kinds[i]),
            ),
          )
          .commit();
      // The next page is read (a short transaction of its own) while the client takes this one.
      const next = page.last && page.rows.length === pageSize ? readAfter(page.last) : undefined;
      next?.catch(() => undefined);
      await unlessClosed(untilZipped(sheet));
      if (!next) break;
      page = await next;
      if (stream.destroyed) throw new Error('the client went away');
    }
    sheet.commit();
    await unlessClosed(workbook.commit());
  };
  run().catch((error: unknown) => {
    failStart(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  return { stream, started };
}
