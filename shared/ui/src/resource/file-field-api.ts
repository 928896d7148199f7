import { useEffect, useState } from 'react';
import { api, http } from '@hcm/session';

/*
 * What a file field (contract kind `file`) needs of the storage service (packages/server README
 * "Files"): its limits per owner type, an upload, and a download through the signed-in client.
 */

export const STORAGE_FILES = '/api/storage/files';

/** What a record says about the file of a file field (`<field>Info`), and what an upload answers. */
export interface StoredFile {
  id: string;
  fileName: string;
  size: number;
  contentType: string;
  /** a raster image with a 200×200 thumbnail (GET /api/storage/files/{id}/thumbnail) */
  thumbnail?: boolean;
}

/** The key of a file field's info in a record. */
export const fileInfoKey = (name: string) => `${name}Info`;

/** What one owner type may upload (GET /api/storage/limits). */
export interface OwnerTypeLimit {
  ownerType: string;
  maxBytes: number;
  extensions: string[];
}

let limits: Promise<OwnerTypeLimit[]> | null = null;

/** The storage limits, read once per page (they change only with a release). */
export function storageLimits(): Promise<OwnerTypeLimit[]> {
  limits ??= api
    .get<OwnerTypeLimit[]>('/api/storage/limits', { ignoreError: true })
    .catch((error: unknown) => {
      limits = null;
      throw error;
    });
  return limits;
}

/**
 * What a file or files field may upload: its extensions that its owner type takes, and the owner
 * type's size limit (null until the limits arrive, or if they cannot be read: the server checks
 * again, so the form still works without them).
 */
export function useOwnerTypeLimits(field: { ownerType: string; accept: readonly string[] }) {
  const [limits, setLimits] = useState<{ maxBytes: number | null; allowed: readonly string[] }>({
    maxBytes: null,
    allowed: field.accept,
  });
  useEffect(() => {
    let live = true;
    storageLimits()
      .then((all) => {
        const limit = all.find((one) => one.ownerType === field.ownerType);
        if (!live || !limit) return;
        setLimits({
          maxBytes: limit.maxBytes,
          allowed: field.accept.filter((extension) => limit.extensions.includes(extension)),
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [field.ownerType, field.accept]);
  return limits;
}

/** "name.DOCX" → "docx" ('' without one). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Uploads one file under the owner type; its record as a file field shows it. */
export async function uploadFieldFile(
  file: File,
  ownerType: string,
  onProgress: (percent: number) => void,
): Promise<StoredFile> {
  const form = new FormData();
  // The owner type first: the server cuts a file at its owner type's limit while it arrives.
  form.append('ownerType', ownerType);
  form.append('file', file, file.name);
  const stored = await api.post<{
    id: string;
    originalName: string;
    size: number;
    type: string;
    thumbUrl: string | null;
  }>(`${STORAGE_FILES}/upload`, form, {
    ignoreError: true,
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return {
    id: stored.id,
    fileName: stored.originalName,
    size: Number(stored.size),
    contentType: stored.type,
    thumbnail: stored.thumbUrl !== null,
  };
}

/** Downloads a stored file (the URL wants the access token) and hands it to the browser. */
export async function downloadFieldFile(file: StoredFile): Promise<void> {
  const response = await http.get<Blob>(`${STORAGE_FILES}/${encodeURIComponent(file.id)}/download`, {
    responseType: 'blob',
  });
  const url = URL.createObjectURL(response.data);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
