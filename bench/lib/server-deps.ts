// The server's own dependencies, loaded from packages/server (the repository root has none of
// them), so the benchmark uses the very copies the server does.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type PgModule from '../../packages/server/node_modules/@types/pg/index.d.ts';
import type { Db } from '../../packages/server/src/db/database.ts';
import { REPO } from './measure.ts';

export const serverRequire = createRequire(join(REPO, 'packages', 'server', 'package.json'));

export const pg = serverRequire('pg') as typeof PgModule;
/** The part of exceljs the benchmark reads exports with. */
interface ExcelReader {
  Workbook: new () => {
    xlsx: { load(data: ArrayBuffer): Promise<unknown> };
    worksheets: { rowCount: number }[];
  };
}
export const ExcelJS = serverRequire('exceljs') as ExcelReader;

/** Text SQL with $n parameters: the driver client under drizzle (pg.Pool or PGlite). */
export interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export const rawClientOf = (db: Db) => (db as unknown as { $client: RawClient }).$client;
