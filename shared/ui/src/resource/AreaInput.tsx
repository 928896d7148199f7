import { useEffect, useMemo, useState } from 'react';
import { Combobox, Option, Spinner } from '@fluentui/react-components';
import type { AreaField } from '@hcm/contracts/resource';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { areaMatches, provinces, wardsOf, type Area } from './area-api.ts';

export interface AreaInputProps {
  field: AreaField;
  /** the chosen area's code, or null */
  value: string | null;
  onChange: (code: string | null) => void;
  onBlur?: () => void;
  /** a ward: the code its province field holds now */
  parentValue?: string | null;
  /** the name the record answers beside the code, shown until the list arrives */
  storedName?: string | null;
  disabled?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
}

/** At most this many options are drawn while typing (a province has up to 168 wards). */
const SHOWN = 100;

/**
 * A province, or a ward of the province chosen beside it, picked from the areas in force: type
 * part of the name, with or without accents ("ben thanh"), and choose. A ward waits for its
 * province, and is cleared when the province changes to one it is not in.
 */
export function AreaInput({
  field,
  value,
  onChange,
  onBlur,
  parentValue,
  storedName,
  disabled,
  ...aria
}: AreaInputProps) {
  const { t } = useUiTranslation();
  const ward = field.level === 'ward';
  const source = ward ? (parentValue ?? null) : 'provinces';
  const [areas, setAreas] = useState<{ source: string; list: Area[] } | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const list = areas && areas.source === source ? areas.list : null;

  useEffect(() => {
    if (source === null) return;
    let alive = true;
    (ward ? wardsOf(source) : provinces())
      .then((found) => alive && setAreas({ source, list: found }))
      .catch(() => alive && setAreas({ source, list: [] }));
    return () => {
      alive = false;
    };
  }, [source, ward]);

  // a ward the new province does not have is no longer an answer
  useEffect(() => {
    if (ward && value && list && !list.some((area) => area.code === value)) onChange(null);
  }, [ward, value, list, onChange]);

  const chosen = list?.find((area) => area.code === value) ?? null;
  const shown = text ?? chosen?.name ?? (value ? (storedName ?? value) : '');
  const options = useMemo(() => {
    const typed = text ?? '';
    return (list ?? []).filter((area) => areaMatches(typed, area)).slice(0, SHOWN);
  }, [list, text]);
  const waiting = ward && source === null;

  return (
    <Combobox
      {...aria}
      freeform
      clearable
      disabled={disabled || waiting}
      value={shown}
      open={open}
      onOpenChange={(_, data) => setOpen(data.open)}
      placeholder={waiting ? t('areaInput.provinceFirst') : t('areaInput.placeholder')}
      selectedOptions={value ? [value] : []}
      onChange={(event) => {
        setText(event.target.value);
        // what is typed is a search: the matching areas show at once
        setOpen(true);
        if (event.target.value === '') onChange(null);
      }}
      onOptionSelect={(_, data) => {
        setText(null);
        onChange(data.optionValue ?? null);
      }}
      onBlur={() => {
        // text that names no area goes back to the chosen one
        setText(null);
        onBlur?.();
      }}
    >
      {list === null ? (
        <Option disabled value="" text="">
          <Spinner size="tiny" label={t('table.loading')} />
        </Option>
      ) : options.length === 0 ? (
        <Option disabled value="" text="">
          {t('table.noData')}
        </Option>
      ) : (
        options.map((area) => (
          <Option key={area.code} value={area.code} text={area.name}>
            {area.name}
          </Option>
        ))
      )}
    </Combobox>
  );
}
