import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * .docx → .pdf with LibreOffice headless (Debian's libreoffice-writer-nogui). Each conversion
 * runs in a private temporary folder with its own LibreOffice profile (-env:UserInstallation),
 * so concurrent conversions never share the profile lock; it is killed (its whole process
 * group) after `timeoutMs`, its PDF is refused past `maxPdfBytes`, and the folder is removed
 * whatever happens. At most `concurrency` conversions run at once in this process (one on a
 * two-core machine): a burst of print requests waits in line instead of starving the API.
 */
export interface PdfConverterOptions {
  /** the LibreOffice program (SOFFICE_PATH, default `soffice` on the PATH) */
  readonly command?: string;
  /** a conversion still running after this is killed (default 60 s) */
  readonly timeoutMs?: number;
  /** a PDF larger than this is refused (default 20 MB) */
  readonly maxPdfBytes?: number;
  /** conversions at once (default: half the cores, at least one) */
  readonly concurrency?: number;
  /** where the private folders are made (default the system's temporary folder) */
  readonly tempRoot?: string;
}

export const DEFAULT_PDF_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_PDF_BYTES = 20 * 1_048_576;

/** Why a conversion failed, in words for the person who asked; `reason` for tests and logs. */
export class PdfConversionError extends Error {
  readonly reason: 'timeout' | 'failed' | 'too-large' | 'unavailable';
  constructor(reason: PdfConversionError['reason'], message: string) {
    super(message);
    this.name = 'PdfConversionError';
    this.reason = reason;
  }
}

export interface PdfConverter {
  convert(docx: Buffer): Promise<Buffer>;
  /** conversions running and waiting (for tests and the log) */
  readonly load: () => { running: number; waiting: number };
}

/** A counting semaphore: `run` waits for a free slot. */
function limiter(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    load: () => ({ running, waiting: waiting.length }),
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}

interface RunResult {
  code: number | null;
  timedOut: boolean;
  output: string;
}

/** Runs the program in its own process group, killing the group on timeout. */
function run(command: string, args: readonly string[], cwd: string, timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      if (output.length < 4000) output += chunk.toString('utf8');
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, timedOut: false, output: error.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      // soffice may leave a helper (oosplash's child) behind: the group goes with it
      killGroup();
      resolve({ code, timedOut, output });
    });
  });
}

export function createPdfConverter(options: PdfConverterOptions = {}): PdfConverter {
  const command = options.command ?? 'soffice';
  const timeoutMs = options.timeoutMs ?? DEFAULT_PDF_TIMEOUT_MS;
  const maxPdfBytes = options.maxPdfBytes ?? DEFAULT_MAX_PDF_BYTES;
  const slots = limiter(options.concurrency ?? Math.max(1, Math.floor(availableParallelism() / 2)));

  const convertOnce = async (docx: Buffer): Promise<Buffer> => {
    const dir = await mkdtemp(join(options.tempRoot ?? tmpdir(), 'hcm-pdf-'));
    try {
      const input = join(dir, 'document.docx');
      await writeFile(input, docx);
      const profile = pathToFileURL(join(dir, 'profile')).href;
      const result = await run(
        command,
        [
          `-env:UserInstallation=${profile}`,
          '--headless',
          '--invisible',
          '--nologo',
          '--nolockcheck',
          '--norestore',
          '--nodefault',
          // read as Word only: anything else (a damaged file) fails instead of printing as plain text
          '--infilter=MS Word 2007 XML',
          '--convert-to',
          'pdf:writer_pdf_Export',
          '--outdir',
          dir,
          input,
        ],
        dir,
        timeoutMs,
      );
      if (result.timedOut)
        throw new PdfConversionError(
          'timeout',
          `The PDF conversion took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`,
        );
      const output = join(dir, 'document.pdf');
      const size = await stat(output).then(
        (found) => found.size,
        () => null,
      );
      if (result.code !== 0 || size === null || size === 0)
        throw new PdfConversionError(
          'failed',
          'LibreOffice could not convert the document to PDF: the .docx may be damaged',
        );
      if (size > maxPdfBytes)
        throw new PdfConversionError(
          'too-large',
          `The PDF is larger than ${Math.round(maxPdfBytes / 1_048_576)} MB, the most a printed document may be`,
        );
      return await readFile(output);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  return { convert: (docx) => slots.run(() => convertOnce(docx)), load: slots.load };
}

/**
 * Whether LibreOffice runs here: `soffice --version` once, bounded. The server asks at start and
 * tells the print dialog, which offers .docx only (saying why) when it does not.
 */
export async function probeLibreOffice(command = 'soffice', timeoutMs = 20_000): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'hcm-pdf-probe-'));
  try {
    const result = await run(command, ['--version'], dir, timeoutMs);
    return result.code === 0 && /LibreOffice/i.test(result.output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
