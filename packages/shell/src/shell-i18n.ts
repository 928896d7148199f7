import { useTranslation } from '@hcm/i18n';

/** The shell's i18n namespace: its dictionaries are /i18n/shell/<lang>.json. */
export const SHELL_APP = 'shell';

export const useShellTranslation = () => useTranslation(SHELL_APP);

/** A text to show: a dictionary key (translated at render, so it follows a language switch) or a server's own words. */
export type ShellMessage = { key: string; values?: Record<string, string> } | { text: string };
