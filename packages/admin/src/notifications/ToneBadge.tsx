import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, shorthands, tokens } from '@hcm/ui';

/** The colours of Fluent's badge (tint appearance) a status of these pages takes. */
export type Tone = 'success' | 'warning' | 'danger' | 'brand' | 'informative' | 'subtle';

/*
 * Fluent's Badge is not in the kit's curated list (fluent.ts), and StatusBadge knows only the
 * record and approval statuses; so this is the same tint badge made of the theme's tokens (the
 * colours Fluent's tint badge uses), which follow the portal's themes.
 */
const useStyles = makeStyles({
  badge: {
    display: 'inline-flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    minHeight: '20px',
    paddingInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusCircular,
    ...shorthands.borderWidth(tokens.strokeWidthThin),
    ...shorthands.borderStyle('solid'),
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  success: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    color: tokens.colorPaletteGreenForeground1,
    ...shorthands.borderColor(tokens.colorPaletteGreenBorder1),
  },
  warning: {
    backgroundColor: tokens.colorPaletteYellowBackground1,
    color: tokens.colorPaletteYellowForeground2,
    ...shorthands.borderColor(tokens.colorPaletteYellowBorder1),
  },
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
    ...shorthands.borderColor(tokens.colorPaletteRedBorder1),
  },
  brand: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    ...shorthands.borderColor(tokens.colorBrandStroke2),
  },
  informative: {
    backgroundColor: tokens.colorNeutralBackground4,
    color: tokens.colorNeutralForeground3,
    ...shorthands.borderColor(tokens.colorNeutralStroke2),
  },
  subtle: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground3,
    ...shorthands.borderColor(tokens.colorNeutralStroke2),
  },
});

/** A status as a small coloured badge (its tone in `data-tone`). */
export function ToneBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.badge, styles[tone])} data-tone={tone}>
      {children}
    </span>
  );
}
