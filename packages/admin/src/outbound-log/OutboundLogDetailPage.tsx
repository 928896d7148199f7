import { formatDate } from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { LogEntryPage } from '../logs/LogEntryPage.tsx';
import { outboundLogApi, type OutboundLogEntry } from './outbound-log-api.ts';
import { OUTBOUND_LOG_ROUTE } from './outbound-log-route.ts';
import { sizeText, statusText, targetName } from './outbound-labels.ts';

/** One call: when, to which system, what, how it went, and the request that caused it. */
export function OutboundLogDetailPage({ id }: { id: string }) {
  const { t } = useAdminTranslation();
  const fact = (name: string, value: string) => [t(`outboundLog.${name}`), value] as const;
  return (
    <LogEntryPage<OutboundLogEntry>
      id={id}
      load={outboundLogApi.get}
      title={t('outboundLog.entry')}
      listRoute={OUTBOUND_LOG_ROUTE}
      facts={(entry) => [
        fact('createdAt', formatDate(entry.createdAt, 'timeDate')),
        fact('target', targetName(t, entry.target)),
        fact('method', entry.method),
        fact('url', entry.url),
        fact('status', statusText(t, entry)),
        fact('durationMs', String(entry.durationMs)),
        fact('bytesSent', sizeText(entry.bytesSent)),
        fact('bytesReceived', sizeText(entry.bytesReceived)),
        fact('error', entry.error ?? '—'),
        fact('requestId', entry.requestId ?? '—'),
        fact('tenantId', entry.tenantId ?? '—'),
      ]}
    />
  );
}
