import {
  DocumentTemplateSubTypes,
  DocumentTemplateTypes,
  documentTemplateContract,
  userManualContract,
  type DocumentTemplateSubType,
  type DocumentTemplateType,
} from '@hcm/contracts/settings';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import Type from 'typebox';
import type { Tx } from '../../../db/database.ts';
import { documentTemplateSubTypes, documentTemplates, userManuals } from '../tables/document-templates.ts';
import { files } from '../../../db/tables/files.ts';
import { bindResource } from '../../../resources/index.ts';
import { listOf } from '../../../resources/search/repeated-param.ts';

type Row = Record<string, unknown>;

const repeated = (values: readonly string[], description: string) =>
  Type.Union(
    [
      Type.Unsafe<string>({ type: 'string', enum: [...values] }),
      Type.Array(Type.Unsafe<string>({ type: 'string', enum: [...values] }), {
        minItems: 1,
        maxItems: values.length,
      }),
    ],
    { description },
  );

/** The extension of the stored file `id` (the file field's check has already found it). */
async function extensionOfFile(tx: Tx, id: string): Promise<string | null> {
  const [file] = await tx.select({ name: files.originalName }).from(files).where(eq(files.id, id));
  const dot = file?.name.lastIndexOf('.') ?? -1;
  return file && dot > 0 ? file.name.slice(dot + 1).toLowerCase() : null;
}

/** fileExtension follows the file: taken from its name whenever the file is given. */
async function deriveExtension(tx: Tx, values: Row): Promise<void> {
  if (typeof values.file === 'string') values.fileExtension = await extensionOfFile(tx, values.file);
}

/**
 * Document templates (core.md "Document template"): the file is a .docx or .xlsx of the tenant
 * (the engine's file field check); fileExtension is derived from it. The auto-complete takes
 * `types` and `subTypes` (catalogues §7.4): a template of one of the types, having one of the
 * sub-types.
 */
export const documentTemplateResource = bindResource(documentTemplateContract, {
  table: documentTemplates,
  enumSets: {
    subTypes: {
      table: documentTemplateSubTypes,
      parent: documentTemplateSubTypes.documentTemplateId,
      value: documentTemplateSubTypes.subType,
    },
  },
  hooks: {
    beforeCreate: ({ tx }, values) => deriveExtension(tx, values),
    beforeUpdate: ({ tx }, _before, changes) => deriveExtension(tx, changes),
  },
  autoCompleteFilters: {
    params: {
      types: repeated(Object.keys(DocumentTemplateTypes), 'templates of any of these types'),
      subTypes: repeated(Object.keys(DocumentTemplateSubTypes), 'templates having any of these sub-types'),
    },
    where(query) {
      const types = listOf(query.types) as DocumentTemplateType[];
      const subTypes = listOf(query.subTypes) as DocumentTemplateSubType[];
      const conditions: SQL[] = [];
      if (types.length > 0) conditions.push(inArray(documentTemplates.type, types));
      if (subTypes.length > 0)
        conditions.push(
          sql`exists (select 1 from ${documentTemplateSubTypes} where ${documentTemplateSubTypes.tenantId} = ${documentTemplates.tenantId} and ${documentTemplateSubTypes.documentTemplateId} = ${documentTemplates.id} and ${inArray(documentTemplateSubTypes.subType, subTypes)})`,
        );
      return conditions.length > 0 ? and(...conditions) : undefined;
    },
  },
});

/** User manuals: one list for every tenant, kept by the system administrators (level both). */
export const userManualResource = bindResource(userManualContract, { table: userManuals });

export const documentTemplateResources = [documentTemplateResource, userManualResource];
