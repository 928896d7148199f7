import { formatBytes } from '@hcm/ui';
import type { OutboundLogEntry } from './outbound-log-api.ts';

/** The admin app's translate function, as far as these labels need it. */
type Translate = (key: string, options?: { defaultValue?: string }) => string;

/** The system called, by its name in the dictionary (its own name when the dictionary has none). */
export const targetName = (t: Translate, target: string) =>
  t(`outboundLog.targets.${target}`, { defaultValue: target });

/** The answer's status, or "no answer" for a call that got none. */
export const statusText = (t: Translate, entry: OutboundLogEntry) =>
  entry.status === null ? t('outboundLog.noAnswer') : String(entry.status);

/** A size in bytes as a person reads it; a dash when unknown. */
export const sizeText = (bytes: number | null) => (bytes === null ? '—' : formatBytes(bytes));
