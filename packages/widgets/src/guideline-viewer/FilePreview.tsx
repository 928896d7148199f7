import { Spinner, Text, makeStyles, tokens, useFailureText } from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { PREVIEW_FRAME_HEIGHT, previewKindOf } from './preview-kind.ts';
import { useFileBlob } from './use-file-blob.ts';

const useStyles = makeStyles({
  frame: { width: '100%', height: `${PREVIEW_FRAME_HEIGHT}px`, border: 'none', display: 'block' },
  media: { display: 'block', maxWidth: '100%', maxHeight: `${PREVIEW_FRAME_HEIGHT}px`, marginInline: 'auto' },
  state: {
    minHeight: '160px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
  },
});

export interface FilePreviewProps {
  /** where the file is read (with the session's token); absent: 'url is required' */
  url?: string;
  /** its name, for the frame's title and the kind when the server does not say */
  name: string;
}

/**
 * A file shown inline (core §2): a PDF in a frame 678 px high, an image, a video; word, excel,
 * json, zip and the rest say the preview is not supported; a file the server does not have says
 * 'File not found'. A spinner shows for at least 1000 ms.
 */
export function FilePreview({ url, name }: FilePreviewProps) {
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  const failureText = useFailureText();
  const file = useFileBlob(url);
  if (file.status === 'missing-url')
    return (
      <Text role="alert" className={styles.state}>
        {t('guideline.urlRequired')}
      </Text>
    );
  if (file.status === 'loading')
    return <Spinner className={styles.state} label={t('guideline.loading')} labelPosition="below" />;
  if (file.status === 'not-found')
    return (
      <Text role="alert" className={styles.state}>
        {t('guideline.notFound')}
      </Text>
    );
  if (file.status === 'failed')
    return (
      <Text role="alert" className={styles.state}>
        {t('guideline.failed', { message: failureText(file.error) })}
      </Text>
    );
  const kind = previewKindOf(name, file.contentType);
  if (kind === 'pdf') return <iframe className={styles.frame} src={file.objectUrl} title={name} />;
  if (kind === 'image') return <img className={styles.media} src={file.objectUrl} alt={name} />;
  if (kind === 'video')
    return <video className={styles.media} src={file.objectUrl} controls aria-label={name} />;
  return <Text className={styles.state}>{t('guideline.notSupported')}</Text>;
}
