import { useId, type ReactNode } from 'react';
import { Subtitle2, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(var(--hcm-settings-column, 220px), 1fr))',
    gap: tokens.spacingVerticalM,
    alignItems: 'start',
  },
});

export interface SettingsSectionProps {
  /** the section's heading, which also names it for screen readers */
  readonly title: string;
  /** shown under the heading, above the fields (a hint, a switch) */
  readonly intro?: ReactNode;
  /** the fields, laid out in as many columns of at least `columnWidth` as fit */
  readonly children: ReactNode;
  readonly columnWidth?: number;
  /** one child under the other instead of a grid (a list, a message) */
  readonly stack?: boolean;
}

/**
 * A framed group of a settings page (System › Configuration, the directory sync): a heading and
 * its fields in a grid that wraps to one column on a phone. Generated resource forms have
 * their own sections (ResourceForm).
 */
export function SettingsSection({ title, intro, children, columnWidth = 220, stack }: SettingsSectionProps) {
  const styles = useStyles();
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <Subtitle2 id={id}>{title}</Subtitle2>
      {intro}
      {stack ? (
        children
      ) : (
        <div className={styles.grid} style={{ ['--hcm-settings-column' as string]: `${columnWidth}px` }}>
          {children}
        </div>
      )}
    </section>
  );
}
