import { useCallback, useEffect, useState } from 'react';
import { Paging } from '@hcm/contracts';
import type { AnyResourceContract, ReferenceTarget } from '@hcm/contracts/resource';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { referenceApi, type ResourceRecord } from './resource-api.ts';

/** The field a record may carry its English name in (seeded catalogues: README "Seed data"). */
export const ENGLISH_NAME_FIELD = 'nameEn';

/**
 * How a referenced record is named to a person, the one place every page, cell, picker and tag
 * takes it from: its display field (in English its `nameEn` when it has one), never its code
 * ("Kinh", not "DT_KINH - Kinh"). A code is an HR detail: pickers show it muted beside the
 * name (`referenceCode`), the catalogue's own list in its column. A record without the
 * display field is named by its code, then its id.
 */
export function referenceText(record: ResourceRecord, target: ReferenceTarget, language?: string): string {
  const english = record[ENGLISH_NAME_FIELD];
  if (language === 'en' && target.display === 'name' && typeof english === 'string' && english.trim() !== '')
    return english;
  const shown = record[target.display];
  if (typeof shown === 'string' || typeof shown === 'number') return String(shown);
  return typeof record.code === 'string' && record.code !== '' ? record.code : record.id;
}

/** A record's code when its name does not already say it: the muted detail a picker's option shows. */
export function referenceCode(
  record: ResourceRecord,
  target: ReferenceTarget,
  language?: string,
): string | undefined {
  return typeof record.code === 'string' &&
    record.code !== '' &&
    record.code !== referenceText(record, target, language)
    ? record.code
    : undefined;
}

/** The language names are shown in: the page's (i18next), re-rendering when it changes. */
export function useNameLanguage(): string {
  const { i18n } = useUiTranslation();
  return i18n.language;
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
 * the ids of the page. Returns `(field, value) => text`: a reference's record's name in the
 * page's language (referenceText), a references list's names joined by ", " (in the list's
 * order); undefined until known.
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
  // the records found (null: an id the caller cannot read), named when shown: in the language of then
  const [found, setFound] = useState<ReadonlyMap<string, ResourceRecord | null>>(new Map());
  const language = useNameLanguage();

  useEffect(() => {
    const requests = JSON.parse(key) as [string, string[]][];
    if (requests.length === 0) return;
    let alive = true;
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
            const byId = new Map(records.map((r) => [r.id, r] as const));
            // an id the caller cannot read (outside its data scope) is shown as it is, not forever awaited
            return ids.map((id) => [`${path}|${id}`, byId.get(id) ?? null] as const);
          })
          .catch(() => []),
      ),
    ).then((answers) => {
      if (alive) setFound((current) => new Map([...current, ...answers.flat()]));
    });
    return () => {
      alive = false;
    };
  }, [contract, key]);

  return useCallback(
    (fieldName: string, value: unknown): string | undefined => {
      const target = targetOf(contract.fields[fieldName]);
      if (!target) return undefined;
      const textOf = (id: string): string | undefined => {
        const record = found.get(`${target.apiPath}|${id}`);
        return record === undefined
          ? undefined
          : record === null
            ? id
            : referenceText(record, target, language);
      };
      if (typeof value === 'string') return textOf(value);
      if (!Array.isArray(value) || value.length === 0) return undefined;
      const names = idsOf(value).map(textOf);
      return names.every((name) => name !== undefined) ? names.join(', ') : undefined;
    },
    [contract, found, language],
  );
}
