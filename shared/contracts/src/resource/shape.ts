import type { AnyResourceContract } from './contract.ts';

/** What tells one contract's records and routes apart from another's, beyond names and words. */
const NOT_SHAPE = new Set([
  'service',
  'path',
  'route',
  'permission',
  'title',
  'singular',
  'apiPath',
  'module',
  'label',
]);

/**
 * A contract's shape: its level, its fields (kinds, limits, patterns, values, required) and its
 * lists of columns, filters, sort and sub-paths — everything but its names and labels. Two
 * contracts of one shape are validated, stored, listed, imported and drawn by the same code
 * paths, so the suites that walk contracts exhaustively (the route probes on both engines, the
 * page walk) take one contract of each shape; the cheap checks still take every contract.
 */
export function contractShape(contract: AnyResourceContract): string {
  return JSON.stringify(contract, (key, value: unknown) =>
    NOT_SHAPE.has(key) || key.endsWith('Labels') ? undefined : value,
  );
}

/** The first contract of each shape, in the given order. */
export function oneOfEachShape<T>(
  items: readonly T[],
  contractOf: (item: T) => AnyResourceContract | undefined,
): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const contract = contractOf(item);
    if (!contract) return true;
    const shape = contractShape(contract);
    if (seen.has(shape)) return false;
    seen.add(shape);
    return true;
  });
}
