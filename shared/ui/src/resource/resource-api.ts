import type { FieldError, PageEnvelope } from '@hcm/contracts';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { ApiError, api, errorParams, http } from '@hcm/session';

/** A record as the generic API answers it: the contract's fields plus id, version and audit. */
export interface ResourceRecord {
  id: string;
  version: number;
  createdAt?: string;
  createdBy?: string | null;
  lastModifiedAt?: string;
  lastModifiedBy?: string | null;
  [field: string]: unknown;
}

/** A document template a record may print with. */
export interface DocumentTemplateChoice {
  id: string;
  name: string;
  type: string;
  note: string | null;
  lastModifiedAt: string;
}

/** A file the API answered, named by its Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** What an import came to: rows imported, or the error workbook of the rows that failed. */
export type ImportOutcome =
  | { ok: true; imported: number; updated: number }
  | { ok: false; errorFile: DownloadedFile; failedRows: number | null }
  | { ok: false; error: ApiError };

/**
 * The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first, then the
 * plain `filename="…"`; the fallback when neither is there.
 */
export function fileNameOf(contentDisposition: unknown, fallback: string): string {
  if (typeof contentDisposition !== 'string') return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(contentDisposition);
  return plain?.[1]?.trim() || fallback;
}

/** What the shared client answers for a file (axios's response, without importing axios here). */
interface FileAnswer {
  data: Blob;
  status: number;
  headers: unknown;
}

/** A response header, whether axios gave a plain object or its AxiosHeaders. */
function header(response: FileAnswer, name: string): unknown {
  const headers = response.headers as { get?: (name: string) => unknown } & Record<string, unknown>;
  return typeof headers.get === 'function' ? headers.get(name) : headers[name];
}

const asFile = (response: FileAnswer, fallback: string): DownloadedFile => ({
  blob: response.data,
  fileName: fileNameOf(header(response, 'content-disposition'), fallback),
});

/** Offers a file to the user (the browser's download). Replaceable in tests through `downloads`. */
export const downloads = {
  save(file: DownloadedFile): void {
    const url = URL.createObjectURL(file.blob);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = file.fileName;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

/** The list's query as the API's query string: arrays become repeated parameters. */
export function searchParams(params: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return search;
}

/** How many data rows the error workbook holds, when the server says (x-failed-rows); else null. */
const failedRowsOf = (response: FileAnswer): number | null => {
  const value = Number(header(response, 'x-failed-rows'));
  return Number.isInteger(value) && value >= 0 ? value : null;
};

/**
 * The generic sub-paths of catalogues §7.1 for one contract, through @hcm/session's one axios
 * client (session headers, token refresh, notices for failures the caller does not handle).
 */
export function resourceApi(contract: AnyResourceContract) {
  const base = contract.apiPath;
  const importBase = (part?: string) => (part ? `${base}/sub-imports/${encodeURIComponent(part)}` : base);
  return {
    search: (params: Record<string, unknown>) =>
      api.getPage<ResourceRecord>(`${base}?${searchParams(params).toString()}`, { loading: true }),
    get: (id: string) => api.get<ResourceRecord>(`${base}/${encodeURIComponent(id)}`),
    /** create and update report field errors on the form: no toast for a 400 */
    create: (body: Record<string, unknown>) =>
      api.post<ResourceRecord>(base, body, { ignoreError: true, loading: true }),
    update: (id: string, body: Record<string, unknown>) =>
      api.post<ResourceRecord>(`${base}/${encodeURIComponent(id)}/update`, body, {
        ignoreError: true,
        loading: true,
      }),
    /** one record; the batch reports each failure itself */
    remove: (id: string, options: { quiet?: boolean } = {}) =>
      api.post<unknown>(`${base}/${encodeURIComponent(id)}/delete`, undefined, {
        ignoreError: options.quiet ?? false,
      }),
    setStatus: (id: string, active: boolean, options: { quiet?: boolean } = {}) =>
      api.post<ResourceRecord>(
        `${base}/${encodeURIComponent(id)}/${active ? 'active' : 'inactive'}`,
        undefined,
        { ignoreError: options.quiet ?? false },
      ),
    /**
     * Every record the list's keyword, filters and sort match (its paging is not sent: the
     * server exports every matching row); `ids` (at most MAX_EXPORT_IDS) exports only those
     * records, a selection: they travel as a repeated parameter, `ids=…&ids=…`.
     */
    exportFile: async (params: Record<string, unknown>): Promise<DownloadedFile> => {
      const { pageIndex: _pageIndex, pageSize: _pageSize, ...query } = params;
      const response = await http.get<Blob>(`${base}/export?${searchParams(query).toString()}`, {
        responseType: 'blob',
        loading: true,
      });
      return asFile(response, `${contract.path}.xlsx`);
    },
    /** the import template; `part`: one of the contract's subImports (a record's parts) */
    downloadTemplate: async (part?: string): Promise<DownloadedFile> => {
      const response = await http.get<Blob>(`${importBase(part)}/download-template`, {
        responseType: 'blob',
      });
      return asFile(response, `${contract.path}${part ? `_${part}` : ''}_template.xlsx`);
    },
    /**
     * Uploads the workbook. A 400 answered with a workbook is the import_err file (nothing was
     * imported); a 400 in the JSON envelope (no rows, not xlsx) and any other failure is an ApiError.
     */
    importFile: async (
      file: File,
      onProgress?: (percent: number) => void,
      part?: string,
    ): Promise<ImportOutcome> => {
      const body = new FormData();
      body.append('file', file, file.name);
      const response = await http.post<Blob>(`${importBase(part)}/import`, body, {
        responseType: 'blob',
        ignoreError: true,
        validateStatus: (status) => status === 200 || status === 400,
        onUploadProgress: (event) => {
          if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
        },
      });
      onProgress?.(100);
      const type = String(header(response, 'content-type') ?? '');
      if (response.status === 200) {
        const parsed = JSON.parse(await response.data.text()) as {
          data?: { imported?: number; updated?: number };
        };
        return { ok: true, imported: parsed.data?.imported ?? 0, updated: parsed.data?.updated ?? 0 };
      }
      if (!type.includes('json'))
        return {
          ok: false,
          errorFile: asFile(response, `import_err_${contract.path}.xlsx`),
          failedRows: failedRowsOf(response),
        };
      const envelope = JSON.parse(await response.data.text()) as {
        code?: string;
        message?: string;
        errors?: FieldError[];
        params?: unknown;
      };
      return {
        ok: false,
        error: new ApiError(
          400,
          envelope.code ?? 'VALIDATION_FAILED',
          envelope.message ?? '',
          envelope.errors,
          false,
          errorParams(envelope.params),
        ),
      };
    },
    findByIds: (ids: readonly string[]) =>
      api.post<ResourceRecord[]>(`${base}/find-by-ids`, { ids }, { ignoreError: true }),
    /** the ACTIVE Word templates a record prints with (README "Documents from templates") */
    documentTemplates: (id: string) =>
      api.get<DocumentTemplateChoice[]>(`${base}/${encodeURIComponent(id)}/document-templates`),
    /**
     * The record filled into the template, as a .docx. A refusal (400 on `templateId`: a template
     * whose placeholders do not fit, a broken tag; a 403, a 5xx) is thrown as an ApiError without
     * a toast: the dialog says it in the user's words (printFailureText), never the server's.
     */
    printDocument: async (id: string, templateId: string): Promise<DownloadedFile> => {
      const query = new URLSearchParams({ templateId }).toString();
      const response = await http.get<Blob>(`${base}/${encodeURIComponent(id)}/document?${query}`, {
        responseType: 'blob',
        ignoreError: true,
        loading: true,
      });
      return asFile(response, `${contract.path}.docx`);
    },
  };
}

export type ResourceApi = ReturnType<typeof resourceApi>;

/** The target of a reference field: its auto-complete and find-by-ids. */
export function referenceApi(apiPath: string) {
  return {
    autoComplete: (keyword: string, signal?: AbortSignal) =>
      api.getPage<ResourceRecord>(
        `${apiPath}/auto-complete?${searchParams({ keyword, pageIndex: 1, pageSize: 20 }).toString()}`,
        { signal, ignoreError: true },
      ),
    findByIds: (ids: readonly string[]) =>
      api.post<ResourceRecord[]>(`${apiPath}/find-by-ids`, { ids }, { ignoreError: true }),
  };
}

export type { PageEnvelope };
