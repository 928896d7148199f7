import { Dropdown, Field, Option } from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { useTypeText } from './contract-labels.ts';
import { OFFERED_TYPES, type TypeFilter } from './template-types.ts';

/** The single choice's "all types" option (no type sent). */
const ALL = '__all';

/**
 * The type filter: one type or several (the opener's choice, template-types.ts), or the
 * opener's fixed type, disabled. Each change searches again.
 */
export function TypeFilterField({
  filter,
  value,
  onChange,
  className,
}: {
  filter: TypeFilter;
  value: readonly string[];
  onChange: (types: string[]) => void;
  className?: string;
}) {
  const { t } = useWidgetsTranslation();
  const typeText = useTypeText();
  const shown = value.map(typeText).join(', ');
  return (
    <Field label={t('templatePicker.type')} className={className}>
      <Dropdown
        multiselect={filter.multiple}
        disabled={filter.fixed}
        placeholder={t('templatePicker.allTypes')}
        value={shown}
        selectedOptions={filter.multiple || value.length > 0 ? [...value] : [ALL]}
        onOptionSelect={(_, data) =>
          onChange(data.selectedOptions.filter((option) => option !== ALL && option !== ''))
        }
      >
        {filter.multiple ? null : <Option value={ALL}>{t('templatePicker.allTypes')}</Option>}
        {(filter.fixed ? value : OFFERED_TYPES).map((type) => (
          <Option key={type} value={type}>
            {typeText(type)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
