import { useEffect, useRef, useState } from 'react';
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
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import type { AnyResourceContract, Label } from '@hcm/contracts/resource';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { documentPrintApi } from './document-print-api.ts';
import { DOCUMENT_TEMPLATE_MENU, menuTrailOf, menuTrailText } from './menu-path.ts';
import { usePrintFailureText } from './print-failure-text.ts';
import { downloads, resourceApi, type DownloadedFile } from './resource-api.ts';
import { useDocumentTemplates } from './use-document-templates.ts';

/** A placeholder a template may use (@hcm/contracts/documents MergeField). */
export interface PrintPlaceholder {
  readonly key: string;
  readonly label: Label;
  readonly items?: readonly PrintPlaceholder[];
}

export interface PrintDocumentDialogProps {
  contract: AnyResourceContract;
  recordId: string;
  /** what the record's templates may use: listed for the template's author */
  placeholders: readonly PrintPlaceholder[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const useStyles = makeStyles({
  surface: { maxWidth: 'min(960px, calc(100vw - 32px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  preview: {
    flexShrink: 0,
    maxHeight: '60vh',
    overflow: 'auto',
    backgroundColor: tokens.colorNeutralBackground3,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  placeholders: { fontSize: tokens.fontSizeBase200, flexShrink: 0 },
  placeholderList: { maxHeight: '40vh', overflowY: 'auto' },
  table: { borderCollapse: 'collapse', width: '100%', marginTop: tokens.spacingVerticalS },
  cell: {
    textAlign: 'start',
    padding: `2px ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    verticalAlign: 'top',
  },
  key: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  nested: { paddingLeft: tokens.spacingHorizontalXL },
});

/** Every placeholder as a row: a loop's fields under it (`{#allowances}…{/allowances}`). */
function placeholderRows(
  placeholders: readonly PrintPlaceholder[],
): { key: string; label: Label; nested: boolean }[] {
  return placeholders.flatMap((placeholder) =>
    placeholder.items
      ? [
          { key: `{#${placeholder.key}} … {/${placeholder.key}}`, label: placeholder.label, nested: false },
          ...placeholder.items.map((item) => ({ key: `{${item.key}}`, label: item.label, nested: true })),
        ]
      : [{ key: `{${placeholder.key}}`, label: placeholder.label, nested: false }],
  );
}

/**
 * "Print" on a record's page (issue 11, documents from templates): choose one of the active Word
 * templates of the record's type, see the filled document in the page (rendered from the .docx
 * itself), and download it. A refusal is said in the user's words (usePrintFailureText: a
 * template that does not fit, a 403 and why, a 5xx), never the server's English message. The
 * placeholders the record offers are listed for whoever writes the templates.
 * Issue 27: the document can also be had as PDF, converted on the server by LibreOffice in the
 * job queue; a server without LibreOffice offers .docx only and the dialog says why. Where to add
 * templates is named by the menu's own trail (@hcm/contracts MENU), in the current language.
 */
export function PrintDocumentDialog({
  contract,
  recordId,
  placeholders,
  open,
  onOpenChange,
}: PrintDocumentDialogProps) {
  const styles = useStyles();
  const { t, i18n } = useUiTranslation();
  const printFailureText = usePrintFailureText();
  const language = i18n.language === 'en' ? 'en' : 'vi';
  const calls = resourceApi(contract);
  const { templates, chosen, choose } = useDocumentTemplates(contract, recordId, open);
  const [file, setFile] = useState<DownloadedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [converting, setConverting] = useState(false);
  // null while the server is asked whether it has LibreOffice
  const [pdfAvailable, setPdfAvailable] = useState<boolean | null>(null);
  const preview = useRef<HTMLDivElement>(null);
  const stopWaiting = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    void documentPrintApi.pdfAvailable().then((available) => alive && setPdfAvailable(available));
    return () => {
      alive = false;
      stopWaiting.current?.abort();
    };
  }, [open]);

  const close = () => {
    stopWaiting.current?.abort();
    setConverting(false);
    choose(null);
    setFile(null);
    setProblem(null);
    onOpenChange(false);
  };

  const show = async () => {
    if (!chosen) return;
    setBusy(true);
    setProblem(null);
    setFile(null);
    try {
      const printed = await calls.printDocument(recordId, chosen);
      setFile(printed);
      const container = preview.current;
      if (container) {
        container.replaceChildren();
        // docx-preview (and the zip reader it brings) is loaded on the first preview only
        const { renderAsync } = await import('docx-preview');
        await renderAsync(printed.blob, container, undefined, {
          className: 'hcm-docx',
          inWrapper: true,
          breakPages: true,
          ignoreLastRenderedPageBreak: true,
        });
      }
    } catch (error) {
      setProblem(printFailureText(error, t('print.failed')));
    } finally {
      setBusy(false);
    }
  };

  const downloadPdf = async () => {
    if (!chosen) return;
    const waiting = new AbortController();
    stopWaiting.current = waiting;
    setConverting(true);
    setProblem(null);
    try {
      const printed = await documentPrintApi.printPdf(contract, recordId, chosen, waiting.signal);
      if (waiting.signal.aborted) return;
      // a document the server could not convert: its reason is for the logs, the .docx still works
      if (printed.ok) downloads.save(printed.file);
      else setProblem(t('print.pdfFailed'));
    } catch (error) {
      if (!waiting.signal.aborted) setProblem(printFailureText(error, t('print.pdfFailed')));
    } finally {
      if (!waiting.signal.aborted) setConverting(false);
    }
  };

  const chosenName = templates?.find((template) => template.id === chosen)?.name ?? '';

  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? onOpenChange(true) : close())}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('print.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            {templates === null ? (
              <Spinner size="small" label={t('table.loading')} />
            ) : templates.length === 0 ? (
              <MessageBar intent="info">
                <MessageBarBody>
                  {t('print.noTemplates', { menuPath: menuTrailText(menuTrailOf(DOCUMENT_TEMPLATE_MENU)) })}
                </MessageBarBody>
              </MessageBar>
            ) : (
              <Field label={t('print.template')} required>
                <Dropdown
                  value={chosenName}
                  selectedOptions={chosen ? [chosen] : []}
                  placeholder={t('print.chooseTemplate')}
                  onOptionSelect={(_, data) => {
                    choose(data.optionValue ?? null);
                    setFile(null);
                    setProblem(null);
                    preview.current?.replaceChildren();
                  }}
                >
                  {templates.map((template) => (
                    <Option key={template.id} value={template.id}>
                      {template.name}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            )}
            {problem && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{problem}</MessageBarBody>
              </MessageBar>
            )}
            {pdfAvailable === false && (
              <MessageBar intent="info">
                <MessageBarBody>{t('print.pdfUnavailable')}</MessageBarBody>
              </MessageBar>
            )}
            {busy && <Spinner size="small" label={t('print.preparing')} />}
            {converting && <Spinner size="small" label={t('print.converting')} />}
            <div
              ref={preview}
              className={styles.preview}
              hidden={!file}
              role="document"
              aria-label={t('print.preview')}
              tabIndex={0}
            />
            <details className={styles.placeholders}>
              <summary>{t('print.placeholders')}</summary>
              <div
                className={styles.placeholderList}
                tabIndex={0}
                role="region"
                aria-label={t('print.placeholders')}
              >
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th className={styles.cell} scope="col">
                        {t('print.placeholder')}
                      </th>
                      <th className={styles.cell} scope="col">
                        {t('print.meaning')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {placeholderRows(placeholders).map((row, index) => (
                      <tr key={`${index}:${row.key}`}>
                        <td className={mergeClasses(styles.cell, styles.key, row.nested && styles.nested)}>
                          {row.key}
                        </td>
                        <td className={styles.cell}>{row.label[language]}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('print.close')}</Button>
            {/* focusable while working: a disabled button would drop the focus out of the dialog,
                whose surface hears Escape */}
            <Button disabled={!chosen} disabledFocusable={busy} onClick={() => void show()}>
              {t('print.show')}
            </Button>
            <Button
              appearance="primary"
              disabled={!file || busy}
              onClick={() => file && downloads.save(file)}
            >
              {t('print.download')}
            </Button>
            {pdfAvailable && (
              <Button disabled={!chosen} disabledFocusable={converting} onClick={() => void downloadPdf()}>
                {t('print.downloadPdf')}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The "Print" button of a record's page, opening the dialog. */
export function PrintDocumentButton(props: Omit<PrintDocumentDialogProps, 'open' | 'onOpenChange'>) {
  const { t } = useUiTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('print.button')}</Button>
      {open && <PrintDocumentDialog {...props} open={open} onOpenChange={setOpen} />}
    </>
  );
}
