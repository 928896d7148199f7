import type { ReactNode } from 'react';
import type { PermissionCode } from '@hcm/contracts';
import { useHasAuthority } from './use-authorities.ts';

export interface AuthorizedProps {
  /** shown when the signed-in user holds any one of these (root: always; empty: always) */
  anyOf: PermissionCode | readonly PermissionCode[];
  /** shown otherwise (default: nothing) */
  fallback?: ReactNode;
  children?: ReactNode;
}

/**
 * Shows its content only to a user who holds one of the authorities (core §6), e.g. the
 * "Add" button of a list to those with `worker.create`. It hides; the server still refuses.
 */
export function Authorized({ anyOf, fallback = null, children }: AuthorizedProps) {
  return <>{useHasAuthority(anyOf) ? children : fallback}</>;
}
