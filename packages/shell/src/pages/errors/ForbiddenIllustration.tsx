import { useShellTranslation } from '../../shell-i18n.ts';
import { useIllustrationStyles } from './illustration-styles.ts';

/** 403: a shield with a closed padlock. */
export function ForbiddenIllustration() {
  const s = useIllustrationStyles();
  const { t } = useShellTranslation();
  return (
    <svg className={s.svg} viewBox="0 0 240 180" role="img" aria-label={t('pages.forbidden.imageLabel')}>
      <ellipse className={s.backdrop} cx="120" cy="92" rx="104" ry="78" />
      <ellipse className={s.ground} cx="120" cy="166" rx="64" ry="8" />
      <path
        className={s.brandFill}
        d="M120 18 L176 38 V86 C176 122 152 146 120 158 C88 146 64 122 64 86 V38 Z"
      />
      <path className={s.paper} d="M120 32 L164 48 V86 C164 114 146 134 120 144 C94 134 76 114 76 86 V48 Z" />
      <path className={s.brandStroke} d="M104 84 V72 A16 16 0 0 1 136 72 V84" />
      <rect className={s.brandFill} x="96" y="82" width="48" height="38" rx="6" />
      <circle className={s.inverted} cx="120" cy="97" r="5" />
      <rect className={s.inverted} x="117.5" y="99" width="5" height="12" rx="2" />
      <circle className={s.danger} cx="170" cy="136" r="16" />
      <line className={s.invertedStroke} x1="162" y1="136" x2="178" y2="136" />
    </svg>
  );
}
