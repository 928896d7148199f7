import {
  Button,
  Checkbox,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ColumnTripleEditRegular } from '@fluentui/react-icons';
import { useId } from 'react';
import { useUiTranslation } from '../i18n/ui-i18n.ts';

const useStyles = makeStyles({
  surface: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxHeight: '70vh' },
  // the list scrolls inside the surface, which the positioning keeps within the window
  options: { display: 'flex', flexDirection: 'column', overflowY: 'auto', minHeight: 0 },
  footer: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
});

export interface ColumnOption {
  key: string;
  /** already translated */
  label: string;
}

export interface ColumnChooserProps {
  /** every column offered, in the list's order */
  options: readonly ColumnOption[];
  /** the keys shown now */
  shown: readonly string[];
  onChange: (shown: string[] | null) => void;
}

/**
 * "Columns": a checkbox per column the list offers; at least one stays. "Defaults" forgets the
 * choice. The list remembers the choice per user (use-list-settings.ts).
 */
export function ColumnChooser({ options, shown, onChange }: ColumnChooserProps) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const titleId = useId();
  const toggle = (key: string, on: boolean) => {
    const next = on ? [...shown, key] : shown.filter((name) => name !== key);
    if (next.length === 0) return;
    onChange(options.map((option) => option.key).filter((name) => next.includes(name)));
  };
  return (
    // autoSize: a long list of columns on a short window scrolls rather than running off its top
    <Popover positioning={{ position: 'below', align: 'end', autoSize: 'height' }} trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button icon={<ColumnTripleEditRegular />}>{t('list.columns')}</Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-labelledby={titleId}>
        <Text id={titleId} weight="semibold">
          {t('list.columnsTitle')}
        </Text>
        <div className={styles.options} role="group" aria-labelledby={titleId}>
          {options.map((option) => {
            const on = shown.includes(option.key);
            return (
              <Checkbox
                key={option.key}
                label={option.label}
                checked={on}
                // the last column shown cannot be hidden: a list with no column shows nothing
                disabled={on && shown.length === 1}
                title={on && shown.length === 1 ? t('list.columnsNeedOne') : undefined}
                onChange={(_, data) => toggle(option.key, data.checked === true)}
              />
            );
          })}
        </div>
        <div className={styles.footer}>
          <Button appearance="subtle" onClick={() => onChange(null)}>
            {t('list.columnsReset')}
          </Button>
        </div>
      </PopoverSurface>
    </Popover>
  );
}
