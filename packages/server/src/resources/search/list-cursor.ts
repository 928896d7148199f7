import { FieldErrorKeys } from '@hcm/contracts';
import { validationFailed } from '../../http/errors.ts';
import type { Position } from '../export/keyset-page.ts';

/**
 * A list's keyset cursor: where a page ended (the sort column's value as exact text and the
 * row's id) and the sort it ended in, as base64url JSON. Opaque to clients: they hand back the
 * `page.nextCursor` they were given. The sort travels with it so that a cursor of one sort is
 * refused under another instead of silently starting somewhere arbitrary.
 */
interface CursorBody {
  /** the sort, `field.direction` as the list reads it */
  s: string;
  k: string | null;
  i: string;
}

export function encodeCursor(sort: string, position: Position): string {
  const body: CursorBody = { s: sort, k: position.key, i: position.id };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 400 about the `cursor` parameter. */
export const cursorRefused = (message: string) =>
  validationFailed([{ field: 'cursor', code: FieldErrorKeys.invalidValue, message }], message);

/** The position a cursor names, for a list sorted by `sort`; 400 when it is not one of ours or of another sort. */
export function decodeCursor(cursor: string, sort: string): Position {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw cursorRefused('The cursor is not one this list gave');
  }
  const { s, k, i } = (body ?? {}) as Partial<CursorBody>;
  if (typeof i !== 'string' || !UUID.test(i) || (k !== null && typeof k !== 'string'))
    throw cursorRefused('The cursor is not one this list gave');
  if (s !== sort) throw cursorRefused('The cursor belongs to another sort: start again from the first page');
  return { key: k, id: i };
}
