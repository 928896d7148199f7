import { useId } from 'react';
import { Body1, Card, Subtitle1, Title2, makeStyles, tokens } from '@hcm/ui';
import { ShellLink } from '../../components/ShellLink.tsx';
import { ShellPaths } from '../../routing/shell-paths.ts';
import { useSession } from '../../session/use-session.ts';
import { useShellTranslation } from '../../shell-i18n.ts';
import { readPrivacySections, type PrivacySection } from './privacy-sections.ts';

const useStyles = makeStyles({
  card: {
    width: '100%',
    maxWidth: '760px',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    boxSizing: 'border-box',
    gap: tokens.spacingVerticalL,
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // The gaps space the text; the browser's own margins would double them.
  text: { margin: 0 },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
});

function NoticeSection({ section }: { section: PrivacySection }) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Subtitle1 as="h2" id={headingId} className={styles.text}>
        {section.heading}
      </Subtitle1>
      {section.paragraphs.map((paragraph) => (
        <Body1 as="p" key={paragraph} className={styles.text}>
          {paragraph}
        </Body1>
      ))}
      {section.items.length > 0 && (
        <ul className={styles.list}>
          {section.items.map((item) => (
            <li key={item}>
              <Body1>{item}</Body1>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /privacy-policy (public layout): how the portal processes employees' personal data, under
 * Decree 13/2023/ND-CP. The text lives in the dictionary as a list of sections, in both languages.
 */
export function PrivacyPolicyPage() {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const signedIn = useSession().status === 'signed-in';
  const sections = readPrivacySections(t('pages.privacy.sections', { returnObjects: true }));
  return (
    <Card className={styles.card}>
      <Title2 as="h1" className={styles.text}>
        {t('pages.privacy.title')}
      </Title2>
      <Body1 as="p" className={styles.text}>
        {t('pages.privacy.intro')}
      </Body1>
      {sections.map((section) => (
        <NoticeSection key={section.heading} section={section} />
      ))}
      {signedIn ? (
        <ShellLink to={ShellPaths.dashboard}>{t('pages.back.dashboard')}</ShellLink>
      ) : (
        <ShellLink to={ShellPaths.signIn}>{t('pages.back.signIn')}</ShellLink>
      )}
    </Card>
  );
}
