import type { AnyResourceContract } from '@hcm/contracts/resource';
import { api, http } from '@hcm/session';
import { fileNameOf, type DownloadedFile } from './resource-api.ts';

/** Where the server keeps printed documents converted to PDF (packages/server README "Printed documents as PDF"). */
export const RENDITIONS_PATH = '/api/om/document-renditions';

export type RenditionState = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

export interface Rendition {
  id: string;
  state: RenditionState;
  fileName: string;
  error: string | null;
}

/**
 * A PDF, or none because the server could not convert the document (its reason is for the
 * logs) or the dialog gave up waiting: the dialog says so in its own words.
 */
export type PdfOutcome = { ok: true; file: DownloadedFile } | { ok: false };

interface BlobAnswer {
  data: Blob;
  status: number;
  headers: unknown;
}

const headerOf = (response: BlobAnswer, name: string): unknown => {
  const headers = response.headers as { get?: (name: string) => unknown } & Record<string, unknown>;
  return typeof headers.get === 'function' ? headers.get(name) : headers[name];
};

const fileOf = (response: BlobAnswer, fallback: string): DownloadedFile => ({
  blob: response.data,
  fileName: fileNameOf(headerOf(response, 'content-disposition'), fallback),
});

// refusals are thrown as ApiErrors (the shared client reads a blob's error envelope) and said by the dialog, not a toast
const blobRequest = { responseType: 'blob' as const, ignoreError: true };

/** How long the dialog waits for a conversion before it gives up (the server's own bound is 60 s, plus the queue). */
export const PDF_WAIT_MS = 180_000;
const POLL_MS = 1000;

export const documentPrintApi = {
  /** whether the server has LibreOffice (probed at its start) */
  async pdfAvailable(): Promise<boolean> {
    try {
      return (await api.get<{ pdf: boolean }>(`${RENDITIONS_PATH}/capabilities`, { ignoreError: true })).pdf;
    } catch {
      return false;
    }
  },

  /**
   * The record filled into the template, converted to PDF by the server's job queue: asks for it,
   * waits for the job (polling its state, at most PDF_WAIT_MS or until `signal` aborts), then
   * downloads it. A refused call (a template that does not fit, a 403, a 5xx) is thrown as its
   * ApiError; a document the server could not convert is `{ ok: false }`.
   */
  async printPdf(
    contract: AnyResourceContract,
    recordId: string,
    templateId: string,
    signal?: AbortSignal,
  ): Promise<PdfOutcome> {
    let rendition = await api.post<Rendition>(
      `${contract.apiPath}/${encodeURIComponent(recordId)}/document-pdf`,
      { templateId },
      { ignoreError: true, loading: true },
    );
    const deadline = Date.now() + PDF_WAIT_MS;
    while (rendition.state === 'QUEUED' || rendition.state === 'RUNNING') {
      if (signal?.aborted || Date.now() > deadline) return { ok: false };
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      rendition = await api.get<Rendition>(`${RENDITIONS_PATH}/${rendition.id}`, { ignoreError: true });
    }
    if (rendition.state === 'FAILED') return { ok: false };
    const response = await http.get<Blob>(`${RENDITIONS_PATH}/${rendition.id}/file`, blobRequest);
    return { ok: true, file: fileOf(response, rendition.fileName) };
  },

  /** The chosen records filled into one template: a .zip of .docx files named by record; a refusal is thrown as its ApiError. */
  async printSelection(
    contract: AnyResourceContract,
    ids: readonly string[],
    templateId: string,
  ): Promise<DownloadedFile> {
    const response = await http.post<Blob>(
      `${contract.apiPath}/documents`,
      { templateId, ids },
      { ...blobRequest, loading: true },
    );
    return fileOf(response, `${contract.path}.zip`);
  },
};
