import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { notify } from '../toast/notify.ts';
import { FileUpload } from '../upload/FileUpload.tsx';
import { importRefusalText } from './import-refusal.ts';
import { downloads, resourceApi, type DownloadedFile } from './resource-api.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface ImportDialogProps {
  contract: AnyResourceContract;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** after rows were imported: the list reloads */
  onImported: (count: number) => void;
  /** one of the contract's subImports (a record's parts) instead of the records themselves */
  part?: string;
}

type Outcome =
  { kind: 'failed'; file: DownloadedFile; rows: number | null } | { kind: 'error'; message: string };

/**
 * Import from a workbook (catalogues §7.1): download the template, choose one .xlsx file, upload
 * with a progress bar. All or nothing: when rows fail, the server's import_err workbook (the rows
 * with a column of messages) is offered for download and nothing is imported. A refused file
 * (or a refused call: 403, 413, 5xx) is said in the dialog in the user's words, by its key.
 */
export function ImportDialog({ contract, title, open, onOpenChange, onImported, part }: ImportDialogProps) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const calls = resourceApi(contract);
  const uploading = progress !== null;

  const close = () => {
    setFiles([]);
    setProgress(null);
    setOutcome(null);
    onOpenChange(false);
  };

  const refusal = (error: unknown) => importRefusalText(error, (key, params) => t(key, params));

  const upload = async () => {
    const file = files[0];
    if (!file || uploading) return;
    setOutcome(null);
    setProgress(0);
    try {
      const result = await calls.importFile(file, setProgress, part);
      if (result.ok) {
        // a syncing import (languages) also updates the records its rows name
        void notify.success(
          result.updated > 0
            ? t('resource.importedAndUpdated', { added: result.imported, updated: result.updated })
            : t('resource.imported', { count: result.imported }),
        );
        close();
        onImported(result.imported + result.updated);
      } else if ('errorFile' in result) {
        setOutcome({ kind: 'failed', file: result.errorFile, rows: result.failedRows });
      } else setOutcome({ kind: 'error', message: refusal(result.error) });
    } catch (error) {
      // a quiet call (ignoreError): no toast has told the user, the dialog does
      setOutcome({ kind: 'error', message: refusal(error) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? onOpenChange(true) : close())}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('resource.importTitle', { name: title })}</DialogTitle>
          <DialogContent className={styles.content}>
            <div>
              <Button
                appearance="secondary"
                onClick={() =>
                  void calls
                    .downloadTemplate(part)
                    .then(downloads.save)
                    .catch(() => undefined)
                }
              >
                {t('resource.downloadTemplate')}
              </Button>
            </div>
            <FileUpload
              value={files}
              onChange={(chosen) => {
                setFiles(chosen.slice(-1));
                setOutcome(null);
              }}
              accept={['.xlsx']}
              maxFiles={1}
              label={t('resource.importFile')}
              disabled={uploading}
            />
            {uploading && (
              <Field label={t('resource.uploading')} validationState="none">
                <ProgressBar value={(progress ?? 0) / 100} max={1} />
              </Field>
            )}
            {outcome?.kind === 'failed' && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>
                  {outcome.rows === null
                    ? t('resource.importFailedRows')
                    : t('resource.importFailedCount', { count: outcome.rows })}{' '}
                  <Button appearance="transparent" onClick={() => downloads.save(outcome.file)}>
                    {t('resource.downloadErrors')}
                  </Button>
                </MessageBarBody>
              </MessageBar>
            )}
            {outcome?.kind === 'error' && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{outcome.message}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={uploading}>
              {t('resource.close')}
            </Button>
            <Button
              appearance="primary"
              disabled={files.length === 0 || uploading}
              onClick={() => void upload()}
            >
              {t('resource.upload')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
