/** Badge colours of catalogues §3.1 for record and approval statuses. */
export type BadgeTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

export const StatusTones: Readonly<Record<string, BadgeTone>> = {
  ACTIVE: 'success',
  INACTIVE: 'danger',
  NEW: 'neutral',
  WAIT_APPROVE: 'warning',
  IN_APPROVE: 'info',
  APPROVED: 'success',
  REJECTED: 'danger',
  CANCELED: 'danger',
};

/** The tone of a status; unknown statuses are neutral. */
export const statusTone = (status: string): BadgeTone => StatusTones[status] ?? 'neutral';

/** Fluent Badge colours for each tone ('informative' is Fluent's grey, 'brand' its blue). */
export const FLUENT_BADGE_COLOR = {
  success: 'success',
  danger: 'danger',
  warning: 'warning',
  info: 'brand',
  neutral: 'informative',
} as const;
