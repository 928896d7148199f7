import { useRef, useState, type DragEvent } from 'react';
import { Button, ProgressBar, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AttachRegular, DeleteRegular, DocumentRegular } from '@fluentui/react-icons';
import type { FilesField } from '@hcm/contracts/resource';
import { BYTES_PER_MB, formatBytes } from '../format/bytes.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import type { FieldBinding } from '../form/use-form-state.ts';
import { addUploadFiles, type UploadProblem } from '../upload/upload-files.ts';
import type { FormValue } from './contract-form.ts';
import { uploadFieldFile, useOwnerTypeLimits, type StoredFile } from './file-field-api.ts';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    minWidth: 0,
    padding: tokens.spacingVerticalXS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} dashed transparent`,
  },
  over: {
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  // the name is the one cut short, never the icon
  icon: { flexShrink: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  size: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap', flexShrink: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  problem: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
});

export interface FilesInputProps {
  field: FilesField;
  binding: FieldBinding<FormValue>;
  /** the accessible name of the control, already translated */
  label: string;
  /** the record's files (`<field>Info`) when the form edits one */
  stored: readonly StoredFile[];
  disabled?: boolean;
}

/**
 * A files field of the generic form (several attachments): choose or drop files; those of
 * another type are skipped silently, and too many or too large ones are refused with the
 * catalogue's messages (upload/upload-files.ts, limits from the field and its owner type) before
 * anything is sent. Each accepted file is uploaded under the field's owner type, one after the
 * other with a progress bar, and its id joins the field's value in the order chosen. Lists the
 * attached files with their size and a remove button.
 */
export function FilesInput({ field, binding, label, stored, disabled }: FilesInputProps) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const failureText = useFailureText();
  const picker = useRef<HTMLInputElement>(null);
  const { value, onChange, onBlur } = binding;
  const ids = Array.isArray(value) ? (value as string[]) : [];
  const [known, setKnown] = useState<ReadonlyMap<string, StoredFile>>(
    () => new Map(stored.map((file) => [file.id, file])),
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { maxBytes, allowed } = useOwnerTypeLimits(field);
  const [over, setOver] = useState(false);

  const busy = progress !== null;
  const types = allowed.map((extension) => `.${extension}`);
  const sizeMB = maxBytes === null ? undefined : maxBytes / BYTES_PER_MB;
  const problemText = (found: UploadProblem) =>
    found.key === 'maxUploadFile'
      ? t('upload.maxUploadFile', { max: found.max })
      : t('upload.maxFileSize', { size: found.size });

  const attach = async (incoming: File[]) => {
    if (incoming.length === 0 || busy || disabled) return;
    setProblem(null);
    // the files already attached count towards the limit, as the server counts them
    const placeholders = ids.map((id) => ({ name: id, type: '', size: 0 }));
    const { files: chosen, problem: found } = addUploadFiles<{ name: string; type: string; size: number }>(
      placeholders,
      incoming,
      { accept: types, maxFiles: field.maxItems, ...(sizeMB ? { maxSizeMB: sizeMB } : {}) },
    );
    if (found) setProblem(problemText(found));
    const fresh = chosen.slice(placeholders.length) as File[];
    let next = ids;
    const learnt = new Map(known);
    for (const file of fresh) {
      setProgress(0);
      try {
        const uploaded = await uploadFieldFile(file, field.ownerType, setProgress);
        learnt.set(uploaded.id, uploaded);
        next = [...next, uploaded.id];
      } catch (error) {
        setProblem(`${file.name}: ${failureText(error, { label, fallback: t('fileInput.uploadFailed') })}`);
        break;
      }
    }
    setProgress(null);
    setKnown(learnt);
    if (next !== ids) onChange(next);
    onBlur();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void attach([...event.dataTransfer.files]);
  };

  return (
    <div
      className={mergeClasses(styles.box, over && styles.over)}
      role="group"
      aria-label={label}
      aria-busy={busy || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled && !busy) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <input
        ref={picker}
        className={styles.hidden}
        type="file"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        accept={types.join(',')}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void attach(files);
        }}
      />
      {ids.length > 0 && (
        <ul className={styles.list} aria-label={t('upload.chosen')}>
          {ids.map((id) => {
            const file = known.get(id);
            const name = file?.fileName ?? t('fileInput.storedFile');
            return (
              <li key={id} className={styles.item} data-testid="files-input-item">
                <DocumentRegular className={styles.icon} aria-hidden="true" />
                <Text className={styles.name} title={name}>
                  {name}
                </Text>
                {file && <Text className={styles.size}>({formatBytes(file.size)})</Text>}
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<DeleteRegular />}
                  disabled={disabled || busy}
                  aria-label={t('upload.remove', { name })}
                  onClick={() => {
                    setProblem(null);
                    onChange(ids.filter((other) => other !== id));
                    onBlur();
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button
          icon={<AttachRegular />}
          disabled={disabled || busy || ids.length >= field.maxItems}
          onClick={() => picker.current?.click()}
        >
          {t('filesInput.attach')}
        </Button>
      </div>
      {busy && (
        <ProgressBar
          value={(progress ?? 0) / 100}
          aria-label={t('fileInput.uploading', { percent: progress ?? 0 })}
        />
      )}
      <Text size={200} className={styles.hint}>
        {t('filesInput.limits', {
          max: field.maxItems,
          types: types.join(', '),
          size: maxBytes === null ? '—' : formatBytes(maxBytes),
        })}
      </Text>
      {problem && (
        <Text role="alert" className={styles.problem}>
          {problem}
        </Text>
      )}
    </div>
  );
}
