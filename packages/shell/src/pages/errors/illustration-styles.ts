import { makeStyles, tokens } from '@hcm/ui';

/**
 * The palette of the error pages' drawings, in Fluent tokens so they follow the theme. Fills
 * and strokes are classes rather than SVG attributes: a presentation attribute cannot hold the
 * tokens' var(--...) values, a CSS property can.
 */
export const useIllustrationStyles = makeStyles({
  svg: { width: '240px', maxWidth: '100%', height: 'auto', display: 'block' },
  backdrop: { fill: tokens.colorBrandBackground2 },
  ground: { fill: tokens.colorNeutralBackground4 },
  paper: {
    fill: tokens.colorNeutralBackground1,
    stroke: tokens.colorNeutralStroke1,
    strokeWidth: '2px',
  },
  line: { stroke: tokens.colorNeutralStroke2, strokeWidth: '4px', strokeLinecap: 'round' },
  brandFill: { fill: tokens.colorBrandBackground },
  brandStroke: {
    fill: 'none',
    stroke: tokens.colorBrandBackground,
    strokeWidth: '8px',
    strokeLinecap: 'round',
  },
  lens: { fill: tokens.colorNeutralBackground1, fillOpacity: 0.7 },
  inverted: { fill: tokens.colorNeutralForegroundOnBrand },
  invertedStroke: {
    stroke: tokens.colorNeutralForegroundOnBrand,
    strokeWidth: '5px',
    strokeLinecap: 'round',
  },
  danger: { fill: tokens.colorStatusDangerBackground3 },
  warning: { fill: tokens.colorStatusWarningBackground3 },
  light: { fill: tokens.colorStatusSuccessBackground3 },
  numerals: {
    fill: tokens.colorBrandForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontWeight: tokens.fontWeightBold,
    fontSize: '34px',
  },
  muted: { fill: tokens.colorNeutralForeground3 },
});
