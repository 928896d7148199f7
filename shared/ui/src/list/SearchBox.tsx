import { useState } from 'react';
import { Input, type InputProps } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useDebouncedCallback, DEBOUNCE_MS } from '../hooks/debounce.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { KEYWORD_MAX_LENGTH } from './list-query.ts';

export interface SearchBoxProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> {
  value: string | undefined;
  /** called 500 ms after the last keystroke, and at once on Enter */
  onSearch: (keyword: string) => void;
}

/** The keyword box of a list: at most 200 characters, searches 500 ms after typing stops. */
export function SearchBox({ value, onSearch, ...props }: SearchBoxProps) {
  const { t } = useUiTranslation();
  const [text, setText] = useState(value ?? '');
  const [shownValue, setShownValue] = useState(value);
  // The query changed from elsewhere (restored, reset): show it.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value ?? '');
  }
  const search = useDebouncedCallback((keyword: string) => onSearch(keyword.trim()), DEBOUNCE_MS);
  return (
    <Input
      type="search"
      aria-label={t('list.search')}
      placeholder={t('list.searchPlaceholder')}
      contentBefore={<SearchRegular />}
      maxLength={KEYWORD_MAX_LENGTH}
      {...props}
      value={text}
      onChange={(_, data) => {
        const keyword = data.value.slice(0, KEYWORD_MAX_LENGTH);
        setText(keyword);
        search(keyword);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          search.cancel();
          onSearch(text.trim());
        }
        props.onKeyDown?.(event);
      }}
    />
  );
}
