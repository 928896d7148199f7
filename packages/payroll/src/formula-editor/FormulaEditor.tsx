import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { completionsAt, type Completion, type FormulaError, type FormulaScope } from '@hcm/formula';
import {
  ErrorCircleRegular,
  Field,
  makeStyles,
  mergeClasses,
  shorthands,
  tokens,
  visuallyHidden,
} from '@hcm/ui';
import { usePayrollTranslation } from '../payroll-i18n.ts';
import { analyseFormula, errorRange, type EditedComponent } from './analysis.ts';
import { applyCompletion, callAt, parameterIndex, placeCompletions, signatureParts } from './caret.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, gridColumn: '1 / -1' },
  box: { position: 'relative' },
  input: {
    boxSizing: 'border-box',
    width: '100%',
    minHeight: '72px',
    resize: 'vertical',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    outline: 'none',
    ':focus': {
      borderBottomColor: tokens.colorCompoundBrandStroke,
      boxShadow: `inset 0 -1px 0 ${tokens.colorCompoundBrandStroke}`,
    },
    ':disabled': {
      color: tokens.colorNeutralForegroundDisabled,
      backgroundColor: tokens.colorNeutralBackgroundDisabled,
      ...shorthands.borderColor(tokens.colorNeutralStrokeDisabled),
    },
  },
  invalid: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) },
  list: {
    position: 'absolute',
    zIndex: 10,
    top: '100%',
    left: 0,
    right: 0,
    maxHeight: '280px',
    overflowY: 'auto',
    marginTop: tokens.spacingVerticalXXS,
    padding: tokens.spacingVerticalXS,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
  },
  // flows onto two lines where the list is narrow (a phone): the code and its name, then its kind
  option: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    columnGap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusSmall,
    cursor: 'pointer',
    color: tokens.colorNeutralForeground1,
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    outline: `2px solid ${tokens.colorStrokeFocus2}`,
  },
  code: {
    fontFamily: tokens.fontFamilyMonospace,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  name: { flex: '1 1 160px', minWidth: 0, color: tokens.colorNeutralForeground2 },
  hidden: visuallyHidden,
  kind: {
    marginLeft: 'auto',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'nowrap',
  },
  signature: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  current: {
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'underline',
  },
  errors: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  error: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    alignItems: 'flex-start',
    color: tokens.colorPaletteRedForeground1,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  icon: { flexShrink: 0, fontSize: '16px', marginTop: '1px' },
  excerpt: {
    display: 'block',
    marginTop: tokens.spacingVerticalXXS,
    padding: `0 ${tokens.spacingHorizontalXS}`,
    fontFamily: tokens.fontFamilyMonospace,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusSmall,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  mark: {
    backgroundColor: tokens.colorPaletteRedBackground2,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'underline',
    textDecorationStyle: 'wavy',
    textDecorationColor: tokens.colorPaletteRedForeground1,
  },
  goTo: {
    marginLeft: tokens.spacingHorizontalXS,
    padding: 0,
    border: 'none',
    background: 'none',
    color: tokens.colorBrandForegroundLink,
    textDecoration: 'underline',
    cursor: 'pointer',
    font: 'inherit',
  },
});

export interface FormulaEditorProps {
  /** the field's label, already translated */
  label: string;
  /** what the field is for, already translated (the keyboard's help follows it) */
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** the catalogue and the other components; null while they load (nothing is judged then) */
  scope: FormulaScope | null;
  /** the component whose formula this is: its code (for cycles) and type (what the formula must give) */
  component: EditedComponent;
  /**
   * the form's error on the field, already in words: the server's refusal on save (which the
   * form clears on the next change) or its own (required); said when the editor finds nothing
   */
  fieldError?: string | null;
  required?: boolean;
  disabled?: boolean;
}

/** At most this many characters of the formula around an error in its excerpt. */
const EXCERPT = 40;

/**
 * The formula of a salary component, checked as it is typed: every keystroke parses and checks
 * it with @hcm/formula against the catalogue and the other components (microseconds, so never
 * debounced), and the errors are said under the field with their place in the formula marked,
 * linked to the field as its description. Names complete at the caret (an ARIA combobox: arrows,
 * Enter or Tab to take one, Escape to close, Ctrl+Space to ask), each with its label and type; in
 * a function's parentheses its signature shows which argument the caret is in.
 */
export function FormulaEditor({
  label,
  hint,
  value,
  onChange,
  onBlur,
  scope,
  component,
  fieldError,
  required,
  disabled,
}: FormulaEditorProps) {
  const styles = useStyles();
  const { t, i18n } = usePayrollTranslation();
  const language = i18n.language === 'en' ? 'en' : 'vi';
  const listId = useId();
  const signatureId = useId();
  const errorsId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  // 'typed': opened by typing a name, closed where no name is being typed; 'asked': by Ctrl+Space
  const [open, setOpen] = useState<'typed' | 'asked' | null>(null);
  const [active, setActive] = useState(0);
  const [touched, setTouched] = useState(false);

  // an empty formula is the form's "required" to say, once the field was left
  const judged = value.trim() !== '' || (touched && required);
  const errors: readonly FormulaError[] = scope && judged ? analyseFormula(value, scope, component) : [];
  const completions = useMemo(() => {
    if (!scope || !open) return null;
    const offered = placeCompletions(value, caret, completionsAt(value, caret, scope));
    return open === 'typed' && offered.from === caret ? null : offered;
  }, [scope, open, value, caret]);
  const items = completions?.items ?? [];
  const expanded = items.length > 0;
  const activeIndex = Math.min(active, Math.max(items.length - 1, 0));
  const call = callAt(value, caret);

  const optionId = (index: number) => `${listId}-${index}`;
  // where the caret goes once React has put a chosen name into the text area
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !input.current) return;
    pendingCaret.current = null;
    input.current.setSelectionRange(at, at);
  });
  const place = (text: string, at: number) => {
    pendingCaret.current = at;
    onChange(text);
    setCaret(at);
  };
  const accept = (item: Completion) => {
    if (!completions) return;
    const next = applyCompletion(value, completions, item);
    setOpen(null);
    place(next.text, next.caret);
  };
  const goTo = (error: FormulaError) => {
    const range = errorRange(value, error);
    const field = input.current;
    if (!range || !field) return;
    field.focus();
    field.setSelectionRange(range.start, range.end);
    setCaret(range.start);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key === ' ') {
      event.preventDefault();
      setOpen('asked');
      setActive(0);
      return;
    }
    if (!expanded) return;
    const move = (to: number) => {
      event.preventDefault();
      setActive((to + items.length) % items.length);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(activeIndex + 1);
      case 'ArrowUp':
        return move(activeIndex - 1);
      case 'PageDown':
        return move(Math.min(activeIndex + 8, items.length - 1));
      case 'PageUp':
        return move(Math.max(activeIndex - 8, 0));
      case 'Enter':
      case 'Tab': {
        const item = items[activeIndex];
        if (!item) return;
        event.preventDefault();
        accept(item);
        return;
      }
      case 'Escape':
        // the list closes; the form around (a dialog) keeps its Escape for the next press
        event.preventDefault();
        event.stopPropagation();
        setOpen(null);
    }
  };

  const kindText = (item: Completion) =>
    item.type
      ? `${t(`formulaEditor.kinds.${item.kind}`)} · ${t(`formulaEditor.types.${item.type}`)}`
      : t(`formulaEditor.kinds.${item.kind}`);
  const nameOf = (item: Completion) => {
    if (item.kind === 'function') return item.signature ?? '';
    return item.label ? item.label[language] : '';
  };

  const messages: { key: string; text: string; error?: FormulaError }[] = errors.map((error, index) => ({
    key: `${error.code}-${index}`,
    text: error.message[language],
    error,
  }));
  if (fieldError && messages.length === 0) messages.push({ key: 'field', text: fieldError });
  const invalid = messages.length > 0;

  return (
    <div className={styles.root}>
      <Field
        label={label}
        required={required}
        // the field's own hint, a full stop, then how the keyboard completes
        hint={hint ? `${hint.replace(/[.;:]?$/, '.')} ${t('formulaEditor.help')}` : t('formulaEditor.help')}
      >
        {(fieldProps) => (
          <div className={styles.box}>
            <textarea
              {...fieldProps}
              ref={input}
              className={mergeClasses(styles.input, invalid && styles.invalid)}
              value={value}
              disabled={disabled}
              rows={3}
              spellCheck={false}
              autoCapitalize="characters"
              autoComplete="off"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded ? optionId(activeIndex) : undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={
                [fieldProps['aria-describedby'], call ? signatureId : null, invalid ? errorsId : null]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onChange={(event) => {
                const text = event.target.value;
                const at = event.target.selectionStart;
                onChange(text);
                setCaret(at);
                // typing a name's characters opens the list; anything else closes it
                const typed =
                  text.length > value.length ? text.slice(at - (text.length - value.length), at) : '';
                setOpen(/^[A-Za-z0-9_]+$/.test(typed) ? 'typed' : null);
                setActive(0);
              }}
              onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
              onKeyDown={onKeyDown}
              onBlur={() => {
                setOpen(null);
                setTouched(true);
                onBlur?.();
              }}
            />
            <div
              role="listbox"
              id={listId}
              aria-label={t('formulaEditor.suggestions')}
              className={styles.list}
              hidden={!expanded}
            >
              {items.map((item, index) => (
                <div
                  key={`${item.kind}-${item.code}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={mergeClasses(styles.option, index === activeIndex && styles.active)}
                  // the text area keeps the focus (and the caret) while the mouse chooses
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => accept(item)}
                >
                  {/* read as "code, name, kind · type", not the three run together */}
                  <span className={styles.code}>{item.code}</span>
                  {nameOf(item) && <span className={styles.hidden}>, </span>}
                  <span className={styles.name}>{nameOf(item)}</span>
                  <span className={styles.hidden}>, </span>
                  <span className={styles.kind}>{kindText(item)}</span>
                </div>
              ))}
            </div>
          </div>
        )}
      </Field>
      {call && <Signature id={signatureId} call={call} language={language} styles={styles} />}
      <div id={errorsId} className={styles.errors} aria-live="polite">
        {messages.map(({ key, text, error }) => (
          <div key={key} className={styles.error}>
            <ErrorCircleRegular className={styles.icon} aria-hidden />
            <span>
              {text}
              {error && <Excerpt text={value} error={error} styles={styles} />}
              {error && errorRange(value, error) && (
                <button type="button" className={styles.goTo} onClick={() => goTo(error)}>
                  {t('formulaEditor.goTo')}
                </button>
              )}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

type Styles = ReturnType<typeof useStyles>;

/** The function's signature with the argument the caret is in marked, and what it does. */
function Signature({
  id,
  call,
  language,
  styles,
}: {
  id: string;
  call: NonNullable<ReturnType<typeof callAt>>;
  language: 'vi' | 'en';
  styles: Styles;
}) {
  const { head, parameters, tail } = signatureParts(call.info);
  const current = parameterIndex(call.info, call.argument);
  return (
    <div id={id} className={styles.signature}>
      {head}
      {parameters.map((parameter, index) => (
        <span key={index}>
          {index > 0 && ', '}
          <span className={index === current ? styles.current : undefined}>{parameter}</span>
        </span>
      ))}
      {tail} —{' '}
      {typeof call.info.description === 'string' ? call.info.description : call.info.description[language]}
    </div>
  );
}

/** The formula around the error, its range marked (a mark of one space at the end when it is empty). */
function Excerpt({ text, error, styles }: { text: string; error: FormulaError; styles: Styles }) {
  const range = errorRange(text, error);
  if (!range) return null;
  const from = Math.max(0, range.start - EXCERPT / 2);
  const to = Math.min(text.length, Math.max(range.end, range.start + 1) + EXCERPT / 2);
  const marked = text.slice(range.start, range.end);
  return (
    <code className={styles.excerpt}>
      {from > 0 && '…'}
      {text.slice(from, range.start)}
      <mark className={styles.mark}>{marked === '' ? '\u00a0' : marked}</mark>
      {text.slice(range.end, to)}
      {to < text.length && '…'}
    </code>
  );
}
