import { useId, type ReactNode } from 'react';
import { Body1, Card, Subtitle2, makeStyles, tokens } from '@hcm/ui';
import { followInPortal } from '../../../navigation/follow-link.ts';

export const useCardStyles = makeStyles({
  row: {
    display: 'grid',
    // two across on a 390 px phone, five or six on a 1366 px screen
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  lists: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  card: { height: '100%', boxSizing: 'border-box', gap: tokens.spacingVerticalS },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  title: { margin: 0 },
  number: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  muted: { color: tokens.colorNeutralForeground3 },
  items: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  item: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
  },
  itemName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  itemValue: { flexShrink: 0, fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground2 },
});

/** A link inside the portal (no reload), styled as the dashboard's links. */
export function PortalLink({ to, label, children }: { to: string; label?: string; children: ReactNode }) {
  const styles = useCardStyles();
  return (
    <a href={to} className={styles.link} onClick={followInPortal(to)} aria-label={label}>
      {children}
    </a>
  );
}

/**
 * One number of the first row: its title, the number (a link to the list it counts when it
 * has one and is not zero), and when zero the card's "no data" sentence instead of a bare 0.
 */
export function NumberCard({
  title,
  count,
  to,
  empty,
  slot,
}: {
  title: string;
  count: number;
  to?: string | null;
  /** what the card says when the count is zero */
  empty: string;
  slot: string;
}) {
  const styles = useCardStyles();
  const headingId = useId();
  const number = count.toLocaleString('vi-VN');
  return (
    <Card className={styles.card} data-slot={slot} role="group" aria-labelledby={headingId}>
      <Subtitle2 as="h3" id={headingId} className={styles.title}>
        {title}
      </Subtitle2>
      {count === 0 ? (
        <Body1 className={styles.muted}>{empty}</Body1>
      ) : (
        <span className={styles.number}>
          {to ? (
            <PortalLink to={to} label={`${title}: ${number}`}>
              {number}
            </PortalLink>
          ) : (
            number
          )}
        </span>
      )}
    </Card>
  );
}

/** A card of rows (name and value), or its "no data" sentence. */
export function ListCard({
  title,
  empty,
  slot,
  children,
  footer,
}: {
  title: string;
  empty: string;
  slot: string;
  children: ReactNode[];
  footer?: ReactNode;
}) {
  const styles = useCardStyles();
  const headingId = useId();
  return (
    <Card className={styles.card} data-slot={slot}>
      <section aria-labelledby={headingId} className={styles.section}>
        <Subtitle2 as="h3" id={headingId} className={styles.title}>
          {title}
        </Subtitle2>
        {children.length === 0 ? (
          <Body1 className={styles.muted}>{empty}</Body1>
        ) : (
          <ul className={styles.items}>{children}</ul>
        )}
        {footer}
      </section>
    </Card>
  );
}
