import PizZip from 'pizzip';

/*
 * A small WordprocessingML writer for the starter document templates (README "Seed data",
 * "Starter document templates"): paragraphs of runs, and borderless two-column tables for the
 * heading (the company on the left, the national motto on the right) and the signatures. What
 * it writes opens in Word and LibreOffice, and docxtemplater fills it: each placeholder is
 * written inside one run. The output is the same bytes for the same input (fixed dates in the
 * zip), so the checked-in files can be compared with a fresh build.
 */

/** A piece of text in one style. */
export interface Run {
  readonly text: string;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly underline?: boolean;
  /** in points; the body's 13 pt otherwise (Decree 30/2020/ND-CP: 13 to 14 pt) */
  readonly size?: number;
}

export interface Paragraph {
  readonly kind: 'paragraph';
  readonly runs: readonly Run[];
  readonly align?: 'left' | 'center' | 'right' | 'both';
  /** first-line indent in centimetres */
  readonly indent?: number;
  /** space after, in points (6 by default) */
  readonly after?: number;
  /** space before, in points */
  readonly before?: number;
}

/** Two cells side by side, no borders: the heading, the signatures. */
export interface Columns {
  readonly kind: 'columns';
  /** the left column's share of the width, in percent */
  readonly leftShare: number;
  readonly left: readonly Paragraph[];
  readonly right: readonly Paragraph[];
}

export type Block = Paragraph | Columns;

/** The text width of an A4 page with the margins below (21 cm − 3 cm − 2 cm), in twentieths of a point. */
const TEXT_WIDTH = 9071;
const CM = 567;
/** A fixed time for the zip's entries: the same input gives the same bytes. */
const ZIP_DATE = new Date(Date.UTC(2026, 0, 1));

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function runXml(run: Run): string {
  const properties = [
    run.bold ? '<w:b/><w:bCs/>' : '',
    run.italic ? '<w:i/><w:iCs/>' : '',
    run.underline ? '<w:u w:val="single"/>' : '',
    run.size ? `<w:sz w:val="${run.size * 2}"/><w:szCs w:val="${run.size * 2}"/>` : '',
  ].join('');
  const text = `<w:t xml:space="preserve">${escape(run.text)}</w:t>`;
  return `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}${text}</w:r>`;
}

function paragraphXml(paragraph: Paragraph): string {
  const spacing = `<w:spacing w:before="${(paragraph.before ?? 0) * 20}" w:after="${(paragraph.after ?? 6) * 20}"/>`;
  const indent = paragraph.indent ? `<w:ind w:firstLine="${Math.round(paragraph.indent * CM)}"/>` : '';
  const align = `<w:jc w:val="${paragraph.align ?? 'both'}"/>`;
  return `<w:p><w:pPr>${spacing}${indent}${align}</w:pPr>${paragraph.runs.map(runXml).join('')}</w:p>`;
}

function cellXml(width: number, paragraphs: readonly Paragraph[]): string {
  const body = paragraphs.length > 0 ? paragraphs.map(paragraphXml).join('') : '<w:p/>';
  return `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${body}</w:tc>`;
}

function columnsXml(columns: Columns): string {
  const left = Math.round((TEXT_WIDTH * columns.leftShare) / 100);
  const right = TEXT_WIDTH - left;
  const none = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
    .map((side) => `<w:${side} w:val="nil"/>`)
    .join('');
  return (
    `<w:tbl><w:tblPr><w:tblW w:w="${TEXT_WIDTH}" w:type="dxa"/><w:tblBorders>${none}</w:tblBorders>` +
    `<w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid><w:gridCol w:w="${left}"/><w:gridCol w:w="${right}"/></w:tblGrid>` +
    `<w:tr>${cellXml(left, columns.left)}${cellXml(right, columns.right)}</w:tr></w:tbl>`
  );
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

const CONTENT_TYPES =
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>';

const PACKAGE_RELATIONSHIPS =
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  '</Relationships>';

const DOCUMENT_RELATIONSHIPS =
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '</Relationships>';

/** Times New Roman 13 pt, single spacing: the administrative documents' font (Decree 30/2020/ND-CP). */
const STYLES =
  `${XML}<w:styles xmlns:w="${W}"><w:docDefaults><w:rPrDefault><w:rPr>` +
  '<w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="Times New Roman" w:cs="Times New Roman"/>' +
  '<w:sz w:val="26"/><w:szCs w:val="26"/><w:lang w:val="vi-VN"/></w:rPr></w:rPrDefault>' +
  '<w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>' +
  '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/>' +
  '<w:tblPr><w:tblCellMar><w:left w:w="60" w:type="dxa"/><w:right w:w="60" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>' +
  '</w:styles>';

const coreProperties = (title: string) =>
  `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
  'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
  `<dc:title>${escape(title)}</dc:title><dc:language>vi-VN</dc:language></cp:coreProperties>`;

/** A4, margins 2 cm top and bottom, 3 cm left, 2 cm right (Decree 30/2020/ND-CP, appendix I). */
const A4 =
  '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>' +
  `<w:pgMar w:top="${2 * CM}" w:right="${2 * CM}" w:bottom="${2 * CM}" w:left="${3 * CM}" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>`;

/** The document.xml of these blocks. */
export function documentXml(blocks: readonly Block[]): string {
  const body = blocks.map((block) => (block.kind === 'columns' ? columnsXml(block) : paragraphXml(block)));
  return `${XML}<w:document xmlns:w="${W}"><w:body>${body.join('')}${A4}</w:body></w:document>`;
}

/** A .docx of these blocks, titled `title` in its properties: the same bytes for the same input. */
export function buildDocx(title: string, blocks: readonly Block[]): Buffer {
  const zip = new PizZip();
  const add = (name: string, content: string) => zip.file(name, content, { date: ZIP_DATE });
  add('[Content_Types].xml', CONTENT_TYPES);
  add('_rels/.rels', PACKAGE_RELATIONSHIPS);
  add('docProps/core.xml', coreProperties(title));
  add('word/_rels/document.xml.rels', DOCUMENT_RELATIONSHIPS);
  add('word/styles.xml', STYLES);
  add('word/document.xml', documentXml(blocks));
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
