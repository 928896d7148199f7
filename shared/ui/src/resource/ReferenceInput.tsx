import { useEffect, useState } from 'react';
import { Combobox, Option, Spinner } from '@fluentui/react-components';
import type { ReferenceTarget } from '@hcm/contracts/resource';
import { useDebouncedValue } from '../hooks/debounce.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { referenceApi, type ResourceRecord } from './resource-api.ts';
import { ReferenceOptionText } from './ReferenceOptionText.tsx';
import { referenceText, useNameLanguage } from './use-reference-texts.ts';

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
  /** what an empty picker says (default: "Chọn…") */
  placeholder?: string;
}

/**
 * A record of another resource, searched with its auto-complete (500 ms after typing stops) and
 * shown by its display field; the current value's text is read once with find-by-ids.
 */
export function ReferenceInput(props: ReferenceInputProps) {
  const { target, value, onChange, onBlur, disabled, placeholder, ...aria } = props;
  const { t } = useUiTranslation();
  const language = useNameLanguage();
  const displayOf = (record: ResourceRecord, on: ReferenceTarget) => referenceText(record, on, language);
  const [chosen, setChosen] = useState<ResourceRecord | null>(null);
  // what the user is typing, for the value it was typed over: a value changed from outside (a
  // filter reset, a unit chosen elsewhere on the page) shows its own text, not stale typing
  const [edit, setEdit] = useState<{ value: string | null; text: string } | null>(null);
  const [found, setFound] = useState<{ keyword: string; options: ResourceRecord[] } | null>(null);
  const [open, setOpen] = useState(false);
  // the record shown is the chosen one only while it is the value
  const current = value && chosen?.id === value ? chosen : null;
  const text = edit && edit.value === value ? edit.text : current ? displayOf(current, target) : '';
  const keyword = useDebouncedValue(text);
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
        if (alive && record) setChosen(record);
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
      placeholder={placeholder ?? t('resource.referencePlaceholder')}
      selectedOptions={value ? [value] : []}
      onChange={(event) => {
        setEdit({ value, text: event.target.value });
        if (event.target.value === '') onChange(null);
      }}
      onOptionSelect={(_, data) => {
        const record = options.find((option) => option.id === data.optionValue) ?? null;
        setChosen(record);
        setEdit(null);
        onChange(record?.id ?? null);
      }}
      onBlur={() => {
        // text that names no record goes back to the chosen one
        setEdit(null);
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
            <ReferenceOptionText record={record} target={target} language={language} />
          </Option>
        ))
      )}
    </Combobox>
  );
}
