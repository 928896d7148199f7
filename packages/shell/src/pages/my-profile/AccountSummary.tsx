import type { Profile } from '@hcm/contracts';
import { Body1, Card, Subtitle1, makeStyles, tokens } from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import { useProfileStyles } from './form-styles.ts';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  row: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

/** The profile as the server has it: who the user is, where, at which level. */
export function AccountSummary({ profile }: { profile: Profile }) {
  const styles = useStyles();
  const cardStyles = useProfileStyles();
  const { t } = useShellTranslation();
  const prefix = 'pages.myProfile.account';
  const rows: [string, string][] = [
    [t(`${prefix}.username`), profile.username],
    [t(`${prefix}.fullName`), profile.fullName],
    [t(`${prefix}.email`), profile.email ?? t(`${prefix}.noEmail`)],
    [t(`${prefix}.tenant`), profile.tenantName ?? t(`${prefix}.noTenant`)],
    [t(`${prefix}.userLevel`), t(`${prefix}.levels.${profile.userPrimary.userLevel}`)],
    [t(`${prefix}.language`), t(`language.${profile.language}`)],
  ];
  return (
    <Card className={cardStyles.card}>
      <Subtitle1 as="h2" className={cardStyles.heading}>
        {t(`${prefix}.heading`)}
      </Subtitle1>
      <dl className={styles.list}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.row}>
            <dt className={styles.term}>
              <Body1>{term}</Body1>
            </dt>
            <dd className={styles.value}>
              <Body1>{value}</Body1>
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
