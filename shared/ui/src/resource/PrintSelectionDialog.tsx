import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { documentPrintApi } from './document-print-api.ts';
import { DOCUMENT_TEMPLATE_MENU, menuTrailOf, menuTrailText } from './menu-path.ts';
import { usePrintFailureText } from './print-failure-text.ts';
import { downloads } from './resource-api.ts';
import { useDocumentTemplates } from './use-document-templates.ts';

/** Records printed at once at most: the server's bound (POST {path}/documents). */
export const MAX_PRINT_SELECTION = 200;

export interface PrintSelectionDialogProps {
  contract: AnyResourceContract;
  ids: string[];
  open: boolean;
  onClose: () => void;
}

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * "Print" for a list's selection (issue 27, bulk actions): one template for every chosen record,
 * downloaded as one .zip of .docx files named by record. The templates offered are those of the
 * first chosen record's type; a record of another type, like any refusal, is said in the user's
 * words (usePrintFailureText), never the server's English message.
 */
export function PrintSelectionDialog({ contract, ids, open, onClose }: PrintSelectionDialogProps) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const printFailureText = usePrintFailureText();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tooMany = ids.length > MAX_PRINT_SELECTION;
  const { templates, chosen, choose } = useDocumentTemplates(contract, ids[0], open);

  const close = () => {
    choose(null);
    setProblem(null);
    onClose();
  };

  const print = async () => {
    if (!chosen) return;
    setBusy(true);
    setProblem(null);
    try {
      downloads.save(await documentPrintApi.printSelection(contract, ids, chosen));
      close();
    } catch (error) {
      setProblem(printFailureText(error, t('print.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('print.selectionTitle', { count: ids.length })}</DialogTitle>
          <DialogContent className={styles.content}>
            {tooMany ? (
              <MessageBar intent="warning">
                <MessageBarBody>
                  {t('print.selectionTooMany', { max: MAX_PRINT_SELECTION, count: ids.length })}
                </MessageBarBody>
              </MessageBar>
            ) : templates === null ? (
              <Spinner size="small" label={t('table.loading')} />
            ) : templates.length === 0 ? (
              <MessageBar intent="info">
                <MessageBarBody>
                  {t('print.noTemplates', { menuPath: menuTrailText(menuTrailOf(DOCUMENT_TEMPLATE_MENU)) })}
                </MessageBarBody>
              </MessageBar>
            ) : (
              <>
                <Field label={t('print.template')} required hint={t('print.selectionHint')}>
                  <Dropdown
                    value={templates.find((template) => template.id === chosen)?.name ?? ''}
                    selectedOptions={chosen ? [chosen] : []}
                    placeholder={t('print.chooseTemplate')}
                    onOptionSelect={(_, data) => {
                      choose(data.optionValue ?? null);
                      setProblem(null);
                    }}
                  >
                    {templates.map((template) => (
                      <Option key={template.id} value={template.id}>
                        {template.name}
                      </Option>
                    ))}
                  </Dropdown>
                </Field>
              </>
            )}
            {problem && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{problem}</MessageBarBody>
              </MessageBar>
            )}
            {busy && <Spinner size="small" label={t('print.preparing')} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('print.close')}</Button>
            {/* focusable while printing: a disabled button would drop the focus out of the dialog (Escape lost) */}
            <Button
              appearance="primary"
              disabled={!chosen || tooMany}
              disabledFocusable={busy}
              onClick={() => void print()}
            >
              {t('print.selectionDownload')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** "Print the selection" on a list's bulk bar: the button and, once pressed, its dialog. */
export function PrintSelectionButton({ contract, ids }: Pick<PrintSelectionDialogProps, 'contract' | 'ids'>) {
  const { t } = useUiTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('print.selectionButton', { count: ids.length })}</Button>
      {open && <PrintSelectionDialog contract={contract} ids={ids} open onClose={() => setOpen(false)} />}
    </>
  );
}
