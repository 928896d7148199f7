import { posix } from 'node:path';
import { streamXml } from './stream-xml.ts';
import { notXlsx, type InflateBudget, type ZipEntry } from './zip-entries.ts';

/** The parts of a workbook an import reads: its first worksheet and the shared strings, if any. */
export interface WorkbookParts {
  sheet: ZipEntry;
  sharedStrings: ZipEntry | undefined;
}

interface Relationship {
  id: string;
  type: string;
  target: string;
}

async function relationships(
  zip: Buffer,
  entries: Map<string, ZipEntry>,
  path: string,
  budget: InflateBudget,
): Promise<Relationship[]> {
  const entry = entries.get(path);
  if (!entry) return [];
  const found: Relationship[] = [];
  await streamXml(zip, entry, budget, {
    open(name, attributes) {
      if (name === 'Relationship')
        found.push({ id: attributes.Id ?? '', type: attributes.Type ?? '', target: attributes.Target ?? '' });
    },
  });
  return found;
}

/** A relationship's target as a path inside the zip: relative to the part's folder, or absolute. */
const resolve = (folder: string, target: string) =>
  target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(folder, target));

/**
 * Follows the package's relationships as Excel does: the office document (xl/workbook.xml),
 * its first <sheet> (the order of the tabs), and that sheet's part. A zip without them, such
 * as a .docx or any other archive renamed .xlsx, is not a workbook.
 */
export async function locateFirstSheet(
  zip: Buffer,
  entries: Map<string, ZipEntry>,
  budget: InflateBudget,
): Promise<WorkbookParts> {
  const root = await relationships(zip, entries, '_rels/.rels', budget);
  const office = root.find((r) => r.type.endsWith('/officeDocument'));
  const workbookPath = office ? resolve('', office.target) : 'xl/workbook.xml';
  const workbook = entries.get(workbookPath);
  if (!workbook) throw notXlsx();
  let firstSheetId: string | undefined;
  await streamXml(zip, workbook, budget, {
    open(name, attributes) {
      if (name !== 'sheet' || firstSheetId !== undefined) return;
      const key = Object.keys(attributes).find((k) => k === 'id' || k.endsWith(':id'));
      firstSheetId = key ? attributes[key] : undefined;
    },
    done: () => firstSheetId !== undefined,
  });
  const folder = posix.dirname(workbookPath);
  const parts = await relationships(
    zip,
    entries,
    posix.join(folder, '_rels', `${posix.basename(workbookPath)}.rels`),
    budget,
  );
  const sheetTarget = parts.find((r) => r.id === firstSheetId)?.target;
  const sheet = sheetTarget ? entries.get(resolve(folder, sheetTarget)) : undefined;
  if (!sheet) throw notXlsx();
  const stringsTarget = parts.find((r) => r.type.endsWith('/sharedStrings'))?.target;
  return { sheet, sharedStrings: stringsTarget ? entries.get(resolve(folder, stringsTarget)) : undefined };
}
