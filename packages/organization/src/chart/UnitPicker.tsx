import { useMemo, useState } from 'react';
import type { OrganizationUnitNode } from '@hcm/contracts/organization';
import { Combobox, Option } from '@hcm/ui';
import { useOrganizationTranslation } from '../organization-i18n.ts';
import { searchUnits, type UnitTree } from './unit-tree.ts';

export interface UnitPickerProps {
  tree: UnitTree;
  /** the Field's label id, or an aria-label */
  'aria-labelledby'?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  placeholder: string;
  /** a first option before the units (moving to the top level), always offered */
  extraOption?: { value: string; text: string };
  /** units not offered (a unit cannot move under itself or its own units) */
  excluded?: ReadonlySet<string>;
  /** keep the chosen unit's name in the box (a form), or clear it (a search) */
  keepText?: boolean;
  /** the list inside the box's own element (in a modal dialog, where the rest of the page is inert) */
  inlinePopup?: boolean;
  onPick: (id: string) => void;
}

const shown = (unit: OrganizationUnitNode) => `${unit.name} (${unit.code})`;

/**
 * A box to find a unit of the chart by name or code as one types (diacritics ignored), from the
 * units already loaded: at most 20 suggestions, so that 5,000 units never become 5,000 options.
 */
export function UnitPicker({
  tree,
  placeholder,
  extraOption,
  excluded,
  keepText = false,
  inlinePopup = false,
  onPick,
  ...aria
}: UnitPickerProps) {
  const { t } = useOrganizationTranslation();
  const [text, setText] = useState('');
  const matches = useMemo(
    () =>
      searchUnits(tree, text, 40)
        .filter((unit) => !excluded?.has(unit.id))
        .slice(0, 20),
    [tree, text, excluded],
  );
  return (
    <Combobox
      {...aria}
      freeform
      inlinePopup={inlinePopup}
      value={text}
      placeholder={placeholder}
      onChange={(event) => setText(event.target.value)}
      onOptionSelect={(_, data) => {
        const id = data.optionValue;
        if (!id) return;
        const unit = tree.units.get(id);
        setText(keepText ? (unit ? shown(unit) : (data.optionText ?? '')) : '');
        onPick(id);
      }}
    >
      {extraOption && (
        <Option value={extraOption.value} text={extraOption.text}>
          {extraOption.text}
        </Option>
      )}
      {text.trim() !== '' && matches.length === 0 ? (
        <Option disabled value="" text="">
          {t('chart.noMatch')}
        </Option>
      ) : (
        matches.map((unit) => (
          <Option key={unit.id} value={unit.id} text={shown(unit)}>
            {shown(unit)}
          </Option>
        ))
      )}
    </Combobox>
  );
}
