import { useEffect, useState } from 'react';
import { Button, makeStyles, mergeClasses, screenSizeOf, tokens } from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import { scrollModeOf, type ScrollMode } from './scroll-mode.ts';

const useStyles = makeStyles({
  button: {
    position: 'fixed',
    right: tokens.spacingHorizontalXL,
    bottom: tokens.spacingVerticalXL,
    zIndex: 10,
    boxShadow: tokens.shadow8,
  },
  // Pointing down; rotated for "back to top".
  arrow: { width: '20px', height: '20px' },
  up: { transform: 'rotate(180deg)' },
});

function measure(): ScrollMode {
  const page = document.documentElement;
  return scrollModeOf({
    scrollHeight: page.scrollHeight,
    viewportHeight: window.innerHeight,
    scrollTop: window.scrollY,
    phone: screenSizeOf(window.innerWidth) === 'mobile',
  });
}

/** Follows scrolling, resizing and the content growing or shrinking (a list loading, a page change). */
function useScrollMode(): ScrollMode {
  const [mode, setMode] = useState<ScrollMode>(measure);
  useEffect(() => {
    const update = () => setMode(measure());
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const content = new ResizeObserver(update);
    content.observe(document.body);
    update();
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      content.disconnect();
    };
  }, []);
  return mode;
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The floating button of pages taller than the window (core §1): "Go to bottom" near the top,
 * "Back to top" further down. A real button, so it is reached with Tab and pressed with Enter or
 * Space; its name says where it goes.
 */
export function ScrollButton() {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const mode = useScrollMode();
  if (mode === 'hidden') return null;
  const toTop = mode === 'to-top';
  const label = t(toTop ? 'edges.scroll.toTop' : 'edges.scroll.toBottom');
  const go = () =>
    window.scrollTo({
      top: toTop ? 0 : document.documentElement.scrollHeight,
      behavior: reducedMotion() ? 'auto' : 'smooth',
    });
  return (
    <Button
      className={styles.button}
      appearance="primary"
      shape="circular"
      size="large"
      aria-label={label}
      title={label}
      onClick={go}
      icon={
        <svg className={mergeClasses(styles.arrow, toTop && styles.up)} viewBox="0 0 20 20" aria-hidden>
          <path
            d="M10 3v13M4.5 10.5 10 16l5.5-5.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      }
    />
  );
}
