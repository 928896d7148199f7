import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  DATA_SCOPES,
  DataScopeLabels,
  type AdminRole,
  type AdminRoleDetail,
  type DataScopeValue,
  type PermissionMatrix,
} from '@hcm/contracts/users-roles';
import { ApiError } from '@hcm/session';
import {
  Authorized,
  Body1,
  Button,
  Dropdown,
  Field,
  Input,
  Link,
  ListPage,
  MessageBar,
  MessageBarBody,
  Loading,
  Option,
  StatusBadge,
  Title2,
  goTo,
  makeStyles,
  notify,
  tokens,
  useAuthorities,
  useListQuery,
  failureText,
  type ColumnDef,
  type ListQuery,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { reportNavigationError } from '../navigation-error.ts';
import { useAdminLocation } from '../use-admin-location.ts';
import { rolesApi } from '../users/users-roles-api.ts';
import { PermissionMatrixEditor } from './PermissionMatrixEditor.tsx';
import { ROLE_ROUTE, rolePage } from './role-route.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  header: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  grow: { flexGrow: 1 },
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingVerticalM,
    maxWidth: '960px',
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
  },
});

function ReportNotFound() {
  useEffect(() => reportNavigationError(404), []);
  return null;
}

const detailPath = (id: string) => `${ROLE_ROUTE}/${encodeURIComponent(id)}/detail`;

function RoleListPage() {
  const { t } = useAdminTranslation();
  const list = useListQuery<ListQuery>({ defaults: { sortBy: 'name.asc' } });
  const { query } = list;
  const params = useMemo(
    () => ({
      keyword: query.keyword,
      sortBy: query.sortBy,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
    }),
    [query.keyword, query.sortBy, query.pageIndex, query.pageSize],
  );
  const [answer, setAnswer] = useState<{ for: typeof params; rows: AdminRole[]; total: number }>();
  useEffect(() => {
    let current = true;
    rolesApi
      .search(params)
      .then((page) => current && setAnswer({ for: params, rows: page.data, total: page.page.total }))
      .catch(() => current && setAnswer({ for: params, rows: [], total: 0 }));
    return () => {
      current = false;
    };
  }, [params]);
  const columns: ColumnDef<AdminRole>[] = [
    {
      key: 'code',
      labelKey: 'admin:role.code',
      width: 180,
      sortable: true,
      render: (row) => (
        <Link
          href={detailPath(row.id)}
          onClick={(event) => {
            event.preventDefault();
            goTo(detailPath(row.id));
          }}
        >
          {row.code}
        </Link>
      ),
    },
    { key: 'name', labelKey: 'admin:role.name', sortable: true },
    { key: 'userCount', labelKey: 'admin:role.userCount', width: 120, align: 'end' },
    {
      key: 'status',
      labelKey: 'admin:role.status',
      width: 160,
      render: (row) => <StatusBadge status={row.status} />,
    },
  ];
  return (
    <ListPage<AdminRole, ListQuery>
      title={t('role.title')}
      list={list}
      total={answer?.total ?? 0}
      rows={answer?.rows ?? []}
      loading={answer?.for !== params}
      getRowId={(row) => row.id}
      columns={columns}
      toolbar={
        <Authorized anyOf={['role.create']}>
          <Button appearance="primary" onClick={() => goTo(`${ROLE_ROUTE}/create`)}>
            {t('role.create')}
          </Button>
        </Authorized>
      }
    />
  );
}

/** A data scope's words in the user's language (the labels are the contract's). */
function useDataScopeText() {
  const { i18n } = useAdminTranslation();
  return (value: DataScopeValue) => DataScopeLabels[value][i18n.language === 'en' ? 'en' : 'vi'];
}

/**
 * Which employees' records the role reaches: a tenant's roles only (a system role reaches no
 * tenant's employees, so a system administrator is not asked).
 */
function DataScopeField({
  value,
  onChange,
}: {
  value: DataScopeValue;
  onChange: (value: DataScopeValue) => void;
}) {
  const { t } = useAdminTranslation();
  const text = useDataScopeText();
  return (
    <Field label={t('role.dataScope')} hint={t('role.dataScopeHint')}>
      <Dropdown
        value={text(value)}
        selectedOptions={[value]}
        onOptionSelect={(_, data) => onChange((data.optionValue as DataScopeValue | undefined) ?? 'TENANT')}
      >
        {DATA_SCOPES.map((scope) => (
          <Option key={scope} value={scope}>
            {text(scope)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

const useTenantLevel = () => useAuthorities()?.userLevel === 'TENANT';

function RoleCreatePage() {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [values, setValues] = useState({ code: '', name: '', description: '' });
  const [dataScope, setDataScope] = useState<DataScopeValue>('TENANT');
  const tenantLevel = useTenantLevel();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!values.code.trim()) missing.code = t('usersRoles.required');
    if (!values.name.trim()) missing.name = t('usersRoles.required');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const role = await rolesApi.create({
        code: values.code.trim(),
        name: values.name.trim(),
        ...(values.description.trim() ? { description: values.description.trim() } : {}),
        ...(tenantLevel ? { dataScope } : {}),
        permissions: [],
      });
      notify.success(t('role.created'));
      goTo(detailPath(role.id));
    } catch (error) {
      if (error instanceof ApiError) {
        // each field's problem in the user's words by its key; any other refusal under the code
        const labels: Record<string, string> = { code: t('role.code'), name: t('role.name') };
        const byField = Object.fromEntries(
          Object.entries(labels).flatMap(([field, label]) =>
            error.fieldErrors.some((problem) => problem.field === field)
              ? [[field, failureText(error, { label: (name) => (name === field ? label : undefined) })]]
              : [],
          ),
        );
        setErrors(Object.keys(byField).length > 0 ? byField : { code: failureText(error) });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.page} aria-label={t('role.create')}>
      <Title2 as="h1">{t('role.create')}</Title2>
      <div className={styles.form}>
        {(['code', 'name', 'description'] as const).map((name) => (
          <Field
            key={name}
            label={t(`role.${name}`)}
            required={name !== 'description'}
            validationMessage={errors[name]}
          >
            <Input
              value={values[name]}
              maxLength={name === 'description' ? 1000 : name === 'code' ? 50 : 200}
              onChange={(_, data) => setValues((current) => ({ ...current, [name]: data.value }))}
            />
          </Field>
        ))}
        {tenantLevel && <DataScopeField value={dataScope} onChange={setDataScope} />}
      </div>
      <div className={styles.header}>
        <Button appearance="primary" disabled={busy} onClick={() => void submit()}>
          {t('usersRoles.save')}
        </Button>
        <Button onClick={() => goTo(ROLE_ROUTE)}>{t('usersRoles.cancel')}</Button>
      </div>
    </section>
  );
}

/** Loads the matrix of the caller's level once. */
export function useMatrix(): PermissionMatrix | null {
  const [matrix, setMatrix] = useState<PermissionMatrix | null>(null);
  useEffect(() => {
    let current = true;
    rolesApi
      .properties()
      .then((found) => current && setMatrix(found))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return matrix;
}

function RoleDetailPage({ id }: { id: string }) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const dataScopeText = useDataScopeText();
  const tenantLevel = useTenantLevel();
  const matrix = useMatrix();
  const [role, setRole] = useState<AdminRoleDetail | null>(null);
  const [dirty, setDirty] = useState(false);
  // Nobody grants what they do not hold, nor changes a role that holds more than they do
  // (docs/access-control.md): the server refuses both; the page says so before anyone tries.
  const authorities = useAuthorities();
  const isRoot = authorities?.isRoot ?? true;
  const granted = authorities?.granted;
  // one set per session (the profile's list), so the matrix's memoised rows stay as they are
  const grantable = useMemo(() => (isRoot || !granted ? null : new Set(granted)), [isRoot, granted]);
  const beyondMe = grantable !== null && (role?.permissions.some((code) => !grantable.has(code)) ?? false);
  useEffect(() => {
    let current = true;
    rolesApi
      .get(id)
      .then((found) => current && setRole(found))
      .catch((error: unknown) => {
        if (current && error instanceof ApiError && error.status === 404) reportNavigationError(404);
      });
    return () => {
      current = false;
    };
  }, [id]);
  const save = useCallback(
    async (permissions: string[]) => {
      if (!role) return;
      const saved = await rolesApi.updatePermissions(role.id, permissions, role.version);
      setRole(saved);
      notify.success(t('role.matrix.saved'));
    },
    [role, t],
  );
  const leave = () => {
    if (dirty && !window.confirm(t('role.matrix.leaveUnsaved'))) return;
    goTo(ROLE_ROUTE);
  };
  const remove = async () => {
    if (!role || !window.confirm(t('role.confirmDelete', { name: role.name }))) return;
    await rolesApi.remove(role.id);
    notify.success(t('role.deleted'));
    goTo(ROLE_ROUTE);
  };
  if (!role) return <Loading size="small" />;
  return (
    <section className={styles.page} aria-label={role.name}>
      <div className={styles.header}>
        <Title2 as="h1" className={styles.grow}>
          {role.name}
        </Title2>
        <Button onClick={leave}>{t('usersRoles.back')}</Button>
        {!role.builtIn && !beyondMe && (
          <Authorized anyOf={['role.delete']}>
            <Button onClick={() => void remove()}>{t('role.delete')}</Button>
          </Authorized>
        )}
      </div>
      <div className={styles.facts}>
        <Body1>{t('role.code')}</Body1>
        <Body1>{role.code}</Body1>
        <Body1>{t('role.description')}</Body1>
        <Body1>{role.description ?? '—'}</Body1>
        {tenantLevel && (
          <>
            <Body1>{t('role.dataScope')}</Body1>
            <Body1>{dataScopeText(role.dataScope)}</Body1>
          </>
        )}
        <Body1>{t('role.userCount')}</Body1>
        <Body1>{role.userCount}</Body1>
      </div>
      {!beyondMe && <RoleInfoEditor role={role} onSaved={setRole} />}
      {role.builtIn && (
        <MessageBar intent="info">
          <MessageBarBody>{t('role.builtIn')}</MessageBarBody>
        </MessageBar>
      )}
      {!role.builtIn && beyondMe && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('role.beyondYou')}</MessageBarBody>
        </MessageBar>
      )}
      {matrix ? (
        <PermissionMatrixEditor
          matrix={matrix}
          granted={role.permissions}
          grantable={grantable}
          readOnly={role.builtIn || beyondMe}
          onSave={save}
          onDirtyChange={setDirty}
        />
      ) : (
        <Loading size="small" />
      )}
    </section>
  );
}

/** The role's name, description and data scope, edited in place (its code stays; the version is sent). */
function RoleInfoEditor({
  role,
  onSaved,
}: {
  role: AdminRoleDetail;
  onSaved: (role: AdminRoleDetail) => void;
}) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [editing, setEditing] = useState(false);
  const tenantLevel = useTenantLevel();
  const initial = () => ({ name: role.name, description: role.description ?? '', dataScope: role.dataScope });
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  if (!editing)
    return (
      <Authorized anyOf={['role.update']}>
        <div>
          <Button
            onClick={() => {
              setValues(initial());
              setEditing(true);
            }}
          >
            {t('role.edit')}
          </Button>
        </div>
      </Authorized>
    );
  const save = async () => {
    if (!values.name.trim()) {
      setError(t('usersRoles.required'));
      return;
    }
    try {
      const saved = await rolesApi.update(role.id, {
        name: values.name.trim(),
        description: values.description.trim() || null,
        ...(tenantLevel && !role.builtIn ? { dataScope: values.dataScope } : {}),
        version: role.version,
      });
      onSaved(saved);
      setEditing(false);
      notify.success(t('role.saved'));
    } catch (failure) {
      if (failure instanceof ApiError)
        setError(failureText(failure, { label: (field) => (field === 'name' ? t('role.name') : undefined) }));
    }
  };
  return (
    <div className={styles.form}>
      <Field label={t('role.name')} required validationMessage={error}>
        <Input
          value={values.name}
          maxLength={200}
          onChange={(_, data) => setValues((current) => ({ ...current, name: data.value }))}
        />
      </Field>
      <Field label={t('role.description')}>
        <Input
          value={values.description}
          maxLength={1000}
          onChange={(_, data) => setValues((current) => ({ ...current, description: data.value }))}
        />
      </Field>
      {tenantLevel && !role.builtIn && (
        <DataScopeField
          value={values.dataScope}
          onChange={(dataScope) => setValues((current) => ({ ...current, dataScope }))}
        />
      )}
      <div className={styles.header}>
        <Button appearance="primary" onClick={() => void save()}>
          {t('usersRoles.save')}
        </Button>
        <Button onClick={() => setEditing(false)}>{t('usersRoles.cancel')}</Button>
      </div>
    </div>
  );
}

/** The roles (/setting/role): list, create, and each role's detail with its permission matrix. */
export default function RolePages() {
  const { pathname } = useAdminLocation();
  const match = rolePage(pathname);
  if (!match) return <ReportNotFound />;
  if (match.page === 'list') return <RoleListPage />;
  if (match.page === 'create') return <RoleCreatePage />;
  return <RoleDetailPage key={match.id} id={match.id} />;
}
