import { SaxesParser } from 'saxes';
import { AppError } from '../../http/errors.ts';
import { entryText, notXlsx, type InflateBudget, type ZipEntry } from './zip-entries.ts';

/** What a reader of one XML entry does with its events; element names come without prefix. */
export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
  /** true once the reader has what it needs: the rest of the entry is not inflated */
  done?(): boolean;
  /** awaited after each chunk: a reader may look elsewhere in the zip before going on */
  afterChunk?(): Promise<void>;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Streams one zip entry through a SAX parser (saxes: no tree, no entity expansion), a chunk at
 * a time, so memory stays the size of a chunk plus what the handlers keep. A DOCTYPE is
 * refused: a workbook never has one, and entities are how XML bombs are built.
 */
export async function streamXml(
  zip: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  handlers: XmlHandlers,
): Promise<void> {
  const parser = new SaxesParser({ position: false });
  parser.on('doctype', () => {
    throw notXlsx();
  });
  if (handlers.open) {
    const open = handlers.open;
    // Without xmlns processing (the default) attribute values are plain strings.
    parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes as Record<string, string>));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  try {
    for await (const text of entryText(zip, entry, budget)) {
      parser.write(text);
      if (handlers.done?.()) return;
      await handlers.afterChunk?.();
      if (handlers.done?.()) return;
    }
    parser.close();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notXlsx(); // not well-formed XML
  }
}
