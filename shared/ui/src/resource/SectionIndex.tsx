import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useUiTranslation } from '../i18n/ui-i18n.ts';

const useStyles = makeStyles({
  // stays at the top while the long record scrolls under it; wraps onto a second line on a
  // wider screen (every section in view), a row that scrolls sideways on a phone
  index: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingBlock: tokens.spacingVerticalXS,
  },
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    // the phone breakpoint of useScreenSize (screen-size.ts: mobile up to 767 px)
    '@media (max-width: 767px)': { flexWrap: 'nowrap', overflowX: 'auto' },
    gap: tokens.spacingHorizontalXS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  item: { flexShrink: 0 },
});

/** The sections a long record has, from this many on, get an index. */
export const SECTION_INDEX_FROM = 4;

export interface IndexedSection {
  /** the id of the section's element on the page */
  id: string;
  title: string;
}

/** The element id of a section of a record's page or form (stable, from its label key). */
export const sectionElementId = (prefix: string, key: string) =>
  `${prefix}-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/**
 * A sticky index of a long record's sections (issue 27: "a section index instead of one long
 * scroll"): one button per section that scrolls it into view and moves the focus to its heading.
 * Buttons, not #anchors: a hash change would be a route change to the portal's router.
 */
export function SectionIndex({ sections }: { sections: readonly IndexedSection[] }) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  if (sections.length < SECTION_INDEX_FROM) return null;
  const go = (id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start', behavior: 'smooth' });
    const heading = target.querySelector<HTMLElement>('h2');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  };
  return (
    <nav className={styles.index} aria-label={t('resource.sectionIndex')}>
      <ul className={styles.list}>
        {sections.map((section) => (
          <li key={section.id} className={styles.item}>
            <Button appearance="subtle" size="small" onClick={() => go(section.id)}>
              {section.title}
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
