import { useRef, useState } from 'react';
import { Button, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular, DocumentRegular } from '@fluentui/react-icons';
import type { FileField } from '@hcm/contracts/resource';
import { formatBytes } from '../format/bytes.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import type { FieldBinding } from '../form/use-form-state.ts';
import type { FormValue } from './contract-form.ts';
import { extensionOf, uploadFieldFile, useOwnerTypeLimits, type StoredFile } from './file-field-api.ts';
import { ImagePreview } from './ImagePreview.tsx';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  file: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minWidth: 0,
    maxWidth: '100%',
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  icon: { flexShrink: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  // the size stays on one line beside the name, which is the one cut short
  size: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap', flexShrink: 0 },
  problem: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
});

export interface FileInputProps {
  field: FileField;
  binding: FieldBinding<FormValue>;
  /** the accessible name of the control, already translated */
  label: string;
  /** the record's file (`<field>Info`) when the form edits one */
  stored: StoredFile | null;
  disabled?: boolean;
}

/**
 * A file or image field of the generic form (an image shows its thumbnail above its name): choose a file (checked here against the field's extensions
 * and its owner type's size limit before anything is sent), upload it to the storage service
 * under the field's owner type with a progress bar, and keep the returned id as the field's
 * value. Shows the chosen or stored file's name and size, offers to replace or remove it, and
 * says why a file was refused (the server's refusal in the user's words: useFailureText).
 */
export function FileInput({ field, binding, label, stored, disabled }: FileInputProps) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const failureText = useFailureText();
  const picker = useRef<HTMLInputElement>(null);
  const { value, onChange, onBlur } = binding;
  const [current, setCurrent] = useState<StoredFile | null>(stored && stored.id === value ? stored : null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { maxBytes, allowed } = useOwnerTypeLimits(field);

  const types = allowed.map((extension) => `.${extension}`).join(', ');
  const shown = current && current.id === value ? current : null;
  const busy = progress !== null;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (!allowed.includes(extensionOf(file.name))) {
      setProblem(t('fileInput.wrongType', { name: file.name, types }));
      return;
    }
    if (maxBytes !== null && file.size > maxBytes) {
      setProblem(t('fileInput.tooLarge', { name: file.name, size: formatBytes(maxBytes) }));
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadFieldFile(file, field.ownerType, setProgress);
      setCurrent(uploaded);
      onChange(uploaded.id);
    } catch (error) {
      setProblem(failureText(error, { label, fallback: t('fileInput.uploadFailed') }));
    } finally {
      setProgress(null);
      onBlur();
    }
  };

  return (
    <div className={styles.box} role="group" aria-label={label} aria-busy={busy || undefined}>
      <input
        ref={picker}
        className={styles.hidden}
        type="file"
        tabIndex={-1}
        aria-hidden="true"
        accept={allowed.map((extension) => `.${extension}`).join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void choose(file);
        }}
      />
      {shown && field.kind === 'image' && <ImagePreview file={shown} round={field.ownerType === 'AVATAR'} />}
      {shown && (
        <div className={styles.file} data-testid="file-input-current">
          <DocumentRegular className={styles.icon} aria-hidden="true" />
          <Text className={styles.name} title={shown.fileName}>
            {shown.fileName}
          </Text>
          <Text className={styles.size}>({formatBytes(shown.size)})</Text>
        </div>
      )}
      {!shown && typeof value === 'string' && value !== '' && (
        <Text className={styles.hint}>{t('fileInput.storedFile')}</Text>
      )}
      <div className={styles.row}>
        <Button
          icon={<ArrowUploadRegular />}
          disabled={disabled || busy}
          onClick={() => picker.current?.click()}
        >
          {value ? t('fileInput.replace') : t('fileInput.choose')}
        </Button>
        {value && (
          <Button
            appearance="subtle"
            icon={<DeleteRegular />}
            disabled={disabled || busy}
            aria-label={t('upload.remove', { name: shown?.fileName ?? label })}
            onClick={() => {
              setProblem(null);
              onChange(null);
              onBlur();
            }}
          >
            {t('fileInput.remove')}
          </Button>
        )}
      </div>
      {busy && (
        <ProgressBar
          value={(progress ?? 0) / 100}
          aria-label={t('fileInput.uploading', { percent: progress ?? 0 })}
        />
      )}
      <Text size={200} className={styles.hint}>
        {maxBytes === null
          ? t('fileInput.types', { types })
          : t('fileInput.limits', { types, size: formatBytes(maxBytes) })}
      </Text>
      {problem && (
        <Text role="alert" className={styles.problem}>
          {problem}
        </Text>
      )}
    </div>
  );
}
