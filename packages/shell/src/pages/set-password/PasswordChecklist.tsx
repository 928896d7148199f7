import { makeStyles, tokens } from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import { passwordChecklist } from './password-checklist.ts';

const useStyles = makeStyles({
  rules: {
    margin: 0,
    paddingLeft: 0,
    listStyleType: 'none',
    display: 'grid',
    gap: tokens.spacingVerticalXXS,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground2,
  },
  met: { color: tokens.colorPaletteGreenForeground1 },
  mark: { display: 'inline-block', width: '1.25em' },
  // Read by screen readers, not shown: whether the rule is met.
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

/**
 * The password policy (catalogues §5.1) under a new-password field, each rule ticked off as the
 * user types: the set-password link's page and the first-password change page.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const prefix = 'pages.setPassword.rules';
  return (
    <ul className={styles.rules} aria-label={t(`${prefix}.label`)}>
      {passwordChecklist(password).map(({ rule, met }) => (
        <li key={rule} className={met ? styles.met : undefined}>
          <span className={styles.mark} aria-hidden="true">
            {met ? '✓' : '•'}
          </span>
          {t(`${prefix}.${rule}`)}
          <span className={styles.hidden}> ({t(`${prefix}.${met ? 'met' : 'unmet'}`)})</span>
        </li>
      ))}
    </ul>
  );
}
