import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Caption1,
  Card,
  Checkbox,
  DateInput,
  Dropdown,
  Field,
  FileUpload,
  Input,
  ListPage,
  Option,
  Subtitle2,
  confirmAction,
  formatBytes,
  formatDate,
  makeStyles,
  notify,
  toDayjs,
  tokens,
  useHasAuthority,
  useListQuery,
  type ColumnDef,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import {
  TYPE_FILTERS,
  filesApi,
  type FileFilters,
  type FileRecord,
  type OwnerTypeLimit,
} from './files-api.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  filter: { minWidth: '180px' },
  upload: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

interface FileQuery {
  keyword?: string;
  ownerType?: string;
  type?: string;
  from?: string;
  to?: string;
  pageIndex: number;
  pageSize: number;
  sortBy?: string;
  [filter: string]: unknown;
}

/** The upload box: owner type, its limits, drag and drop (catalogues §2.3), all files in one request. */
function UploadBox({ limits, onUploaded }: { limits: OwnerTypeLimit[]; onUploaded: () => void }) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [ownerType, setOwnerType] = useState('GENERAL');
  const [ownerId, setOwnerId] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const limit = limits.find((l) => l.ownerType === ownerType) ?? limits[0];
  const ownerLabel = (type: string) => t(`fileManager.ownerTypes.${type}`, { defaultValue: type });

  const send = async () => {
    if (!limit || files.length === 0) return;
    setBusy(true);
    try {
      await filesApi.upload(files, limit.ownerType, ownerId, isPublic);
      notify.success(t('fileManager.uploaded', { count: files.length }));
      setFiles([]);
      onUploaded();
    } catch {
      // the shared client has shown the server's message (too large, wrong content...)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={styles.upload} role="region" aria-label={t('fileManager.uploadTitle')}>
      <Subtitle2 as="h2">{t('fileManager.uploadTitle')}</Subtitle2>
      <div className={styles.row}>
        <Field label={t('fileManager.ownerType')} className={styles.filter}>
          <Dropdown
            value={ownerLabel(ownerType)}
            selectedOptions={[ownerType]}
            onOptionSelect={(_, data) => {
              setOwnerType(data.optionValue ?? 'GENERAL');
              setFiles([]);
            }}
          >
            {limits.map((l) => (
              <Option key={l.ownerType} value={l.ownerType}>
                {ownerLabel(l.ownerType)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('fileManager.ownerId')} className={styles.filter}>
          <Input value={ownerId} maxLength={100} onChange={(_, data) => setOwnerId(data.value)} />
        </Field>
        <Checkbox
          label={t('fileManager.public')}
          checked={isPublic}
          onChange={(_, data) => setIsPublic(data.checked === true)}
        />
      </div>
      {limit && (
        <Caption1>
          {t('fileManager.limits', {
            size: formatBytes(limit.maxBytes),
            extensions: limit.extensions.map((e) => `.${e}`).join(', '),
          })}
        </Caption1>
      )}
      <FileUpload
        label={t('fileManager.dropZone')}
        value={files}
        onChange={setFiles}
        accept={limit?.extensions.map((e) => `.${e}`) ?? []}
        maxSizeMB={limit ? limit.maxBytes / 1048576 : 5}
        maxFiles={20}
        disabled={busy}
      />
      <div>
        <Button appearance="primary" disabled={busy || files.length === 0} onClick={() => void send()}>
          {t('fileManager.upload')}
        </Button>
      </div>
    </Card>
  );
}

/** System › File manager: search the files, upload, view, download, delete (soft). */
export default function FileManagerPage() {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const canUpload = useHasAuthority('file.create');
  const canDelete = useHasAuthority('file.delete');
  const list = useListQuery<FileQuery>({ defaults: { sortBy: 'createdAt.desc' } });
  const { query } = list;
  const [limits, setLimits] = useState<OwnerTypeLimit[]>([]);
  const [reloads, setReloads] = useState(0);
  const [showUpload, setShowUpload] = useState(false);

  useEffect(() => {
    filesApi
      .limits()
      .then(setLimits)
      .catch(() => setLimits([]));
  }, []);

  const filters = useMemo<FileFilters & { reloads: number }>(
    () => ({
      keyword: query.keyword,
      ownerType: query.ownerType,
      type: query.type,
      from: query.from,
      to: query.to,
      sortBy: query.sortBy,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      reloads,
    }),
    [
      query.keyword,
      query.ownerType,
      query.type,
      query.from,
      query.to,
      query.sortBy,
      query.pageIndex,
      query.pageSize,
      reloads,
    ],
  );
  const [answer, setAnswer] = useState<{ for: typeof filters; rows: FileRecord[]; total: number }>();
  useEffect(() => {
    let current = true;
    filesApi
      .search(filters)
      .then((page) => current && setAnswer({ for: filters, rows: page.data, total: page.page.total }))
      .catch(() => current && setAnswer({ for: filters, rows: [], total: 0 }));
    return () => {
      current = false;
    };
  }, [filters]);

  const remove = async (file: FileRecord) => {
    if (!(await confirmAction({ kind: 'delete', itemName: file.originalName }))) return;
    try {
      await filesApi.remove(file.id);
      notify.success(t('fileManager.deleted', { name: file.originalName }));
      setReloads((n) => n + 1);
    } catch {
      // the shared client has told the user
    }
  };
  const open = (file: FileRecord, as: 'view' | 'download') =>
    void filesApi.open(file, as).catch(() => undefined);

  const ownerLabel = (type: string) => t(`fileManager.ownerTypes.${type}`, { defaultValue: type });
  const typeLabel = (type: string) => {
    const kind = TYPE_FILTERS.findIndex((prefix) => type.startsWith(prefix));
    return kind < 0 ? type : t(`fileManager.types.${kind}`);
  };
  // The fixed columns leave the name at least 150 px in the 968 px a 1280 px screen gives the
  // page beside the menu, so the row's buttons stay in view without scrolling.
  const columns: ColumnDef<FileRecord>[] = [
    {
      key: 'originalName',
      labelKey: 'admin:fileManager.name',
      sortable: true,
      truncate: 50,
      render: (row) => row.originalName,
    },
    {
      key: 'ownerType',
      labelKey: 'admin:fileManager.ownerType',
      width: 125,
      sortable: true,
      render: (row) => ownerLabel(row.ownerType),
    },
    {
      key: 'type',
      labelKey: 'admin:fileManager.type',
      width: 110,
      sortable: true,
      render: (row) => typeLabel(row.type),
    },
    {
      key: 'size',
      labelKey: 'admin:fileManager.size',
      width: 90,
      sortable: true,
      render: (row) => formatBytes(row.size),
    },
    {
      key: 'createdAt',
      labelKey: 'admin:fileManager.createdAt',
      width: 130,
      sortable: true,
      render: (row) => formatDate(row.createdAt, 'timeDate'),
    },
    {
      key: 'createdByName',
      labelKey: 'admin:fileManager.createdBy',
      width: 130,
      render: (row) => row.createdByName ?? '—',
    },
    {
      key: 'actions',
      labelKey: 'admin:fileManager.actions',
      width: 230,
      render: (row) => (
        <div className={styles.actions}>
          <Button
            size="small"
            onClick={() => open(row, 'view')}
            aria-label={t('fileManager.viewOf', { name: row.originalName })}
          >
            {t('fileManager.view')}
          </Button>
          <Button
            size="small"
            onClick={() => open(row, 'download')}
            aria-label={t('fileManager.downloadOf', { name: row.originalName })}
          >
            {t('fileManager.download')}
          </Button>
          {canDelete && (
            <Button
              size="small"
              onClick={() => void remove(row)}
              aria-label={t('fileManager.deleteOf', { name: row.originalName })}
            >
              {t('fileManager.delete')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  // The kit's date box (dd/MM/yyyy, as every date of the portal); the query keeps yyyy-MM-dd.
  // A text that is not a date leaves the filter off (the box keeps it, for correcting).
  const setDate = (key: 'from' | 'to', value: Date | null) =>
    list.setQuery({
      [key]: value && !Number.isNaN(value.getTime()) ? formatDate(value, 'isoDate') : undefined,
    });
  const dayOf = (value: string | undefined) => toDayjs(value)?.toDate() ?? null;
  return (
    <div className={styles.page}>
      <ListPage<FileRecord, FileQuery>
        title={t('fileManager.title')}
        list={list}
        total={answer?.total ?? 0}
        rows={answer?.rows ?? []}
        loading={answer?.for !== filters}
        getRowId={(row) => row.id}
        columns={columns}
        toolbar={
          canUpload && (
            <Button appearance="primary" aria-expanded={showUpload} onClick={() => setShowUpload((s) => !s)}>
              {t('fileManager.uploadTitle')}
            </Button>
          )
        }
        filters={
          <>
            <Field label={t('fileManager.ownerType')} className={styles.filter}>
              <Dropdown
                value={query.ownerType ? ownerLabel(query.ownerType) : t('fileManager.all')}
                selectedOptions={[query.ownerType ?? '']}
                onOptionSelect={(_, data) => list.setQuery({ ownerType: data.optionValue || undefined })}
              >
                <Option value="">{t('fileManager.all')}</Option>
                {limits.map((l) => (
                  <Option key={l.ownerType} value={l.ownerType}>
                    {ownerLabel(l.ownerType)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('fileManager.type')} className={styles.filter}>
              <Dropdown
                value={query.type ? typeLabel(query.type) : t('fileManager.all')}
                selectedOptions={[query.type ?? '']}
                onOptionSelect={(_, data) => list.setQuery({ type: data.optionValue || undefined })}
              >
                <Option value="">{t('fileManager.all')}</Option>
                {TYPE_FILTERS.map((prefix, i) => (
                  <Option key={prefix} value={prefix}>
                    {t(`fileManager.types.${i}`)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('fileManager.from')} className={styles.filter}>
              <DateInput
                label={t('fileManager.from')}
                value={dayOf(query.from)}
                onChange={(value) => setDate('from', value)}
              />
            </Field>
            <Field label={t('fileManager.to')} className={styles.filter}>
              <DateInput
                label={t('fileManager.to')}
                value={dayOf(query.to)}
                onChange={(value) => setDate('to', value)}
              />
            </Field>
          </>
        }
      />
      {canUpload && showUpload && limits.length > 0 && (
        <UploadBox limits={limits} onUploaded={() => setReloads((n) => n + 1)} />
      )}
    </div>
  );
}
