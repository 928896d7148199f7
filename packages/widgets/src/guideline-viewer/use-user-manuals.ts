import { useEffect, useState } from 'react';
import { api } from '@hcm/session';

/** An active user manual as GET /api/system/user-manuals/find-all-active answers it. */
export interface UserManual {
  id: string;
  title: string;
  note: string | null;
  /** the stored file's id */
  file: string | null;
  /** the stored file (null once it is gone), as every record's file field answers it */
  fileInfo: { id: string; fileName: string; size: number; contentType: string } | null;
}

export const USER_MANUALS_PATH = '/api/system/user-manuals/find-all-active';
/** Read with the session's token; served as an attachment, for any signed-in user. */
export const userManualFileUrl = (fileId: string) =>
  `/api/storage/user-manuals/${encodeURIComponent(fileId)}/download`;

export type ManualsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; manuals: UserManual[] };

/** The manuals, read when the viewer opens and again when `reads` changes (a retry). */
export function useUserManuals(reads: number): ManualsState {
  const [read, setRead] = useState<{ reads: number; state: ManualsState } | null>(null);
  useEffect(() => {
    let live = true;
    api.get<UserManual[]>(USER_MANUALS_PATH, { ignoreError: true }).then(
      (manuals) => live && setRead({ reads, state: { status: 'ready', manuals } }),
      () => live && setRead({ reads, state: { status: 'failed' } }),
    );
    return () => {
      live = false;
    };
  }, [reads]);
  return read?.reads === reads ? read.state : { status: 'loading' };
}
