import { Badge } from '@fluentui/react-components';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { FLUENT_BADGE_COLOR, statusTone } from './status-colors.ts';

export interface StatusBadgeProps {
  /** ACTIVE, INACTIVE, NEW, WAIT_APPROVE, IN_APPROVE, APPROVED, REJECTED, CANCELED */
  status: string;
}

/** A status as a coloured badge with its name in the current language. */
export function StatusBadge({ status }: StatusBadgeProps) {
  const { t } = useUiTranslation();
  const tone = statusTone(status);
  return (
    <Badge appearance="tint" color={FLUENT_BADGE_COLOR[tone]} data-tone={tone}>
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
