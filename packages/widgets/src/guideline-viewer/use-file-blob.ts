import { useEffect, useState } from 'react';
import { http, toApiError, type ApiError } from '@hcm/session';
import { PREVIEW_SPINNER_MS } from './preview-kind.ts';

export type FileBlobState =
  | { status: 'missing-url' }
  | { status: 'loading' }
  | { status: 'not-found' }
  /** the preview says why in the user's words (useFailureText), never the server's */
  | { status: 'failed'; error: ApiError }
  | { status: 'ready'; objectUrl: string; contentType: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The file at `url`, read with the session's token (a frame or <img> could not send it) into an
 * object URL, revoked when the preview closes. The spinner shows at least PREVIEW_SPINNER_MS.
 */
export function useFileBlob(url: string | undefined): FileBlobState {
  // the answer for the url it was read for: another url reads as loading until its own arrives
  const [read, setRead] = useState<{ url: string; state: FileBlobState } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    let objectUrl: string | null = null;
    Promise.all([http.get<Blob>(url, { responseType: 'blob', ignoreError: true }), wait(PREVIEW_SPINNER_MS)])
      .then(([response]) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(response.data);
        setRead({ url, state: { status: 'ready', objectUrl, contentType: response.data.type } });
      })
      .catch(async (error: unknown) => {
        await wait(PREVIEW_SPINNER_MS);
        if (!live) return;
        const apiError = toApiError(error);
        const state: FileBlobState =
          apiError.status === 404 ? { status: 'not-found' } : { status: 'failed', error: apiError };
        setRead({ url, state });
      });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (!url) return { status: 'missing-url' };
  return read?.url === url ? read.state : { status: 'loading' };
}
