import { Fragment, useState } from 'react';
import { Button, Dropdown, Field, Input, Option } from '@fluentui/react-components';
import { rangeParams, type AnyResourceContract, type Label } from '@hcm/contracts/resource';
import { formatDate, toDayjs } from '../format/date.ts';
import { useScreenSize } from '../hooks/screen-size.ts';
import { DateInput } from '../input/DateInput.tsx';
import { isInvalidDate } from '../input/date-text.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import type { ListQueryState } from '../list/use-list-query.ts';
import type { LabelText } from './format-value.ts';
import { ReferenceInput } from './ReferenceInput.tsx';

const ALL = '__all';

/**
 * On a wider screen the first filters are drawn and the rest wait behind "n more filters": the
 * employee list's eleven (four of them date ranges) filled most of the first screen. A phone
 * folds them all into its own panel (ListPage), so there every filter is drawn.
 */
export const FIRST_FILTERS = 6;

/**
 * The contract's filters, kept in the list's query (the URL): an enum as a dropdown with "all",
 * a boolean as yes/no/all, a reference as the form's searching picker (nobody types an id),
 * a date as a range (from, to: either may be left empty), text and code as a box read on Enter
 * or when left.
 */
export function ResourceFilters({
  contract,
  list,
  text,
  omit = [],
}: {
  contract: AnyResourceContract;
  list: ListQueryState;
  text: LabelText;
  /** filters the page sets another way (a strip of tabs), not drawn as fields */
  omit?: readonly string[];
}) {
  const { t } = useUiTranslation();
  const phone = useScreenSize() === 'mobile';
  const names = contract.filters.filter((name) => !omit.includes(name) && contract.fields[name]);
  const isSet = (name: string) => {
    const field = contract.fields[name];
    const params = field?.kind === 'date' ? Object.values(rangeParams(name)) : [name];
    return params.some((param) => list.query[param] !== undefined);
  };
  const folded = phone ? [] : names.slice(FIRST_FILTERS);
  // a link that sets a folded filter (a dashboard card's) shows it
  const [unfolded, setUnfolded] = useState(() => folded.some(isSet));
  const shown = unfolded ? names : names.slice(0, names.length - folded.length);
  const drawn = (name: string) => {
    const field = contract.fields[name];
    if (!field) return null;
    const label = text(field.label);
    const current = list.query[name];
    if (field.kind === 'enum' || field.kind === 'boolean') {
      const values = field.kind === 'enum' ? field.values : ['true', 'false'];
      const labelOf = (v: string) =>
        field.kind === 'enum'
          ? text((field.valueLabels as Record<string, Label>)[v] ?? field.label)
          : t(v === 'true' ? 'resource.yes' : 'resource.no');
      const selected = current === undefined ? ALL : String(current);
      return (
        <Field key={name} label={label}>
          <Dropdown
            value={selected === ALL ? t('resource.all') : labelOf(selected)}
            selectedOptions={[selected]}
            onOptionSelect={(_, data) =>
              list.setQuery({ [name]: data.optionValue === ALL ? undefined : data.optionValue })
            }
          >
            <Option value={ALL}>{t('resource.all')}</Option>
            {values.map((v) => (
              <Option key={v} value={v}>
                {labelOf(v)}
              </Option>
            ))}
          </Dropdown>
        </Field>
      );
    }
    if (field.kind === 'reference' && field.target)
      return (
        <Field key={name} label={label}>
          <ReferenceInput
            target={field.target}
            value={typeof current === 'string' ? current : null}
            onChange={(id) => list.setQuery({ [name]: id ?? undefined })}
          />
        </Field>
      );
    if (field.kind === 'date') {
      const bounds = rangeParams(name);
      return (
        <Fragment key={name}>
          <DateBound list={list} param={bounds.from} label={t('resource.rangeFrom', { label })} />
          <DateBound list={list} param={bounds.to} label={t('resource.rangeTo', { label })} />
        </Fragment>
      );
    }
    return (
      <TextFilter
        // a new value from the URL (back, reset) starts the box afresh
        key={`${name}=${typeof current === 'string' ? current : ''}`}
        label={label}
        value={typeof current === 'string' ? current : ''}
        onChange={(value) => list.setQuery({ [name]: value.trim() || undefined })}
      />
    );
  };
  return (
    <>
      {shown.map(drawn)}
      {folded.length > 0 && (
        <Button appearance="subtle" aria-expanded={unfolded} onClick={() => setUnfolded((open) => !open)}>
          {unfolded ? t('list.fewerFilters') : t('list.moreFilters', { count: folded.length })}
        </Button>
      )}
    </>
  );
}

/** One bound of a date filter's range, kept in the list's query as yyyy-MM-dd. */
function DateBound({ list, param, label }: { list: ListQueryState; param: string; label: string }) {
  const current = list.query[param];
  const value = typeof current === 'string' ? (toDayjs(current)?.toDate() ?? null) : null;
  return (
    <Field label={label}>
      <DateInput
        label={label}
        value={value}
        onChange={(date) => {
          // a half-typed date waits (the box shows it); a cleared box drops the bound
          if (date && isInvalidDate(date)) return;
          list.setQuery({ [param]: date ? formatDate(date, 'isoDate') : undefined });
        }}
      />
    </Field>
  );
}

function TextFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [typed, setTyped] = useState(value);
  return (
    <Field label={label}>
      <Input
        value={typed}
        onChange={(_, data) => setTyped(data.value)}
        onBlur={() => onChange(typed)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange(typed);
        }}
      />
    </Field>
  );
}
