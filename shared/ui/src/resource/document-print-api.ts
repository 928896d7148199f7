import type { AnyResourceContract } from '@hcm/contracts/resource';
import { ApiError, api, http } from '@hcm/session';
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

/** A file answer, or the message of a 4xx/5xx the dialog shows itself (no toast). */
export type FileOutcome = { ok: true; file: DownloadedFile } | { ok: false; message: string };

interface BlobAnswer {
  data: Blob;
  status: number;
  headers: unknown;
}

const headerOf = (response: BlobAnswer, name: string): unknown => {
  const headers = response.headers as { get?: (name: string) => unknown } & Record<string, unknown>;
  return typeof headers.get === 'function' ? headers.get(name) : headers[name];
};

async function fileOutcome(response: BlobAnswer, fallback: string): Promise<FileOutcome> {
  if (response.status === 200)
    return {
      ok: true,
      file: {
        blob: response.data,
        fileName: fileNameOf(headerOf(response, 'content-disposition'), fallback),
      },
    };
  try {
    const envelope = JSON.parse(await response.data.text()) as { message?: string };
    return { ok: false, message: envelope.message ?? '' };
  } catch {
    return { ok: false, message: '' };
  }
}

const blobRequest = { responseType: 'blob' as const, ignoreError: true, validateStatus: () => true };

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
   * downloads it. A template that does not fit, or a document LibreOffice cannot convert, is
   * answered as the server's message.
   */
  async printPdf(
    contract: AnyResourceContract,
    recordId: string,
    templateId: string,
    signal?: AbortSignal,
  ): Promise<FileOutcome> {
    let rendition: Rendition;
    try {
      rendition = await api.post<Rendition>(
        `${contract.apiPath}/${encodeURIComponent(recordId)}/document-pdf`,
        { templateId },
        { ignoreError: true, loading: true },
      );
    } catch (error) {
      return { ok: false, message: error instanceof ApiError ? error.message : '' };
    }
    const deadline = Date.now() + PDF_WAIT_MS;
    while (rendition.state === 'QUEUED' || rendition.state === 'RUNNING') {
      if (signal?.aborted || Date.now() > deadline) return { ok: false, message: '' };
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      rendition = await api.get<Rendition>(`${RENDITIONS_PATH}/${rendition.id}`, { ignoreError: true });
    }
    if (rendition.state === 'FAILED') return { ok: false, message: rendition.error ?? '' };
    const response = await http.get<Blob>(`${RENDITIONS_PATH}/${rendition.id}/file`, blobRequest);
    return fileOutcome(response, rendition.fileName);
  },

  /** The chosen records filled into one template: a .zip of .docx files named by record. */
  async printSelection(
    contract: AnyResourceContract,
    ids: readonly string[],
    templateId: string,
  ): Promise<FileOutcome> {
    const response = await http.post<Blob>(
      `${contract.apiPath}/documents`,
      { templateId, ids },
      {
        ...blobRequest,
        loading: true,
      },
    );
    return fileOutcome(response, `${contract.path}.zip`);
  },
};
