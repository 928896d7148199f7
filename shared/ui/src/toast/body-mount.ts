import type { ReactNode } from 'react';

/** A React root of the kit's own (toaster, imperative dialogs). */
export interface BodyRoot {
  render(content: ReactNode): void;
  unmount(): void;
}

export type BodyMount = (idPrefix: string) => BodyRoot;

let replacement: BodyMount | null = null;

/**
 * Where the kit mounts its own roots: at the end of <body> by default. The widgets' standalone
 * bundle points it into a shadow root of its own, so that on a page outside the portal its
 * toasts and confirmations meet neither the page's CSS nor leave ours on the page.
 */
export function setBodyMount(mount: BodyMount | null): void {
  replacement = mount;
}

export const bodyMountReplacement = (): BodyMount | null => replacement;
