import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useThumbnail } from '../avatar/thumbnails.ts';
import type { StoredFile } from './file-field-api.ts';

const useStyles = makeStyles({
  image: {
    display: 'block',
    width: '96px',
    height: '96px',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  round: { borderRadius: tokens.borderRadiusCircular, objectFit: 'cover' },
});

/**
 * An image field's picture: the stored image's 200×200 thumbnail at 96 px (round for a photo of a
 * person), nothing until it arrives or when the image has none.
 */
export function ImagePreview({ file, round }: { file: StoredFile; round?: boolean }) {
  const styles = useStyles();
  const url = useThumbnail(file.thumbnail === false ? null : file.id);
  if (!url) return null;
  return (
    <img
      className={mergeClasses(styles.image, round && styles.round)}
      src={url}
      alt={file.fileName}
      width={96}
      height={96}
      data-testid="image-preview"
    />
  );
}
