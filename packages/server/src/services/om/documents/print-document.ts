import { FieldErrorKeys } from '@hcm/contracts';
import { DocumentTemplateTypes, type DocumentTemplateType } from '@hcm/contracts/settings';
import { documentPlaceholders, WORKER_FIELDS_NOT_PRINTED, type DocumentKind } from '@hcm/contracts/documents';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Tx } from '../../../db/database.ts';
import { tenants } from '../../../db/schema.ts';
import { documentTemplates } from '../../system/tables/document-templates.ts';
import { files } from '../../../db/tables/files.ts';
import { validationFailed } from '../../../http/errors.ts';
import type { ResourceScope } from '../../../resources/caller.ts';
import {
  mergeValuesOf,
  ReferenceNames,
  wantNames,
  type MergeValues,
} from '../../../resources/documents/merge-values.ts';
import { allowedPlaceholders, renderDocx } from '../../../resources/documents/render-docx.ts';
import { dateParts, todayInVietnam } from '../../../resources/documents/vietnamese-format.ts';
import type { ResourceDefinition } from '../../../resources/index.ts';
import { findRecord } from '../../../resources/write/find-record.ts';
import { attachDerived, attachLists } from '../../../resources/write/lists.ts';
import { OwnerTypeLimits } from '../../storage/limits.ts';
import type { FileStore } from '../../storage/stores/store.ts';

type Row = Record<string, unknown>;

/** A resource that prints: its definition, its kind (@hcm/contracts/documents), the employee's. */
export interface Printable {
  readonly definition: ResourceDefinition;
  readonly kind: DocumentKind;
  readonly worker: ResourceDefinition;
}

const templateProblem = (message: string) =>
  validationFailed([{ field: 'templateId', code: FieldErrorKeys.invalidValue, message }], message);

/** The record the caller reaches (404 otherwise), with its child lists, and the type it prints with. */
async function readRecord(tx: Tx, printable: Printable, reach: ResourceScope, id: string) {
  const row = await findRecord(tx, printable.definition, reach, id);
  await attachLists(tx, printable.definition, [row]);
  // its areas print by name (write/area-fields.ts)
  await attachDerived(tx, printable.definition, [row]);
  return { row, type: printable.kind.templateTypeOf(row) };
}

/** The tenant's active Word templates of the type this record prints with, by name. */
export async function findDocumentTemplates(tx: Tx, printable: Printable, reach: ResourceScope, id: string) {
  const { type } = await readRecord(tx, printable, reach, id);
  return tx
    .select({
      id: documentTemplates.id,
      name: documentTemplates.name,
      type: documentTemplates.type,
      note: documentTemplates.note,
      lastModifiedAt: documentTemplates.lastModifiedAt,
    })
    .from(documentTemplates)
    .where(
      and(
        eq(documentTemplates.type, type),
        eq(documentTemplates.status, 'ACTIVE'),
        inArray(documentTemplates.fileExtension, ['docx']),
      ),
    )
    .orderBy(asc(documentTemplates.name), asc(documentTemplates.id))
    .then((rows) => rows.map((row) => ({ ...row, lastModifiedAt: row.lastModifiedAt.toISOString() })));
}

/** The template's bytes, refused past the size a template may be uploaded at. */
async function readBytes(stream: Readable): Promise<Buffer> {
  const limit = OwnerTypeLimits.DOCUMENT_TEMPLATE.maxBytes;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw templateProblem('The template file is larger than a template may be');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The template chosen for the record: the tenant's, active, a Word file, of the record's type. */
async function readTemplate(tx: Tx, templateId: string, type: DocumentTemplateType) {
  const [template] = await tx
    .select({
      name: documentTemplates.name,
      type: documentTemplates.type,
      status: documentTemplates.status,
      extension: documentTemplates.fileExtension,
      storageKey: files.storageKey,
    })
    .from(documentTemplates)
    .innerJoin(files, eq(files.id, documentTemplates.file))
    .where(eq(documentTemplates.id, templateId));
  if (!template) throw templateProblem('There is no such document template');
  if (template.status !== 'ACTIVE') throw templateProblem(`The template "${template.name}" is inactive`);
  if (template.type !== type)
    throw templateProblem(
      `The template "${template.name}" is for ${DocumentTemplateTypes[template.type].en.toLowerCase()} papers; this record prints with a template of type ${type}`,
    );
  if (template.extension !== 'docx')
    throw templateProblem(`The template "${template.name}" is not a Word (.docx) file`);
  return template;
}

/** The tenant and the day, as every document has them. */
async function commonValues(tx: Tx, tenantId: string | null): Promise<MergeValues> {
  const [company] = tenantId ? await tx.select().from(tenants).where(eq(tenants.id, tenantId)) : [];
  const today = dateParts(todayInVietnam());
  return {
    'company.name': company?.name ?? '',
    'company.code': company?.code ?? '',
    'company.taxCode': company?.taxCode ?? '',
    'company.address': company?.address ?? '',
    'company.phone': company?.contactPhone ?? '',
    'company.email': company?.contactEmail ?? '',
    today: today.text,
    'today.day': today.day,
    'today.month': today.month,
    'today.year': today.year,
  };
}

/**
 * The record filled into the chosen template, as a .docx: the record's fields, its employee's
 * under `worker.`, the tenant under `company.` and the day (@hcm/contracts/documents). Answers
 * the file name too: "<template> - <record's number>.docx".
 */
export async function printDocument(
  tx: Tx,
  printable: Printable,
  reach: ResourceScope,
  id: string,
  templateId: string,
  store: FileStore,
  lookups: readonly ResourceDefinition[],
): Promise<{ bytes: Buffer; fileName: string }> {
  const { row, type } = await readRecord(tx, printable, reach, id);
  const template = await readTemplate(tx, templateId, type);
  const workerId = row[printable.kind.workerField];
  const [worker] = (
    typeof workerId === 'string'
      ? await tx.select().from(printable.worker.table).where(eq(printable.worker.columns.id, workerId))
      : []
  ) as Row[];
  // the worker's areas print by name (write/area-fields.ts)
  if (worker) await attachDerived(tx, printable.worker, [worker]);

  const { fields } = printable.kind.contract;
  const workerFields = printable.worker.contract?.fields ?? {};
  const names = new ReferenceNames(lookups);
  const omit = printable.kind.omit ?? [];
  wantNames(names, fields, row, omit);
  if (worker) wantNames(names, workerFields, worker, WORKER_FIELDS_NOT_PRINTED);
  await names.load(tx);
  const values: MergeValues = {
    ...mergeValuesOf(fields, row, names, { omit }),
    ...mergeValuesOf(workerFields, worker ?? {}, names, {
      prefix: 'worker.',
      omit: WORKER_FIELDS_NOT_PRINTED,
      loops: false,
    }),
    ...(await commonValues(tx, reach.tenantId)),
  };

  const stream = await store.get(template.storageKey);
  if (!stream) throw templateProblem(`The file of the template "${template.name}" is missing from storage`);
  const bytes = renderDocx(
    await readBytes(stream),
    allowedPlaceholders(documentPlaceholders(printable.kind)),
    values,
  );
  const number = row.number ?? row.decisionNumber ?? row.code ?? id;
  const fileName = `${template.name} - ${String(number)}`.replace(/[\\/:*?"<>|]/g, '-');
  return { bytes, fileName: `${fileName}.docx` };
}
