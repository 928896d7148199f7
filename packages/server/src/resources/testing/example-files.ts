import { randomUUID } from 'node:crypto';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import type { Db } from '../../db/database.ts';
import { files } from '../../db/tables/files.ts';
import { inScope } from '../../db/tenant-scope.ts';

/**
 * A file record (no bytes: the resource framework reads only the record) of `tenantId` (null:
 * the system's) for each file field of the contract, named `<name>.<first accepted extension>`:
 * the values of those fields in a test's valid body.
 */
export async function storeExampleFiles(
  db: Db,
  tenantId: string | null,
  contract: AnyResourceContract,
  name = 'example',
  createdBy: string | null = null,
): Promise<Record<string, string | string[]>> {
  const chosen: Record<string, string | string[]> = {};
  for (const [field, spec] of Object.entries(contract.fields)) {
    if (spec.kind === 'file')
      chosen[field] = await storeExampleFile(
        db,
        tenantId,
        spec.ownerType,
        `${name}.${spec.accept[0]}`,
        createdBy,
      );
    // two files, of the first and last type taken, so their order is kept and proved
    if (spec.kind === 'files')
      chosen[field] = [
        await storeExampleFile(db, tenantId, spec.ownerType, `${name}-1.${spec.accept[0]}`, createdBy),
        await storeExampleFile(db, tenantId, spec.ownerType, `${name}-2.${spec.accept.at(-1)}`, createdBy),
      ];
  }
  return chosen;
}

/**
 * One file record of `tenantId` named `originalName`, under `ownerType`, uploaded by `createdBy`;
 * its id. Who may attach it to a record follows who may see it (resources/files/readable-files.ts):
 * a file no record holds yet is its uploader's, so a test attaching it names the caller.
 */
export async function storeExampleFile(
  db: Db,
  tenantId: string | null,
  ownerType: string,
  originalName: string,
  createdBy: string | null = null,
): Promise<string> {
  const id = randomUUID();
  await inScope(db, { tenantId, userId: null }, (tx) =>
    tx.insert(files).values({
      id,
      tenantId,
      originalName,
      fileName: `${id}.bin`,
      storageKey: `${tenantId ?? 'system'}/${id}`,
      hashed: '0'.repeat(64),
      ownerType,
      createdBy,
      size: 1234,
      type: 'application/octet-stream',
    }),
  );
  return id;
}
