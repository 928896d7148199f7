import { BYTES_PER_MB } from '../format/bytes.ts';

export interface UploadLimits {
  /** accepted types: extensions ('.pdf') or MIME types ('application/pdf', 'image/*'); empty: any */
  accept?: readonly string[];
  /** most files in the box; default 10 */
  maxFiles?: number;
  /** largest file in megabytes (1048576 bytes); default 5 */
  maxSizeMB?: number;
}

export const DEFAULT_UPLOAD_LIMITS = { maxFiles: 10, maxSizeMB: 5 } as const;

export type UploadProblem = { key: 'maxUploadFile'; max: number } | { key: 'maxFileSize'; size: number };

/** Whether a file's name or type matches one of the accepted entries. */
export function isAccepted(
  file: { name: string; type: string },
  accept: readonly string[] | undefined,
): boolean {
  if (!accept || accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((entry) => {
    const wanted = entry.trim().toLowerCase();
    if (wanted.startsWith('.')) return name.endsWith(wanted);
    if (wanted.endsWith('/*')) return type.startsWith(wanted.slice(0, -1));
    return type === wanted;
  });
}

/**
 * Which of the `incoming` files join the `current` ones (catalogues §5.3): files of other types
 * are skipped silently; files over the size limit are skipped with 'maxFileSize'; when the rest
 * would exceed the count limit none is added and the problem is 'maxUploadFile'.
 */
export function addUploadFiles<F extends { name: string; type: string; size: number }>(
  current: readonly F[],
  incoming: readonly F[],
  limits: UploadLimits = {},
): { files: F[]; problem: UploadProblem | null } {
  const maxFiles = limits.maxFiles ?? DEFAULT_UPLOAD_LIMITS.maxFiles;
  const maxSizeMB = limits.maxSizeMB ?? DEFAULT_UPLOAD_LIMITS.maxSizeMB;
  const typed = incoming.filter((file) => isAccepted(file, limits.accept));
  const fitting = typed.filter((file) => file.size <= maxSizeMB * BYTES_PER_MB);
  if (current.length + fitting.length > maxFiles)
    return { files: [...current], problem: { key: 'maxUploadFile', max: maxFiles } };
  return {
    files: [...current, ...fitting],
    problem: fitting.length < typed.length ? { key: 'maxFileSize', size: maxSizeMB } : null,
  };
}
