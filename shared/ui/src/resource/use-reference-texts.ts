import { useCallback, useEffect, useState } from 'react';
import { Paging } from '@hcm/contracts';
import type { AnyResourceContract, ReferenceTarget } from '@hcm/contracts/resource';
import { referenceApi, type ResourceRecord } from './resource-api.ts';

/** How a referenced record is named on a page: its display field (with its code when it has one). */
export function referenceText(record: ResourceRecord, target: ReferenceTarget): string {
  const shown = record[target.display];
  const text = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : record.id;
  return typeof record.code === 'string' && record.code !== text ? `${record.code} - ${text}` : text;
}

type Fields = AnyResourceContract['fields'];

/** The target of a field that names records of another resource (reference, treeParent, references). */
const targetOf = (field: Fields[string] | undefined): ReferenceTarget | undefined =>
  field &&
  (field.kind === 'reference' || field.kind === 'treeParent' || field.kind === 'references') &&
  field.target
    ? field.target
    : undefined;

/** The ids a row's value names: one (a reference) or several (references). */
const idsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((v) => typeof v === 'string')
      : [];

/**
 * The display texts of the records the shown rows point at: one find-by-ids per target for all
 * the ids of the page. Returns `(field, value) => text`: a reference's record's text, a
 * references list's texts joined by ", " (in the list's order); undefined until known.
 */
export function useReferenceTexts(contract: AnyResourceContract, rows: readonly ResourceRecord[]) {
  const wanted = new Map<string, { target: ReferenceTarget; ids: Set<string> }>();
  for (const [name, field] of Object.entries(contract.fields)) {
    const target = targetOf(field);
    if (!target) continue;
    const entry = wanted.get(target.apiPath) ?? { target, ids: new Set<string>() };
    for (const row of rows) for (const id of idsOf(row[name])) entry.ids.add(id);
    if (entry.ids.size) wanted.set(target.apiPath, entry);
  }
  const key = JSON.stringify([...wanted].map(([path, { ids }]) => [path, [...ids].sort()]));
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    const requests = JSON.parse(key) as [string, string[]][];
    if (requests.length === 0) return;
    let alive = true;
    const targets = new Map<string, ReferenceTarget>();
    for (const field of Object.values(contract.fields)) {
      const target = targetOf(field);
      if (target) targets.set(target.apiPath, target);
    }
    // a page of lists can name more records than one find-by-ids takes: several calls then
    const chunks = requests.flatMap(([path, ids]) =>
      Array.from({ length: Math.ceil(ids.length / Paging.maxFindByIds) }, (_, i) => [
        path,
        ids.slice(i * Paging.maxFindByIds, (i + 1) * Paging.maxFindByIds),
      ]),
    ) as [string, string[]][];
    void Promise.all(
      chunks.map(([path, ids]) =>
        referenceApi(path)
          .findByIds(ids)
          .then((records) => {
            const target = targets.get(path) ?? { resource: '', apiPath: path, display: 'name' };
            const texts = new Map(records.map((r) => [`${path}|${r.id}`, referenceText(r, target)] as const));
            // an id the caller cannot read (outside its data scope) is shown as it is, not forever awaited
            return ids.map((id) => [`${path}|${id}`, texts.get(`${path}|${id}`) ?? id] as const);
          })
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
    (fieldName: string, value: unknown): string | undefined => {
      const target = targetOf(contract.fields[fieldName]);
      if (!target) return undefined;
      if (typeof value === 'string') return texts.get(`${target.apiPath}|${value}`);
      if (!Array.isArray(value) || value.length === 0) return undefined;
      const names = idsOf(value).map((id) => texts.get(`${target.apiPath}|${id}`));
      return names.every((name) => name !== undefined) ? names.join(', ') : undefined;
    },
    [contract, texts],
  );
}
