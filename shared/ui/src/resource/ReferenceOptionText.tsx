import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReferenceTarget } from '@hcm/contracts/resource';
import type { ResourceRecord } from './resource-api.ts';
import { referenceCode, referenceText } from './use-reference-texts.ts';

const useStyles = makeStyles({
  code: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    marginInlineStart: tokens.spacingHorizontalS,
  },
});

/**
 * A picker's option: the record's name in the page's language, then its code, muted, for HR who
 * tell two records of one name apart by it (the chosen value shows the name alone).
 */
export function ReferenceOptionText({
  record,
  target,
  language,
}: {
  record: ResourceRecord;
  target: ReferenceTarget;
  language: string;
}) {
  const styles = useStyles();
  const code = referenceCode(record, target, language);
  return (
    <span>
      {referenceText(record, target, language)}
      {code ? (
        <>
          {' '}
          <span className={styles.code}>{code}</span>
        </>
      ) : null}
    </span>
  );
}
