import { Tooltip, makeStyles } from '@fluentui/react-components';
import { truncateText, type TruncateKind } from '../format/truncate.ts';

const useStyles = makeStyles({ text: { cursor: 'default' } });

export interface TruncatedTextProps {
  text: string | null | undefined;
  /** a limit of catalogues §9 ('name' 50, 'code' 20, ...) or a number of characters */
  limit: TruncateKind | number;
}

/** The text cut to its limit with '...'; hovering or focusing it shows the whole text. */
export function TruncatedText({ text, limit }: TruncatedTextProps) {
  const styles = useStyles();
  const shown = truncateText(text, limit);
  if (!text || shown === text) return <>{text ?? ''}</>;
  return (
    <Tooltip content={text} relationship="description" withArrow>
      <span className={styles.text} tabIndex={0}>
        {shown}
      </span>
    </Tooltip>
  );
}
