import { useState, type ReactNode } from 'react';
import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle1,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  AUDIT_COLUMNS,
  CommonLabels,
  recordDisplayName,
  type AnyResourceContract,
} from '@hcm/contracts/resource';
import type { ApiError } from '@hcm/session';
import { confirmAction } from '../dialog/confirm-host.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { StatusBadge } from '../status/StatusBadge.tsx';
import { notify } from '../toast/notify.ts';
import { ChildrenTable } from './ChildrenTable.tsx';
import { formatFieldValue } from './format-value.ts';
import { fileInfoKey, type StoredFile } from './file-field-api.ts';
import { FileLink, FileLinks } from './FileLink.tsx';
import { ImagePreview } from './ImagePreview.tsx';
import { RecordHistory } from './RecordHistory.tsx';
import { SectionIndex, sectionElementId } from './SectionIndex.tsx';
import { resourceApi, type ResourceRecord } from './resource-api.ts';
import { useLabelText } from './resource-labels.ts';
import { goTo, resourceRoutes } from './resource-routes.ts';
import { useResourceRecord } from './use-resource-record.ts';
import { useReferenceTexts } from './use-reference-texts.ts';
import { useMayChange } from './write-access.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
  // a list's rows (a table, a matrix) take the section's whole width
  wide: { gridColumn: '1 / -1', minWidth: 0 },
  image: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXS,
  },
});

export interface ResourceDetailPageProps {
  contract: AnyResourceContract;
  id: string;
  /** replaces how a field's value is shown */
  renderValue?: Readonly<Record<string, (record: ResourceRecord) => ReactNode>>;
  /** more buttons in the toolbar */
  actions?: (record: ResourceRecord, page: DetailPageControls) => ReactNode;
  /** more of the record below its sections, before the audit (an employee's history) */
  below?: (record: ResourceRecord, page: DetailPageControls) => ReactNode;
  /**
   * whether the record may be edited or deleted now, besides the user's authority (a record in
   * approval is frozen until the approval ends); default: always
   */
  editable?: (record: ResourceRecord) => boolean;
  navigate?: (url: string) => void;
  /** the record could not be read (a 404 the micro-app reports as a missing page, say) */
  onLoadError?: (error: ApiError) => void;
}

/** What the page's additions may ask of it. */
export interface DetailPageControls {
  /** reads the record again (after an action of the addition changed it) */
  reload: () => void;
}

/**
 * The audit columns a person can read. createdBy and lastModifiedBy are user ids: shown once
 * the users' look-up (find-by-ids of Admin › Users) can turn them into names, not as raw ids.
 */
const SHOWN_AUDIT_COLUMNS = AUDIT_COLUMNS.filter((column) => column.endsWith('At'));

/**
 * A record's page: its fields by section with their labels and formatted values, the audit
 * columns, and Edit, Delete (confirmed) and Activate/Deactivate for those who may change it
 * (the authority and, on a list shared by every tenant, a system user: useMayChange).
 */
export function ResourceDetailPage({
  contract,
  id,
  renderValue = {},
  actions,
  below,
  editable,
  navigate = goTo,
  onLoadError,
}: ResourceDetailPageProps) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const failureText = useFailureText();
  const text = useLabelText(contract);
  const routes = resourceRoutes(contract);
  const { record, loading, error, reload } = useResourceRecord(contract, id, onLoadError);
  const referenceTextOf = useReferenceTexts(contract, record ? [record] : []);
  const [busy, setBusy] = useState(false);
  const canUpdate = useMayChange(contract, 'update');
  const canDelete = useMayChange(contract, 'delete');
  const words = { yes: t('resource.yes'), no: t('resource.no') };

  if (loading) return <Spinner label={t('table.loading')} />;
  if (!record)
    return (
      <MessageBar intent="error">
        <MessageBarBody>
          {!error || error.status === 404
            ? t('resource.notFound')
            : failureText(error, { fallback: t('resource.notFound') })}
        </MessageBarBody>
      </MessageBar>
    );

  const name = recordDisplayName(record);
  const mayChangeRecord = editable?.(record) ?? true;
  const controls: DetailPageControls = { reload };
  const statusField = contract.statusField;
  const status = statusField ? String(record[statusField] ?? '') : '';
  const calls = resourceApi(contract);

  const act = async (kind: 'delete' | 'activate' | 'deactivate') => {
    if (!(await confirmAction({ kind, itemName: name }))) return;
    setBusy(true);
    try {
      if (kind === 'delete') {
        await calls.remove(record.id);
        void notify.success(t('resource.deleted', { count: 1 }));
        navigate(routes.list);
        return;
      }
      await calls.setStatus(record.id, kind === 'activate');
      void notify.success(
        t(kind === 'activate' ? 'resource.activated' : 'resource.deactivated', { count: 1 }),
      );
      reload();
    } catch {
      // the shared client has told the user
    } finally {
      setBusy(false);
    }
  };

  const valueOf = (fieldName: string): ReactNode => {
    const custom = renderValue[fieldName];
    if (custom) return custom(record);
    if (fieldName === statusField && status) return <StatusBadge status={status} />;
    const field = contract.fields[fieldName];
    const file =
      field?.kind === 'file' || field?.kind === 'image'
        ? (record[fileInfoKey(fieldName)] as StoredFile | null)
        : null;
    if (file && field?.kind === 'image')
      return (
        <span className={styles.image}>
          <ImagePreview file={file} round={field.ownerType === 'AVATAR'} />
          <FileLink file={file} />
        </span>
      );
    if (file) return <FileLink file={file} />;
    if (field?.kind === 'area') {
      const name = record[`${fieldName}Name`];
      return typeof name === 'string' ? name : ((record[fieldName] as string | null) ?? '—');
    }
    if (field?.kind === 'files') {
      const files = (record[fileInfoKey(fieldName)] as StoredFile[] | undefined) ?? [];
      return files.length > 0 ? <FileLinks files={files} /> : '—';
    }
    if (field?.kind === 'children')
      return <ChildrenTable field={field} rows={record[fieldName]} text={text} words={words} />;
    const shown =
      referenceTextOf(fieldName, record[fieldName]) ??
      formatFieldValue(contract.fields[fieldName], fieldName, record[fieldName], text, words);
    return shown === '' ? '—' : shown;
  };

  const entry = (fieldName: string, label: string) => (
    <div
      key={fieldName}
      className={contract.fields[fieldName]?.kind === 'children' ? styles.wide : undefined}
    >
      <dt className={styles.term}>{label}</dt>
      <dd className={styles.value} data-field={fieldName}>
        {valueOf(fieldName)}
      </dd>
    </div>
  );

  const shownInSections = new Set(contract.sections.flatMap((section) => section.fields));
  const others = Object.keys(contract.fields).filter((f) => !shownInSections.has(f));

  return (
    <article className={styles.page} aria-label={text(contract.singular)}>
      <header className={styles.header}>
        <Title2 as="h1">{name ? `${text(contract.singular)}: ${name}` : text(contract.singular)}</Title2>
        <div className={styles.toolbar}>
          <Button onClick={() => navigate(routes.list)}>{t('resource.backToList')}</Button>
          {canUpdate && mayChangeRecord && contract.offers('update') && (
            <Button appearance="primary" disabled={busy} onClick={() => navigate(routes.update(record.id))}>
              {t('resource.edit')}
            </Button>
          )}
          {canUpdate &&
            statusField &&
            contract.offers('status') &&
            (status === 'ACTIVE' ? (
              <Button disabled={busy} onClick={() => void act('deactivate')}>
                {t('resource.deactivate')}
              </Button>
            ) : (
              <Button disabled={busy} onClick={() => void act('activate')}>
                {t('resource.activate')}
              </Button>
            ))}
          {canDelete && mayChangeRecord && contract.offers('delete') && (
            <Button disabled={busy} onClick={() => void act('delete')}>
              {t('resource.delete')}
            </Button>
          )}
          {actions?.(record, controls)}
        </div>
      </header>
      <SectionIndex
        sections={[
          ...contract.sections.map((section) => ({
            id: sectionElementId('detail', section.title.key),
            title: text(section.title),
          })),
          { id: sectionElementId('detail', 'history'), title: t('resource.history') },
        ]}
      />
      {contract.sections.map((section) => (
        <section
          key={section.title.key}
          id={sectionElementId('detail', section.title.key)}
          aria-label={text(section.title)}
        >
          <Subtitle1 as="h2">{text(section.title)}</Subtitle1>
          <dl className={styles.list}>
            {section.fields.map((f) => entry(f, text(contract.fields[f]?.label ?? CommonLabels.name)))}
          </dl>
        </section>
      ))}
      {below?.(record, controls)}
      {
        <section aria-label={t('resource.audit')}>
          <Subtitle1 as="h2">{t('resource.audit')}</Subtitle1>
          <dl className={styles.list}>
            {others.map((f) => entry(f, text(contract.fields[f]?.label ?? CommonLabels.name)))}
            {SHOWN_AUDIT_COLUMNS.map((column) => entry(column, text(CommonLabels[column])))}
          </dl>
        </section>
      }
      <div id={sectionElementId('detail', 'history')}>
        <RecordHistory contract={contract} id={record.id} />
      </div>
    </article>
  );
}
