import type { FieldError } from '@hcm/ui';

/** Error keys of the shell's own dictionary (a mismatch, a wrong current password) start so. */
export const SHELL_KEY_PREFIX = 'pages.';

/** A field error the spec has no key for, worded by the shell's dictionary (pages.<key>). */
export const shellError = (key: string): FieldError => ({ key: `${SHELL_KEY_PREFIX}${key}` });

export const isShellError = (error: FieldError | null | undefined): error is FieldError =>
  error?.key.startsWith(SHELL_KEY_PREFIX) === true;
