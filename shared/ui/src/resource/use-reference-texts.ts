import { useCallback, useEffect, useState } from 'react';
import type { AnyResourceContract, ReferenceTarget } from '@hcm/contracts/resource';
import { referenceApi, type ResourceRecord } from './resource-api.ts';

/** How a referenced record is named on a page: its display field (with its code when it has one). */
export function referenceText(record: ResourceRecord, target: ReferenceTarget): string {
  const shown = record[target.display];
  const text = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : record.id;
  return typeof record.code === 'string' && record.code !== text ? `${record.code} - ${text}` : text;
}

/**
 * The display texts of the records the shown rows point at: one find-by-ids per target for all
 * the ids of the page. Returns `(field, id) => text` (undefined until known).
 */
export function useReferenceTexts(contract: AnyResourceContract, rows: readonly ResourceRecord[]) {
  const wanted = new Map<string, { target: ReferenceTarget; ids: Set<string> }>();
  for (const [name, field] of Object.entries(contract.fields)) {
    if ((field.kind !== 'reference' && field.kind !== 'treeParent') || !field.target) continue;
    const entry = wanted.get(field.target.apiPath) ?? { target: field.target, ids: new Set<string>() };
    for (const row of rows) if (typeof row[name] === 'string') entry.ids.add(row[name]);
    if (entry.ids.size) wanted.set(field.target.apiPath, entry);
  }
  const key = JSON.stringify([...wanted].map(([path, { ids }]) => [path, [...ids].sort()]));
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    const requests = JSON.parse(key) as [string, string[]][];
    if (requests.length === 0) return;
    let alive = true;
    const targets = new Map<string, ReferenceTarget>();
    for (const field of Object.values(contract.fields))
      if ((field.kind === 'reference' || field.kind === 'treeParent') && field.target)
        targets.set(field.target.apiPath, field.target);
    void Promise.all(
      requests.map(([path, ids]) =>
        referenceApi(path)
          .findByIds(ids)
          .then((records) =>
            records.map(
              (r) =>
                [
                  `${path}|${r.id}`,
                  referenceText(r, targets.get(path) ?? { resource: '', apiPath: path, display: 'name' }),
                ] as const,
            ),
          )
          .catch(() => []),
      ),
    ).then((found) => {
      if (alive) setTexts((current) => new Map([...current, ...found.flat()]));
    });
    return () => {
      alive = false;
    };
  }, [contract, key]);

  return useCallback(
    (fieldName: string, id: unknown): string | undefined => {
      const field = contract.fields[fieldName];
      if (!field || typeof id !== 'string' || !('target' in field) || !field.target) return undefined;
      return texts.get(`${field.target.apiPath}|${id}`);
    },
    [contract, texts],
  );
}
