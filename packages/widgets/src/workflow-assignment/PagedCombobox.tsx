import { useState, type UIEvent } from 'react';
import { Combobox, Option, Spinner, makeStyles, useDebouncedValue } from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import type { PickOption } from './assignment-model.ts';
import { usePagedOptions, type PageLoader } from './use-paged-options.ts';

/** How near the bottom of the list (px) the next page is read. */
const NEAR_BOTTOM_PX = 24;
/** The option values of the list's status lines, never chosen. */
const STATUS = '\u0000status';

const useStyles = makeStyles({
  // a list short enough to scroll, so that the next page is read when it reaches the bottom
  listbox: { maxHeight: '260px', overflowY: 'auto' },
  combobox: { minWidth: '0', width: '100%' },
});

export interface PagedComboboxProps {
  /** reads the choices; null: none to read (a fixed choice) */
  load: PageLoader | null;
  /** changes when `load` reads another list: the pages read are then dropped */
  sourceKey: string;
  selected: PickOption | null;
  onSelect: (option: PickOption) => void;
  onBlur?: () => void;
  disabled?: boolean;
  placeholder?: string;
  /** its accessible name when no Field labels it */
  'aria-label'?: string;
}

/**
 * A searchable dropdown whose choices the server pages: typing searches (debounced), the list
 * reads its next page as it is scrolled to the bottom. While open the box holds the search
 * text, and the choice shows as its placeholder; closed, it shows the choice.
 */
export function PagedCombobox({
  load,
  sourceKey,
  selected,
  onSelect,
  onBlur,
  disabled,
  placeholder,
  ...rest
}: PagedComboboxProps) {
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim());
  const { options, loading, failed, loadMore } = usePagedOptions(load, sourceKey, keyword, open);

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - NEAR_BOTTOM_PX) loadMore();
  };

  return (
    <Combobox
      className={styles.combobox}
      aria-label={rest['aria-label']}
      disabled={disabled}
      value={open ? typed : (selected?.name ?? '')}
      placeholder={open && selected ? selected.name : placeholder}
      selectedOptions={selected ? [selected.id] : []}
      open={open}
      onOpenChange={(_, data) => {
        setOpen(data.open);
        if (!data.open) setTyped('');
      }}
      onChange={(event) => {
        setTyped(event.target.value);
        setOpen(true);
      }}
      onOptionSelect={(_, data) => {
        const option = options.find((candidate) => candidate.id === data.optionValue);
        if (option) onSelect(option);
      }}
      onBlur={onBlur}
      listbox={{ className: styles.listbox, onScroll }}
    >
      {options.map((option) => (
        <Option key={option.id} value={option.id}>
          {option.name}
        </Option>
      ))}
      {loading ? (
        <Option key={STATUS} value={STATUS} text={t('workflowAssignment.loading')} disabled>
          <Spinner size="extra-tiny" label={t('workflowAssignment.loading')} />
        </Option>
      ) : options.length === 0 ? (
        <Option key={STATUS} value={STATUS} disabled>
          {failed ? t('workflowAssignment.loadFailed') : t('workflowAssignment.empty')}
        </Option>
      ) : null}
    </Combobox>
  );
}
