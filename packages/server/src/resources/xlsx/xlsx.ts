import type { FastifyReply } from 'fastify';
import { CommonLabels, isAuditColumn } from '@hcm/contracts/resource';
import { isTextKind, type Label, type Language, type ResourceDefinition } from '../types.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The OpenAPI description of an xlsx answer (the schema is never used to serialise a file). */
export const xlsxResponse = (description: string) => ({
  description,
  content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } },
});

/** yyyyMMddHHmmss in UTC: file names sort by time and carry no characters browsers mangle. */
export const fileTimestamp = (date = new Date()) => date.toISOString().replace(/\D/g, '').slice(0, 14);

/** Sends `body` (a Buffer or a stream) as an xlsx download named `fileName` (plain ASCII). */
export function sendXlsx(reply: FastifyReply, fileName: string, body: unknown, status = 200) {
  return reply
    .status(status)
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** The label of a field or audit column in the language. */
export function labelOf(definition: ResourceDefinition, name: string, language: Language): string {
  const label: Label | undefined =
    definition.fields[name]?.label ??
    definition.lists[name]?.label ??
    (isAuditColumn(name) ? CommonLabels[name] : undefined);
  return label ? label[language] : name;
}

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
export const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/** A sensible column width from the header and the field's longest value. */
export function columnWidth(definition: ResourceDefinition, name: string, header: string): number {
  const spec = definition.fields[name];
  const longest =
    spec && isTextKind(spec.kind)
      ? Math.min(((spec.schema as { maxLength?: number }).maxLength ?? 40) / 4, 60)
      : 14;
  return Math.max(header.length + 2, Math.ceil(longest), name.endsWith('At') ? 20 : 10);
}
