import { use, useState } from 'react';
import { FieldLimits } from '@hcm/contracts';
import { documentTemplateContract } from '@hcm/contracts/settings';
import { Button, Field, Input, PaginationBar, SearchRegular, Text, makeStyles, tokens } from '@hcm/ui';
import { dialogKit } from '../dialog-kit.ts';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { useLabelText } from './contract-labels.ts';
import type { DocumentTemplatePickerProps, PickedTemplate } from './DocumentTemplatePicker.tsx';
import { isSelectable, toggleAll, toggleOne, type Chosen } from './selection.ts';
import { TemplateTable } from './TemplateTable.tsx';
import { FIRST_PAGE, cleanKeyword, type TemplateQuery } from './template-query.ts';
import { initialTypeFilter } from './template-types.ts';
import { TypeFilterField } from './TypeFilterField.tsx';
import { useTemplatePage } from './use-template-page.ts';

const useStyles = makeStyles({
  // wide enough for the seven columns; a phone gets the screen less a margin, the table scrolls
  surface: { width: '1000px', maxWidth: 'calc(100vw - 32px)' },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  search: { flex: '2 1 240px' },
  filter: { flex: '1 1 200px', minWidth: 0 },
  count: { marginInlineEnd: 'auto', alignSelf: 'center', color: tokens.colorNeutralForeground3 },
});

/** The picker's modal: a lazy chunk of the widgets (DocumentTemplatePicker.tsx). */
export function TemplatePickerDialog({
  multiple,
  fixedType,
  types,
  preselectedIds,
  onDone,
}: DocumentTemplatePickerProps) {
  const { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } = use(dialogKit());
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  const labelText = useLabelText();
  // the opener's filter as the dialog opened (it opens afresh each time)
  const [filter] = useState(() => initialTypeFilter({ fixedType, types, multiple }));
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<TemplateQuery>(() => ({
    keyword: '',
    types: filter.types,
    ...FIRST_PAGE,
  }));
  const page = useTemplatePage(query);
  const [chosen, setChosen] = useState<Chosen<PickedTemplate>>(() => new Map());

  const isChoosable = (row: PickedTemplate) => isSelectable(row.id, preselectedIds);
  const title = labelText(documentTemplateContract.title);
  const cancel = () => onDone({ success: false, items: [] });
  const confirm = (items: PickedTemplate[]) => {
    if (items.length > 0) onDone({ success: true, items });
  };

  return (
    <Dialog
      open
      modalType="modal"
      onOpenChange={(_, data) => {
        if (!data.open) cancel();
      }}
    >
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <div className={styles.toolbar}>
              <Field label={t('templatePicker.search')} className={styles.search}>
                <Input
                  type="search"
                  value={typed}
                  maxLength={FieldLimits.search}
                  placeholder={t('templatePicker.searchPlaceholder')}
                  contentBefore={<SearchRegular />}
                  onChange={(_, data) => setTyped(data.value.slice(0, FieldLimits.search))}
                  // core §2: the search runs on Enter, not as the user types
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    setQuery((q) => ({
                      ...q,
                      keyword: cleanKeyword(typed),
                      pageIndex: FIRST_PAGE.pageIndex,
                    }));
                  }}
                />
              </Field>
              <TypeFilterField
                className={styles.filter}
                filter={filter}
                value={query.types}
                onChange={(next) => setQuery((q) => ({ ...q, types: next, pageIndex: FIRST_PAGE.pageIndex }))}
              />
            </div>
            <TemplateTable
              label={title}
              rows={page.rows}
              multiple={multiple}
              chosen={chosen}
              isChoosable={isChoosable}
              rowOffset={page.offset}
              loading={page.loading}
              failed={page.failed}
              onRetry={page.retry}
              onToggle={(row) => setChosen((now) => toggleOne(row, now, multiple))}
              onToggleAll={() => setChosen((now) => toggleAll(page.rows.filter(isChoosable), now))}
              onConfirm={(row) => confirm([row])}
            />
            {page.total > query.pageSize ? (
              <PaginationBar
                pageIndex={query.pageIndex}
                pageSize={query.pageSize}
                total={page.total}
                disabled={page.loading}
                onChange={(pageIndex, pageSize) => setQuery((q) => ({ ...q, pageIndex, pageSize }))}
              />
            ) : null}
          </DialogContent>
          <DialogActions fluid>
            {multiple ? (
              <Text className={styles.count} role="status">
                {t('templatePicker.chosenCount', { count: chosen.size })}
              </Text>
            ) : null}
            <Button appearance="secondary" onClick={cancel}>
              {t('templatePicker.cancel')}
            </Button>
            <Button
              appearance="primary"
              disabled={chosen.size === 0}
              onClick={() => confirm([...chosen.values()])}
            >
              {t('templatePicker.select')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
