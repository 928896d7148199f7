import { hasAuthority } from '@hcm/contracts';
import { Subtitle2, goTo, makeStyles, tokens, useAuthorities } from '@hcm/ui';
import { MY_DOCUMENTS, authorityOf, createFor } from './documents.ts';
import type { MyTexts } from './texts.ts';
import { useSectionStyles } from './section-styles.ts';

const useStyles = makeStyles({
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalS,
  },
  action: {
    display: 'flex',
    alignItems: 'center',
    minHeight: '56px',
    height: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  plus: { marginRight: tokens.spacingHorizontalS, fontSize: tokens.fontSizeBase500 },
});

/** A plain click moves inside the portal (single-spa); a new-tab click is the browser's. */
export function follow(url: string) {
  return (event: React.MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    goTo(url);
  };
}

/**
 * "Tạo đơn": a big tap target per document the employee may create, each opening the document's
 * create form with their own employee record preset.
 */
export function QuickActions({ workerId, text }: { workerId: string; text: MyTexts }) {
  const styles = useStyles();
  const section = useSectionStyles();
  const authorities = useAuthorities();
  const allowed = MY_DOCUMENTS.filter(
    (contract) =>
      authorities && hasAuthority(authorities.granted, authorityOf(contract, 'create'), authorities.isRoot),
  );
  if (allowed.length === 0) return null;
  return (
    <section className={section.section} aria-labelledby="my-actions-title">
      <Subtitle2 as="h2" className={section.heading} id="my-actions-title">
        {text('quickActions')}
      </Subtitle2>
      <ul className={styles.grid}>
        {allowed.map((contract) => {
          const href = createFor(contract, workerId);
          return (
            <li key={contract.path}>
              <a className={styles.action} href={href} onClick={follow(href)}>
                <span className={styles.plus} aria-hidden="true">
                  +
                </span>
                {text.label(contract.singular)}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
