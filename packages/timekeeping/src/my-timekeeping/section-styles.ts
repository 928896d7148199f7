import { makeStyles, tokens } from '@hcm/ui';

/** Every block of the page: its heading (no browser margins) and what follows it, evenly spaced. */
export const useSectionStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { margin: 0 },
});
