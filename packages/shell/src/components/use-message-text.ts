import { useShellTranslation, type ShellMessage } from '../shell-i18n.ts';

export function useMessageText(): (message: ShellMessage) => string {
  const { t } = useShellTranslation();
  return (message) => ('key' in message ? t(message.key, message.values ?? {}) : message.text);
}
