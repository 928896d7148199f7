import { sql } from 'drizzle-orm';
import { integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
  openTestDatabase,
} from '../../testing/engines.ts';
import type { ResourceDefinition } from '../types.ts';
import { translateDbError } from './db-errors.ts';

/*
 * The database's own refusals as each driver reports them (node-postgres and PGlite), turned into
 * answers: a value the schema let through but a CHECK, NOT NULL, length or range refuses is a
 * 400 on its field, never a 500.
 */

const table = pgTable('refusals', {
  id: uuid('id').primaryKey(),
  headCount: integer('head_count'),
  code: varchar('code', { length: 4 }),
});
/** Just what the translation reads of a definition: its fields and their columns. */
const definition = {
  table,
  fields: { headCount: {}, code: {} },
  column: (name: string) => table[name as 'headCount' | 'code'],
} as unknown as ResourceDefinition;

describe.each(await testEngines('both'))('database refusals on $engine', ({ engine }) => {
  let scratch: TestDatabase;
  let db: Database;
  const refusedBy = async (statement: ReturnType<typeof sql>) => {
    try {
      await db.orm.execute(statement);
    } catch (error) {
      return translateDbError(definition, error);
    }
    throw new Error('the statement was not refused');
  };
  const answer = (translated: unknown) => {
    expect(translated).toBeInstanceOf(AppError);
    const { statusCode: status, errors } = translated as AppError;
    return { status, errors: errors?.map((error) => [error.field, error.message]) };
  };

  beforeAll(async () => {
    scratch = await createTestDatabase(engine);
    db = await openTestDatabase(loadConfig(scratch.env).database);
    await db.orm.execute(sql`
      CREATE TABLE refusals (
        id uuid PRIMARY KEY,
        head_count integer CONSTRAINT refusals_head_count_check CHECK (head_count >= 0),
        code varchar(4) NOT NULL,
        CONSTRAINT refusals_sense_check CHECK (head_count IS NULL OR code <> 'NONE')
      )`);
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.dispose();
  });

  it('answers a CHECK on one column 400 on its field', async () => {
    expect(answer(await refusedBy(sql`INSERT INTO refusals VALUES (gen_random_uuid(), -1, 'A')`))).toEqual({
      status: 400,
      errors: [['headCount', 'breaks the rule refusals_head_count_check']],
    });
  });

  it('answers a CHECK across columns 400 naming the rule', async () => {
    expect(answer(await refusedBy(sql`INSERT INTO refusals VALUES (gen_random_uuid(), 1, 'NONE')`))).toEqual({
      status: 400,
      errors: [['record', 'breaks the rule refusals_sense_check']],
    });
  });

  it('answers NULL in a NOT NULL column, a value too long and a number out of range 400', async () => {
    expect(answer(await refusedBy(sql`INSERT INTO refusals VALUES (gen_random_uuid(), 1, NULL)`))).toEqual({
      status: 400,
      errors: [['code', 'must be given']],
    });
    expect(answer(await refusedBy(sql`INSERT INTO refusals VALUES (gen_random_uuid(), 1, 'ABCDE')`))).toEqual(
      { status: 400, errors: [['record', 'is too long']] },
    );
    expect(
      answer(
        await refusedBy(
          sql`INSERT INTO refusals VALUES (gen_random_uuid(), 99999999999::bigint::integer, 'A')`,
        ),
      ),
    ).toEqual({ status: 400, errors: [['record', 'is out of range']] });
  });

  it('leaves any other error as it is', async () => {
    const other = await refusedBy(sql`SELECT * FROM no_such_table`);
    expect(other).not.toBeInstanceOf(AppError);
  });
});
