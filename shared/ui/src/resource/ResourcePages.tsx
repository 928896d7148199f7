import { useSyncExternalStore, type ReactNode } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { ResourceDetailPage, type ResourceDetailPageProps } from './ResourceDetailPage.tsx';
import { ResourceForm, type ResourceFormProps } from './ResourceForm.tsx';
import { ResourceListPage, type ResourceListPageProps } from './ResourceListPage.tsx';
import { matchResourcePage } from './resource-routes.ts';
import { useLevelMayChange } from './write-access.ts';

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

/** Said on the form of a list shared by every tenant to a tenant user (who reads it, never changes it). */
function KeptBySystem() {
  const { t } = useUiTranslation();
  return (
    <MessageBar intent="warning" role="alert">
      <MessageBarBody>{t('resource.keptBySystem')}</MessageBarBody>
    </MessageBar>
  );
}

/**
 * All the pages of a resource behind its route: list `{route}`, `{route}/create`,
 * `{route}/{id}/detail`, `{route}/{id}/update`. A micro-app mounts one per contract. On a list
 * shared by every tenant (contract level 'both'), a tenant user who opens the create or update
 * page is told that the system administrator keeps the list, instead of a form the server would
 * refuse.
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
  const mayChange = useLevelMayChange(contract);
  const match = matchResourcePage(contract, pathname ?? browserPath);
  if (!match) return <>{notFound}</>;
  switch (match.page) {
    case 'list':
      return <ResourceListPage contract={contract} {...list} />;
    case 'create':
      if (!mayChange) return <KeptBySystem />;
      return <ResourceForm contract={contract} mode="create" {...form} />;
    case 'update':
      if (!mayChange) return <KeptBySystem />;
      return <ResourceForm key={match.id} contract={contract} mode="update" id={match.id} {...form} />;
    case 'detail':
      return <ResourceDetailPage key={match.id} contract={contract} id={match.id ?? ''} {...detail} />;
  }
}
