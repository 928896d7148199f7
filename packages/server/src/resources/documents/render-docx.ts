import type { MergeField } from '@hcm/contracts/documents';
import { FieldErrorKeys } from '@hcm/contracts';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { validationFailed } from '../../http/errors.ts';
import type { MergeValues } from './merge-values.ts';

/**
 * A template's unpacked size at most: a real contract template is a few hundred kilobytes; a
 * zip that unpacks past this (a "zip bomb" of a few kilobytes) is refused before it is read.
 */
export const MAX_TEMPLATE_UNPACKED_BYTES = 30 * 1_048_576;
/** Parts of a template at most (a Word document has a few dozen). */
export const MAX_TEMPLATE_PARTS = 2000;

/** `params`: what the browser names in the user's words (the unknown placeholders, as typed). */
const refused = (message: string, params?: Record<string, string>) =>
  validationFailed(
    [{ field: 'templateId', code: FieldErrorKeys.invalidValue, message, ...(params ? { params } : {}) }],
    message,
  );

/** The placeholders a template may use: every key, loop names, and the fields of loops. */
export function allowedPlaceholders(fields: readonly MergeField[]): Set<string> {
  const allowed = new Set<string>(['.']);
  for (const field of fields) {
    allowed.add(field.key);
    for (const item of field.items ?? []) allowed.add(item.key);
  }
  return allowed;
}

/** The zip's own account of its parts' sizes (PizZip keeps what the central directory says). */
function unpackedSize(zip: PizZip): number {
  return Object.values(zip.files).reduce((sum, file) => {
    const data = (file as unknown as { _data?: { uncompressedSize?: number } })._data;
    return sum + (data?.uncompressedSize ?? 0);
  }, 0);
}

function openZip(bytes: Buffer): PizZip {
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    throw refused('The template is not a Word (.docx) file that can be read');
  }
  if (Object.keys(zip.files).length > MAX_TEMPLATE_PARTS || unpackedSize(zip) > MAX_TEMPLATE_UNPACKED_BYTES)
    throw refused('The template unpacks to more than 30 MB: it cannot be filled');
  if (!zip.file('word/document.xml')) throw refused('The template is not a Word (.docx) document');
  return zip;
}

interface TemplateErrorLike {
  properties?: { errors?: { properties?: { explanation?: string } }[]; explanation?: string };
}

/** docxtemplater's own words for what is wrong with a template ("The tag beginning with …"). */
function explanationsOf(error: unknown): string[] {
  const properties = (error as TemplateErrorLike).properties;
  const nested = (properties?.errors ?? []).map((item) => item.properties?.explanation).filter(Boolean);
  if (nested.length > 0) return nested as string[];
  return properties?.explanation ? [properties.explanation] : [];
}

/**
 * Fills a .docx template with `values`. Refused with 400 on the `templateId` field, naming
 * what is wrong, when the template is not a readable Word file, unpacks too large, has a
 * broken tag, or uses a placeholder the document does not have: a template is fixed by its
 * author, so the message says which placeholders to fix.
 */
export function renderDocx(bytes: Buffer, allowed: ReadonlySet<string>, values: MergeValues): Buffer {
  const zip = openZip(bytes);
  const used = new Set<string>();
  let document: Docxtemplater;
  try {
    document = new Docxtemplater(zip, {
      paragraphLoop: true,
      linebreaks: true,
      // every tag passes here when the template is compiled: the keys are flat ("worker.fullName")
      parser: (tag: string) => {
        const key = tag.trim();
        used.add(key);
        return { get: (scope: unknown) => (key === '.' ? scope : (scope as Record<string, unknown>)?.[key]) };
      },
      nullGetter: () => '',
      // the errors are answered to the caller; docxtemplater would also print them to stdout
      errorLogging: false,
    });
  } catch (error) {
    const explanations = explanationsOf(error);
    if (explanations.length === 0) throw error;
    throw refused(`The template cannot be filled: ${explanations.slice(0, 5).join('; ')}`);
  }
  const unknown = [...used].filter((key) => !allowed.has(key)).sort();
  if (unknown.length > 0) {
    const placeholders = unknown
      .slice(0, 20)
      .map((key) => `{${key}}`)
      .join(', ');
    throw refused(
      `The template uses ${unknown.length === 1 ? 'a placeholder' : 'placeholders'} this document does not have: ${placeholders}`,
      { placeholders },
    );
  }
  try {
    document.render(values);
  } catch (error) {
    const explanations = explanationsOf(error);
    if (explanations.length === 0) throw error;
    throw refused(`The template cannot be filled: ${explanations.slice(0, 5).join('; ')}`);
  }
  return document.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
