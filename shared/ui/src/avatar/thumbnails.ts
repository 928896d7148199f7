import { useEffect, useState } from 'react';
import { http } from '@hcm/session';

/*
 * The 200×200 thumbnails of stored images (GET /api/storage/files/{id}/thumbnail), fetched with
 * the access token (an <img> cannot send it) and kept as blob: URLs for the page's life: the
 * same colleague's photo on the chart, in the contacts and on a record is fetched once. A file
 * never changes (a new upload is a new file), so a kept thumbnail never goes stale.
 */

/** At most this many thumbnails are kept (about 10 KB each); the oldest is let go first. */
const KEPT = 400;
const kept = new Map<string, Promise<string | null>>();

/** The blob: URL of the file's thumbnail; null when it has none or the caller may not see it. */
export function thumbnailOf(fileId: string): Promise<string | null> {
  const hit = kept.get(fileId);
  if (hit) return hit;
  const loaded = http
    .get<Blob>(`/api/storage/files/${encodeURIComponent(fileId)}/thumbnail`, {
      responseType: 'blob',
      // a missing thumbnail shows the default picture: nothing to tell the user
      ignoreError: true,
    })
    .then((response) => URL.createObjectURL(response.data))
    .catch(() => null);
  kept.set(fileId, loaded);
  if (kept.size > KEPT) {
    const [oldest, url] = kept.entries().next().value as [string, Promise<string | null>];
    kept.delete(oldest);
    void url.then((gone) => gone && URL.revokeObjectURL(gone));
  }
  return loaded;
}

/** The thumbnail's blob: URL once it has arrived (null before, and without one). */
export function useThumbnail(fileId: string | null | undefined): string | null {
  const [loaded, setLoaded] = useState<{ id: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!fileId) return;
    let live = true;
    void thumbnailOf(fileId).then((url) => live && setLoaded({ id: fileId, url }));
    return () => {
      live = false;
    };
  }, [fileId]);
  // another file's thumbnail is never shown while this one's arrives
  return loaded && loaded.id === fileId ? loaded.url : null;
}
