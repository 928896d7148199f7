import { Input, type InputProps } from '@fluentui/react-components';
import { cleanText } from './clean-text.ts';

export interface TextInputProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> {
  value: string | null | undefined;
  onChange: (value: string) => void;
  /**
   * a value of a set format (a field with a pattern: a link "/om/…", a phone "+84…"): only
   * trimmed, its leading characters kept, since they may be part of the format
   */
  formatted?: boolean;
}

/**
 * A text input that cleans what the user leaves in it (catalogues §5.3): leading special
 * characters stripped, trimmed, repeated spaces collapsed, when the field loses focus.
 */
export function TextInput({ value, onChange, onBlur, formatted = false, ...props }: TextInputProps) {
  return (
    <Input
      {...props}
      value={value ?? ''}
      onChange={(_, data) => onChange(data.value)}
      onBlur={(event) => {
        const cleaned = formatted ? (value ?? '').trim() : cleanText(value ?? '');
        if (cleaned !== (value ?? '')) onChange(cleaned);
        onBlur?.(event);
      }}
    />
  );
}
