import { makeStyles, tokens } from '@hcm/ui';

/** The look shared by the page's cards and forms. */
export const useProfileStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalL, boxSizing: 'border-box' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  submit: { alignSelf: 'flex-start' },
  // The gaps space the page; the browser's heading margins would double them.
  heading: { margin: 0 },
});
