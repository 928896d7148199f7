import { useEffect, useState } from 'react';
import {
  Spinner,
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
} from '@fluentui/react-components';
import type { ReferenceTarget } from '@hcm/contracts/resource';
import { useDebouncedValue } from '../hooks/debounce.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { referenceApi, type ResourceRecord } from './resource-api.ts';
import { ReferenceOptionText } from './ReferenceOptionText.tsx';
import { referenceText, useNameLanguage } from './use-reference-texts.ts';

export interface MultiReferenceInputProps {
  target: ReferenceTarget;
  /** the chosen records' ids, in the order chosen */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  /** the most records that may be chosen (the field's maxItems) */
  maxItems: number;
  /** the field's label: names the chosen tags' group */
  label: string;
  disabled?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
}

/**
 * Several records of another resource (a references field): typing searches the target's
 * auto-complete (500 ms after typing stops), an option adds its record at the end, and the
 * chosen records stand before the input as tags removed by a click, Delete or Backspace (the
 * arrow keys move between them; Backspace in an empty input goes to the last). The names of
 * the ids a form opens with are read once with find-by-ids. At `maxItems` the list says so
 * instead of offering more.
 */
export function MultiReferenceInput({
  target,
  value,
  onChange,
  onBlur,
  maxItems,
  label,
  disabled,
  id,
  'aria-invalid': invalid,
}: MultiReferenceInputProps) {
  const { t } = useUiTranslation();
  const language = useNameLanguage();
  const [text, setText] = useState('');
  const [known, setKnown] = useState<ReadonlyMap<string, ResourceRecord>>(new Map());
  const [found, setFound] = useState<{ keyword: string; options: ResourceRecord[] } | null>(null);
  const [open, setOpen] = useState(false);
  const keyword = useDebouncedValue(text);
  const full = value.length >= maxItems;
  const options = (found?.options ?? []).filter((record) => !value.includes(record.id));
  const loading = open && !full && found?.keyword !== keyword;
  const nameOf = (recordId: string) => {
    const record = known.get(recordId);
    return record ? referenceText(record, target, language) : '…';
  };

  // The names of the ids the form opened with (an update form has ids only).
  const unknown = value.filter((recordId) => !known.has(recordId));
  const missing = unknown.join(',');
  useEffect(() => {
    if (!missing) return;
    let alive = true;
    void referenceApi(target.apiPath)
      .findByIds(missing.split(','))
      .then((records) => {
        if (alive) setKnown((current) => new Map([...current, ...records.map((r) => [r.id, r] as const)]));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [missing, target]);

  useEffect(() => {
    if (!open || full) return;
    const controller = new AbortController();
    referenceApi(target.apiPath)
      .autoComplete(keyword, controller.signal)
      .then((page) => setFound({ keyword, options: page.data }))
      .catch(() => !controller.signal.aborted && setFound({ keyword, options: [] }));
    return () => controller.abort();
  }, [keyword, open, full, target]);

  return (
    <TagPicker
      disabled={disabled}
      open={open}
      onOpenChange={(_, data) => setOpen(data.open)}
      selectedOptions={[...value]}
      onOptionSelect={(_, data) => {
        // '' is a message in the list (loading, nothing found, full), never a record
        if (data.value === '') return;
        const chosen = data.selectedOptions.filter((option) => option !== '');
        if (chosen.length > maxItems) return;
        const record = options.find((option) => option.id === data.value);
        if (record) setKnown((current) => new Map(current).set(record.id, record));
        setText('');
        onChange(chosen);
      }}
    >
      <TagPickerControl aria-invalid={invalid}>
        <TagPickerGroup aria-label={t('resource.chosenReferences', { label })}>
          {value.map((recordId) => (
            <Tag
              key={recordId}
              value={recordId}
              shape="rounded"
              aria-label={t('resource.removeReference', { name: nameOf(recordId) })}
            >
              {nameOf(recordId)}
            </Tag>
          ))}
        </TagPickerGroup>
        <TagPickerInput
          id={id}
          value={text}
          placeholder={value.length === 0 ? t('resource.referencePlaceholder') : undefined}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            setText('');
            onBlur?.();
          }}
        />
      </TagPickerControl>
      <TagPickerList>
        {full ? (
          <TagPickerOption value="" text="" aria-disabled>
            {t('resource.referencesFull', { max: maxItems })}
          </TagPickerOption>
        ) : loading && options.length === 0 ? (
          <TagPickerOption value="" text="" aria-disabled>
            <Spinner size="tiny" label={t('table.loading')} />
          </TagPickerOption>
        ) : options.length === 0 ? (
          <TagPickerOption value="" text="" aria-disabled>
            {t('table.noData')}
          </TagPickerOption>
        ) : (
          options.map((record) => (
            <TagPickerOption key={record.id} value={record.id} text={referenceText(record, target, language)}>
              <ReferenceOptionText record={record} target={target} language={language} />
            </TagPickerOption>
          ))
        )}
      </TagPickerList>
    </TagPicker>
  );
}
