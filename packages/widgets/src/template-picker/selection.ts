/** What the picker chooses from: a row with an id. */
interface Identified {
  id: string;
}

/** The chosen templates by id, in the order they were chosen; kept across pages and searches. */
export type Chosen<T extends Identified> = ReadonlyMap<string, T>;

/**
 * Whether a template may be chosen: when the opener names ids, only those. An empty list is
 * taken as none named (an attribute `preselected-ids="[]"` must not disable every row).
 */
export const isSelectable = (id: string, allowedIds: readonly string[] | undefined) =>
  !allowedIds || allowedIds.length === 0 || allowedIds.includes(id);

/** The select-all box of a page: its choosable rows all chosen, none, or some ('mixed'). */
export function selectAllState<T extends Identified>(
  choosable: readonly T[],
  chosen: Chosen<T>,
): boolean | 'mixed' {
  const count = choosable.filter((row) => chosen.has(row.id)).length;
  if (count === 0) return false;
  return count === choosable.length ? true : 'mixed';
}

/** A click on select-all: when all of the page is chosen it is unchosen, otherwise all of it is chosen. */
export function toggleAll<T extends Identified>(choosable: readonly T[], chosen: Chosen<T>): Chosen<T> {
  const next = new Map(chosen);
  if (selectAllState(choosable, chosen) === true) choosable.forEach((row) => next.delete(row.id));
  else choosable.forEach((row) => next.set(row.id, row));
  return next;
}

/** One row's box (several) or a click on a row (one: it replaces the choice). */
export function toggleOne<T extends Identified>(row: T, chosen: Chosen<T>, multiple: boolean): Chosen<T> {
  if (!multiple) return new Map([[row.id, row]]);
  const next = new Map(chosen);
  if (next.has(row.id)) next.delete(row.id);
  else next.set(row.id, row);
  return next;
}
