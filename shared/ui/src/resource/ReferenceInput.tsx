import { useEffect, useState } from 'react';
import { Combobox, Option, Spinner } from '@fluentui/react-components';
import type { ReferenceTarget } from '@hcm/contracts/resource';
import { useDebouncedValue } from '../hooks/debounce.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { referenceApi, type ResourceRecord } from './resource-api.ts';
import { referenceText } from './use-reference-texts.ts';

export interface ReferenceInputProps {
  target: ReferenceTarget;
  /** the chosen record's id, or null */
  value: string | null;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  /** a picker without a visible label of its own (a cell of a rows editor) */
  'aria-label'?: string;
}

const displayOf = referenceText;

/**
 * A record of another resource, searched with its auto-complete (500 ms after typing stops) and
 * shown by its display field; the current value's text is read once with find-by-ids.
 */
export function ReferenceInput({ target, value, onChange, onBlur, disabled, ...aria }: ReferenceInputProps) {
  const { t } = useUiTranslation();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<ResourceRecord | null>(null);
  const [found, setFound] = useState<{ keyword: string; options: ResourceRecord[] } | null>(null);
  const [open, setOpen] = useState(false);
  const keyword = useDebouncedValue(text);
  // the record shown is the chosen one only while it is the value
  const current = value && chosen?.id === value ? chosen : null;
  const typed = current && keyword === displayOf(current, target) ? '' : keyword;
  const options = found?.options ?? [];
  const loading = open && found?.keyword !== typed;

  // The current value's display text (an update form opens with an id only).
  useEffect(() => {
    if (!value || current) return;
    let alive = true;
    void referenceApi(target.apiPath)
      .findByIds([value])
      .then((records) => {
        const record = records.find((r) => r.id === value) ?? null;
        if (!alive || !record) return;
        setChosen(record);
        setText(displayOf(record, target));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [value, current, target]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    referenceApi(target.apiPath)
      .autoComplete(typed, controller.signal)
      .then((page) => setFound({ keyword: typed, options: page.data }))
      .catch(() => !controller.signal.aborted && setFound({ keyword: typed, options: [] }));
    return () => controller.abort();
  }, [typed, open, target]);

  return (
    <Combobox
      {...aria}
      freeform
      clearable
      disabled={disabled}
      value={text}
      open={open}
      onOpenChange={(_, data) => setOpen(data.open)}
      placeholder={t('resource.referencePlaceholder')}
      selectedOptions={value ? [value] : []}
      onChange={(event) => {
        setText(event.target.value);
        if (event.target.value === '') onChange(null);
      }}
      onOptionSelect={(_, data) => {
        const record = options.find((option) => option.id === data.optionValue) ?? null;
        setChosen(record);
        setText(record ? displayOf(record, target) : '');
        onChange(record?.id ?? null);
      }}
      onBlur={() => {
        // text that names no record goes back to the chosen one
        setText(current ? displayOf(current, target) : '');
        onBlur?.();
      }}
    >
      {loading && options.length === 0 ? (
        <Option disabled value="" text="">
          <Spinner size="tiny" label={t('table.loading')} />
        </Option>
      ) : options.length === 0 ? (
        <Option disabled value="" text="">
          {t('table.noData')}
        </Option>
      ) : (
        options.map((record) => (
          <Option key={record.id} value={record.id} text={displayOf(record, target)}>
            {displayOf(record, target)}
          </Option>
        ))
      )}
    </Combobox>
  );
}
