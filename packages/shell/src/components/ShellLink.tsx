import type { MouseEvent, ReactNode } from 'react';
import { Link } from '@hcm/ui';
import { navigate } from '../routing/location.ts';

/** A Fluent link that moves inside the portal without reloading it (a real href for new tabs). */
export function ShellLink({ to, children }: { to: string; children: ReactNode }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let the browser handle new-tab and new-window clicks.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Link href={to} onClick={onClick}>
      {children}
    </Link>
  );
}
