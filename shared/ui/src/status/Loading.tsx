import { Spinner, type SpinnerProps } from '@fluentui/react-components';
import { useUiTranslation } from '../i18n/ui-i18n.ts';

export interface LoadingProps {
  size?: SpinnerProps['size'];
  /** show "Đang tải dữ liệu…" beside the spinner; otherwise it is only its accessible name */
  showLabel?: boolean;
}

/**
 * A spinner with a name: Fluent's Spinner is a progressbar, and one without a name fails WCAG
 * 4.1.2 (axe's aria-progressbar-name). Every loading state of the kit and the apps uses this.
 */
export function Loading({ size, showLabel = false }: LoadingProps) {
  const { t } = useUiTranslation();
  const text = t('table.loading');
  return showLabel ? <Spinner size={size} label={text} /> : <Spinner size={size} aria-label={text} />;
}
