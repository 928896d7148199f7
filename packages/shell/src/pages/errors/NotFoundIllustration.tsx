import { useShellTranslation } from '../../shell-i18n.ts';
import { useIllustrationStyles } from './illustration-styles.ts';

/** 404: a magnifying glass searching a blank page. */
export function NotFoundIllustration() {
  const s = useIllustrationStyles();
  const { t } = useShellTranslation();
  return (
    <svg className={s.svg} viewBox="0 0 240 180" role="img" aria-label={t('notFound.imageLabel')}>
      <ellipse className={s.backdrop} cx="120" cy="92" rx="104" ry="78" />
      <ellipse className={s.ground} cx="120" cy="166" rx="76" ry="8" />
      <rect className={s.paper} x="52" y="30" width="96" height="116" rx="8" />
      <line className={s.line} x1="68" y1="54" x2="132" y2="54" />
      <line className={s.line} x1="68" y1="70" x2="118" y2="70" />
      <line className={s.line} x1="68" y1="86" x2="126" y2="86" />
      <text className={s.numerals} x="100" y="130" textAnchor="middle">
        404
      </text>
      <circle className={s.lens} cx="172" cy="104" r="22" />
      <circle className={s.brandStroke} cx="172" cy="104" r="22" />
      <line className={s.brandStroke} x1="188" y1="120" x2="206" y2="138" />
    </svg>
  );
}
