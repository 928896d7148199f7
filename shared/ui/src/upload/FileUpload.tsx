import { useRef, useState, type DragEvent } from 'react';
import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular, DocumentRegular } from '@fluentui/react-icons';
import { formatBytes } from '../format/bytes.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { addUploadFiles, type UploadLimits, type UploadProblem } from './upload-files.ts';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalL,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'center',
  },
  over: {
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  name: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  problem: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
});

export interface FileUploadProps extends UploadLimits {
  /** the chosen files */
  value: readonly File[];
  onChange: (files: File[]) => void;
  /** the box's accessible name, already translated; default: the kit's 'attachments' */
  label?: string;
  disabled?: boolean;
}

/**
 * A drop zone and file button with count, size and type limits (catalogues §5.3): files of other
 * types are skipped silently; too many files or too large ones show 'maxUploadFile' or
 * 'maxFileSize'. Lists the chosen files with their size and a remove button.
 */
export function FileUpload({ value, onChange, label, disabled = false, ...limits }: FileUploadProps) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const name = label ?? t('upload.label');

  const add = (incoming: File[]) => {
    const result = addUploadFiles(value, incoming, limits);
    setProblem(result.problem);
    if (result.files.length !== value.length) onChange(result.files);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) add([...event.dataTransfer.files]);
  };

  return (
    <div role="group" aria-label={name}>
      <div
        className={mergeClasses(styles.box, over && styles.over)}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="upload-drop-zone"
      >
        <ArrowUploadRegular fontSize={24} aria-hidden />
        <Text>{t('upload.dropHere')}</Text>
        <Button disabled={disabled} onClick={() => input.current?.click()}>
          {t('upload.browse')}
        </Button>
        <Text size={200}>
          {t('upload.limits', { max: limits.maxFiles ?? 10, size: limits.maxSizeMB ?? 5 })}
        </Text>
        <input
          ref={input}
          className={styles.hidden}
          type="file"
          multiple
          accept={limits.accept?.join(',')}
          aria-label={t('upload.browse')}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {problem && (
        <Text role="alert" className={styles.problem}>
          {problem.key === 'maxUploadFile'
            ? t('upload.maxUploadFile', { max: problem.max })
            : t('upload.maxFileSize', { size: problem.size })}
        </Text>
      )}
      {value.length > 0 && (
        <ul className={styles.list} aria-label={t('upload.chosen')}>
          {value.map((file, index) => (
            <li key={`${file.name}-${index}`} className={styles.item}>
              <DocumentRegular aria-hidden />
              <Text className={styles.name}>{file.name}</Text>
              <Text size={200}>{formatBytes(file.size)}</Text>
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('upload.remove', { name: file.name })}
                disabled={disabled}
                onClick={() => {
                  setProblem(null);
                  onChange(value.filter((_, i) => i !== index));
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
