import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxOf } from '../../testing/docx.ts';
import { createPdfConverter, PdfConversionError, probeLibreOffice } from './convert-to-pdf.ts';
import { pdfTextLines } from './pdf-text.ts';

const sofficeInstalled = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
})();
if (!sofficeInstalled)
  console.warn(
    'convert-to-pdf.test.ts: LibreOffice (soffice) is not installed, so the real conversions are skipped; install Debian’s libreoffice-writer-nogui to run them',
  );

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'hcm-pdf-test-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const failureOf = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PdfConversionError);
  return error as PdfConversionError;
};

/** A stand-in for soffice that never finishes, and a child of its own that would outlive a plain kill. */
async function hangingCommand(pidFile: string): Promise<string> {
  const path = join(root, 'hang.sh');
  await writeFile(path, `#!/bin/sh\nsleep 60 &\necho $! > ${pidFile}\nwait\n`);
  await chmod(path, 0o755);
  return path;
}

/** Running (a killed process whose parent is gone may stay a zombie until pid 1 reaps it: dead all the same). */
const alive = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat !== null && !/^\d+ \(.*\) Z/.test(stat);
};

describe('the PDF converter’s bounds (with a stand-in program)', () => {
  it('kills a conversion that runs past its time, with its child processes, and removes its folder', async () => {
    const tempRoot = await mkdtemp(join(root, 'timeout-'));
    const pidFile = join(root, 'child.pid');
    const converter = createPdfConverter({
      command: await hangingCommand(pidFile),
      timeoutMs: 500,
      tempRoot,
    });
    const error = await failureOf(converter.convert(docxOf(['x'])));
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('The PDF conversion took longer than 1 s and was stopped');
    const child = Number(await readFile(pidFile, 'utf8'));
    await expect.poll(() => alive(child)).toBe(false);
    expect(Number.isInteger(child) && child > 0).toBe(true);
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('runs one conversion at a time (the bound on two cores): the others wait their turn', async () => {
    const converter = createPdfConverter({
      command: await hangingCommand(join(root, 'ignored.pid')),
      timeoutMs: 300,
      concurrency: 1,
      tempRoot: root,
    });
    const all = [1, 2, 3].map(() => converter.convert(docxOf(['x'])).catch(() => 'failed'));
    expect(converter.load()).toEqual({ running: 1, waiting: 2 });
    expect(await Promise.all(all)).toEqual(['failed', 'failed', 'failed']);
    expect(converter.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a PDF larger than the bound, and removes its folder', async () => {
    const tempRoot = await mkdtemp(join(root, 'large-'));
    // writes a 3 MB "PDF" where soffice would (--outdir <dir>)
    const command = join(root, 'large.sh');
    await writeFile(
      command,
      '#!/bin/sh\nwhile [ "$1" != "--outdir" ]; do shift; done\nhead -c 3145728 /dev/zero > "$2/document.pdf"\n',
    );
    await chmod(command, 0o755);
    const error = await failureOf(
      createPdfConverter({ command, tempRoot, maxPdfBytes: 2 * 1_048_576 }).convert(docxOf(['x'])),
    );
    expect(error.reason).toBe('too-large');
    expect(error.message).toBe('The PDF is larger than 2 MB, the most a printed document may be');
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('says LibreOffice is absent when its program does not run', async () => {
    expect(await probeLibreOffice(join(root, 'no-such-soffice'))).toBe(false);
  });
});

describe.skipIf(!sofficeInstalled)('converting with LibreOffice', () => {
  const lines = ['Hợp đồng lao động số 0001/2026/HĐLĐ', 'Bà Nguyễn Thị Lan — phụ cấp ăn trưa: 730.000 đồng'];

  it('answers that LibreOffice is here', async () => {
    expect(await probeLibreOffice()).toBe(true);
  });

  it('turns a Word document into a PDF that keeps its Vietnamese text, and leaves no folder behind', async () => {
    const tempRoot = await mkdtemp(join(root, 'real-'));
    const pdf = await createPdfConverter({ tempRoot }).convert(docxOf(lines));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfTextLines(pdf)).toEqual(lines);
    // the letters come from an embedded font that has them (fonts-dejavu-core)
    expect(pdf.toString('latin1')).toMatch(/\/FontName\/[A-Z]{6}\+DejaVu/);
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('refuses a damaged .docx with a clear message, and removes its folder', async () => {
    const tempRoot = await mkdtemp(join(root, 'damaged-'));
    const converter = createPdfConverter({ tempRoot });
    const damaged = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000, 7)]);
    const error = await failureOf(converter.convert(damaged));
    expect(error.reason).toBe('failed');
    expect(error.message).toBe('LibreOffice could not convert the document to PDF: the .docx may be damaged');
    expect(await readdir(tempRoot)).toEqual([]);
  });
});
