import { useSyncExternalStore, type ReactNode } from 'react';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { ResourceDetailPage, type ResourceDetailPageProps } from './ResourceDetailPage.tsx';
import { ResourceForm, type ResourceFormProps } from './ResourceForm.tsx';
import { ResourceListPage, type ResourceListPageProps } from './ResourceListPage.tsx';
import { matchResourcePage } from './resource-routes.ts';

export interface ResourcePagesProps {
  contract: AnyResourceContract;
  /** the path to draw; default: the browser's, followed as it changes */
  pathname?: string;
  list?: Omit<ResourceListPageProps, 'contract'>;
  form?: Omit<ResourceFormProps, 'contract' | 'mode' | 'id'>;
  detail?: Omit<ResourceDetailPageProps, 'contract' | 'id'>;
  /** drawn for a path under the route that is none of the pages */
  notFound?: ReactNode;
}

const EVENTS = ['popstate', 'single-spa:routing-event'] as const;
const subscribe = (onChange: () => void) => {
  EVENTS.forEach((name) => window.addEventListener(name, onChange));
  return () => EVENTS.forEach((name) => window.removeEventListener(name, onChange));
};
const currentPath = () => window.location.pathname;

/**
 * All the pages of a resource behind its route: list `{route}`, `{route}/create`,
 * `{route}/{id}/detail`, `{route}/{id}/update`. A micro-app mounts one per contract.
 */
export function ResourcePages({
  contract,
  pathname,
  list,
  form,
  detail,
  notFound = null,
}: ResourcePagesProps) {
  const browserPath = useSyncExternalStore(subscribe, currentPath);
  const match = matchResourcePage(contract, pathname ?? browserPath);
  if (!match) return <>{notFound}</>;
  switch (match.page) {
    case 'list':
      return <ResourceListPage contract={contract} {...list} />;
    case 'create':
      return <ResourceForm contract={contract} mode="create" {...form} />;
    case 'update':
      return <ResourceForm key={match.id} contract={contract} mode="update" id={match.id} {...form} />;
    case 'detail':
      return <ResourceDetailPage key={match.id} contract={contract} id={match.id ?? ''} {...detail} />;
  }
}
