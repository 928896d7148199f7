import { useShellTranslation } from '../../shell-i18n.ts';
import { useIllustrationStyles } from './illustration-styles.ts';

/** 500: a server with a warning sign. */
export function ServerErrorIllustration() {
  const s = useIllustrationStyles();
  const { t } = useShellTranslation();
  return (
    <svg className={s.svg} viewBox="0 0 240 180" role="img" aria-label={t('pages.serverError.imageLabel')}>
      <ellipse className={s.backdrop} cx="120" cy="92" rx="104" ry="78" />
      <ellipse className={s.ground} cx="112" cy="166" rx="64" ry="8" />
      {[34, 78, 122].map((y) => (
        <g key={y}>
          <rect className={s.paper} x="60" y={y} width="104" height="36" rx="6" />
          <line className={s.line} x1="76" y1={y + 18} x2="116" y2={y + 18} />
          <circle className={y === 78 ? s.danger : s.light} cx="144" cy={y + 18} r="5" />
        </g>
      ))}
      <path className={s.warning} d="M176 92 L206 146 H146 Z" strokeLinejoin="round" />
      <rect className={s.inverted} x="173" y="110" width="6" height="20" rx="3" />
      <circle className={s.inverted} cx="176" cy="137" r="3.5" />
    </svg>
  );
}
