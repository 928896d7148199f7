import { useState } from 'react';
import { makeStyles } from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import { useThemeState } from './use-theme.ts';

const useStyles = makeStyles({
  logo: { display: 'block', height: '32px', width: 'auto', maxWidth: '160px', objectFit: 'contain' },
});

/**
 * The theme's logo, named by the product name. A logo that does not load gives way to the
 * theme's built-in one (catalogues §8 "image load failure: fallback image"), and that to nothing.
 */
export function ThemeLogo() {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const { logo, builtInLogo } = useThemeState();
  const [failed, setFailed] = useState<readonly string[]>([]);
  const src = [logo, builtInLogo].find((candidate) => !failed.includes(candidate));
  if (src === undefined) return null;
  return (
    <img
      className={styles.logo}
      src={src}
      alt={t('app.name')}
      onError={() => setFailed((earlier) => [...earlier, src])}
    />
  );
}
