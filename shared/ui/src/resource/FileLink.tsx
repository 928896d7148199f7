import { useState } from 'react';
import { Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { formatBytes } from '../format/bytes.ts';
import { downloadFieldFile, type StoredFile } from './file-field-api.ts';

const useStyles = makeStyles({
  size: { color: tokens.colorNeutralForeground3, marginInlineStart: tokens.spacingHorizontalXS },
  list: {
    margin: 0,
    paddingInlineStart: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
});

/**
 * A file field's value on a detail page: the file's name as a link that downloads it (the
 * storage service answers it as an attachment named after the file), and its size.
 */
export function FileLink({ file }: { file: StoredFile }) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <span>
      <Link
        as="button"
        disabled={busy}
        aria-label={t('fileInput.download', { name: file.fileName })}
        onClick={() => {
          setBusy(true);
          downloadFieldFile(file)
            .catch(() => undefined) // the shared client has told the user
            .finally(() => setBusy(false));
        }}
      >
        {file.fileName}
      </Link>
      <Text className={styles.size}>({formatBytes(file.size)})</Text>
    </span>
  );
}

/** A files field's value on a detail page: each file a download link, in the order attached. */
export function FileLinks({ files }: { files: readonly StoredFile[] }) {
  const styles = useStyles();
  return (
    <ul className={styles.list}>
      {files.map((file) => (
        <li key={file.id}>
          <FileLink file={file} />
        </li>
      ))}
    </ul>
  );
}
