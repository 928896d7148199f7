import type { PageEnvelope } from '@hcm/contracts';
import { api, http } from '@hcm/session';

/** The page's route (System › File manager). */
export const FILE_MANAGER_ROUTE = '/system/file-management';

/** The storage service (packages/server README "Files"). */
export const STORAGE_PATH = '/api/storage';
export const FILES_PATH = `${STORAGE_PATH}/files`;
export const LIMITS_PATH = `${STORAGE_PATH}/limits`;

/** A file record (catalogues §3) as the server answers it. */
export interface FileRecord {
  id: string;
  tenantId: string | null;
  originalName: string;
  fileName: string;
  path: string;
  hashed: string;
  ownerId: string | null;
  ownerType: string;
  version: number;
  size: number;
  type: string;
  deleted: boolean;
  public: boolean;
  createdAt: string;
  createdBy: string | null;
  createdByName: string | null;
  downloadUrl: string;
  viewUrl: string;
  thumbUrl: string | null;
}

/** What one owner type may upload. */
export interface OwnerTypeLimit {
  ownerType: string;
  maxBytes: number;
  maxSize: string;
  extensions: string[];
}

export interface FileFilters {
  keyword?: string;
  ownerType?: string;
  type?: string;
  from?: string;
  to?: string;
  sortBy?: string;
  pageIndex: number;
  pageSize: number;
}

/** The kinds the type filter offers: the start of the MIME types the server stores. */
export const TYPE_FILTERS = [
  'image/',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml',
  'application/vnd.openxmlformats-officedocument.presentationml',
  'text/',
] as const;

/** Only the parameters the API accepts, empty ones left out. */
export function fileSearch(filters: FileFilters): string {
  const search = new URLSearchParams();
  for (const key of ['keyword', 'ownerType', 'type', 'from', 'to', 'sortBy'] as const) {
    const value = filters[key]?.trim();
    if (value) search.set(key, value);
  }
  search.set('pageIndex', String(filters.pageIndex));
  search.set('pageSize', String(filters.pageSize));
  return search.toString();
}

/** Hands a blob to the browser: a download under `name`, or a new tab to look at it. */
function offer(blob: Blob, name: string | null): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  if (name === null) anchor.target = '_blank';
  else anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const filesApi = {
  search: (filters: FileFilters): Promise<PageEnvelope<FileRecord>> =>
    api.getPage<FileRecord>(`${FILES_PATH}?${fileSearch(filters)}`, { loading: true }),
  limits: (): Promise<OwnerTypeLimit[]> => api.get<OwnerTypeLimit[]>(LIMITS_PATH),
  /** every file in one request: all are stored or none */
  upload: (
    files: readonly File[],
    ownerType: string,
    ownerId: string,
    isPublic: boolean,
  ): Promise<FileRecord[]> => {
    const form = new FormData();
    // The owner type first: the server cuts a file at its owner type's limit while it arrives.
    form.append('ownerType', ownerType);
    if (ownerId.trim()) form.append('ownerId', ownerId.trim());
    form.append('public', String(isPublic));
    for (const file of files) form.append('files', file, file.name);
    return api.post<FileRecord[]>(`${FILES_PATH}/uploads`, form, { loading: true });
  },
  remove: (id: string): Promise<unknown> => http.delete(`${FILES_PATH}/${encodeURIComponent(id)}`),
  /** the bytes through the signed-in client (the URLs want the access token) */
  async open(file: FileRecord, as: 'view' | 'download'): Promise<void> {
    const url = as === 'view' ? file.viewUrl : file.downloadUrl;
    const response = await http.get<Blob>(url, { responseType: 'blob' });
    offer(response.data, as === 'view' ? null : file.originalName);
  },
};
