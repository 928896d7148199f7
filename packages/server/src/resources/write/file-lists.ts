import type { FilesField } from '@hcm/contracts/resource';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { files } from '../../db/tables/files.ts';
import type { ListSpec } from '../types.ts';
import { referenceList, type ReferenceListTable } from './reference-lists.ts';

/**
 * The child table of a files field: one row per (record, file), with the place each file was
 * attached in. Its target is always the storage service's `files` table.
 */
export type FileListTable = Omit<ReferenceListTable, 'target'>;

/** A table of migration 0037's shape (record_id, file_id, ordinal) as a files field's child table. */
export const fileListOf = (
  table: PgTable & { recordId: PgColumn; fileId: PgColumn; ordinal: PgColumn },
): FileListTable => ({ table, parent: table.recordId, value: table.fileId, order: table.ordinal });

/**
 * A ListSpec over the child table of a files field. It stores, orders and answers the ids as a
 * references list does, but the ids are checked as files (write/file-fields.ts: a live file of
 * the caller, named .<accepted>), not as records, and the export cell names the files still kept.
 */
export function fileList(name: string, field: FilesField, child: FileListTable): ListSpec {
  const ids = referenceList(
    name,
    field,
    { ...child, target: files },
    {
      reference: { table: files, id: files.id, tenantId: files.tenantId, tree: false },
      display: files.originalName,
    },
  );
  const { reference: _checkedAsFiles, cells: _namesOfDeletedToo, ...kept } = ids;
  return {
    ...kept,
    files: { accept: field.accept, holder: { table: child.table, record: child.parent, file: child.value } },
    async cells(tx, recordIds) {
      const rows = (await tx
        .select({ id: child.parent, name: files.originalName })
        .from(child.table)
        .innerJoin(files, and(eq(files.id, child.value), eq(files.deleted, false)))
        .where(inArray(child.parent, [...recordIds]))
        .orderBy(child.parent, asc(child.order))) as { id: string; name: string }[];
      const names = new Map<string, string[]>();
      for (const row of rows) names.set(row.id, [...(names.get(row.id) ?? []), row.name]);
      return new Map([...names].map(([id, list]) => [id, list.join(', ')]));
    },
  };
}
