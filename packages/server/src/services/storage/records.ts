import Type from 'typebox';
import type { FileRow } from '../../db/tables/files.ts';

export const STORAGE_PREFIX = '/api/storage';

/** catalogues §3 "File record", as every call answers it. */
export const FileRecord = Type.Object({
  id: Type.String({ format: 'uuid' }),
  tenantId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  originalName: Type.String(),
  fileName: Type.String(),
  path: Type.String(),
  hashed: Type.String(),
  ownerId: Type.Union([Type.String(), Type.Null()]),
  ownerType: Type.String(),
  version: Type.Integer(),
  size: Type.Integer(),
  type: Type.String(),
  deleted: Type.Boolean(),
  public: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdByName: Type.Union([Type.String(), Type.Null()]),
  downloadUrl: Type.String(),
  viewUrl: Type.String(),
  thumbUrl: Type.Union([Type.String(), Type.Null()]),
});
export type FileRecord = Type.Static<typeof FileRecord>;

/** The row as the API answers it, with the URLs that serve it. */
export function presentFile(row: FileRow, createdByName: string | null = null): FileRecord {
  const base = `${STORAGE_PREFIX}/files/${row.id}`;
  const viewUrl = row.isPublic ? `${STORAGE_PREFIX}/public/${row.id}` : `${base}/view`;
  return {
    id: row.id,
    tenantId: row.tenantId,
    originalName: row.originalName,
    fileName: row.fileName,
    path: row.storageKey,
    hashed: row.hashed.trim(),
    ownerId: row.ownerId,
    ownerType: row.ownerType,
    version: row.version,
    size: Number(row.size),
    type: row.type,
    deleted: row.deleted,
    public: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    createdByName,
    downloadUrl: `${base}/download`,
    viewUrl,
    // A raster image's 200×200 thumbnail (thumbnail.ts); never the view itself, which may be
    // an image too large to decode in a list (a file kept without a thumbnail has none).
    thumbUrl: row.thumbnailKey ? `${base}/thumbnail` : null,
  };
}

/**
 * A header value for Content-Disposition: an ASCII fallback name and the real one in RFC 5987
 * encoding (filename*=UTF-8''…), so Vietnamese names survive every browser.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
