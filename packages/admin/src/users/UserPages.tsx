import { useEffect, useMemo, useRef, useState } from 'react';
import type { AdminUser } from '@hcm/contracts/users-roles';
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
  MessageBarTitle,
  Option,
  Loading,
  StatusBadge,
  Title2,
  formatDate,
  goTo,
  importRefusalText,
  makeStyles,
  notify,
  tokens,
  useListQuery,
  type ColumnDef,
  type ListQuery,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { reportNavigationError } from '../navigation-error.ts';
import { useAdminLocation } from '../use-admin-location.ts';
import { UserForm, type UserFormValues } from './UserForm.tsx';
import { downloads, usersApi } from './users-roles-api.ts';
import { DIRECTORY_ROUTE, USER_ROUTE, userPage } from './user-route.ts';
import DirectorySyncPage from './DirectorySyncPage.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  header: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  grow: { flexGrow: 1 },
  filter: { minWidth: '200px' },
  facts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  secret: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', maxWidth: '520px' },
  hidden: { display: 'none' },
});

const detailPath = (id: string) => `${USER_ROUTE}/${encodeURIComponent(id)}/detail`;

function ReportNotFound() {
  useEffect(() => reportNavigationError(404), []);
  return null;
}

/** A password shown this once, with a copy button. */
export function PasswordOnce({ username, password }: { username: string; password: string }) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <MessageBar intent="success" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('user.passwordOnceTitle', { username })}</MessageBarTitle>
        <p>{t('user.passwordOnceHint')}</p>
        <div className={styles.secret}>
          <Field className={styles.grow} label={t('user.password')}>
            <Input readOnly value={password} />
          </Field>
          <Button onClick={() => void navigator.clipboard?.writeText(password).then(() => setCopied(true))}>
            {copied ? t('user.copied') : t('user.copy')}
          </Button>
        </div>
      </MessageBarBody>
    </MessageBar>
  );
}

interface UserQuery extends ListQuery {
  status?: string;
}

function UserImport({ onImported }: { onImported: () => void }) {
  const { t } = useAdminTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const upload = async (file: File) => {
    try {
      const outcome = await usersApi.importFile(file);
      if (outcome.ok) {
        notify.success(t('user.imported', { count: outcome.imported }));
        onImported();
        return;
      }
      downloads.save(outcome.errorFile);
      notify.warning(t('user.importFailed', { count: outcome.failedRows ?? 0 }));
    } catch (error) {
      // the file refused (400) in the user's words; any other failure the shared client has told
      if (!(error instanceof ApiError) || error.status === 400) notify.error(importRefusalText(error));
    }
  };
  return (
    <>
      <Button onClick={() => void usersApi.downloadTemplate().then((file) => downloads.save(file))}>
        {t('user.template')}
      </Button>
      <Button onClick={() => input.current?.click()}>{t('user.import')}</Button>
      <input
        ref={input}
        className={styles.hidden}
        type="file"
        aria-label={t('user.import')}
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
    </>
  );
}

function UserListPage() {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const list = useListQuery<UserQuery>({ defaults: { sortBy: 'username.asc' } });
  const { query } = list;
  const [reloads, setReloads] = useState(0);
  const params = useMemo(
    () => ({
      keyword: query.keyword,
      status: query.status,
      sortBy: query.sortBy,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      reloads,
    }),
    [query.keyword, query.status, query.sortBy, query.pageIndex, query.pageSize, reloads],
  );
  const [answer, setAnswer] = useState<{ for: typeof params; rows: AdminUser[]; total: number }>();
  useEffect(() => {
    let current = true;
    const { reloads: _ignored, ...search } = params;
    void _ignored;
    usersApi
      .search(search)
      .then((page) => current && setAnswer({ for: params, rows: page.data, total: page.page.total }))
      .catch(() => current && setAnswer({ for: params, rows: [], total: 0 }));
    return () => {
      current = false;
    };
  }, [params]);
  const columns: ColumnDef<AdminUser>[] = [
    {
      key: 'username',
      labelKey: 'admin:user.username',
      width: 200,
      sortable: true,
      render: (row) => (
        <Link
          href={detailPath(row.id)}
          onClick={(event) => {
            event.preventDefault();
            goTo(detailPath(row.id));
          }}
        >
          {row.username}
        </Link>
      ),
    },
    { key: 'fullName', labelKey: 'admin:user.fullName', sortable: true },
    { key: 'email', labelKey: 'admin:user.email', sortable: true, render: (row) => row.email ?? '' },
    {
      key: 'roles',
      labelKey: 'admin:user.roles',
      render: (row) => row.roles.map((role) => role.name).join(', '),
    },
    {
      key: 'status',
      labelKey: 'admin:user.status',
      width: 160,
      render: (row) => <StatusBadge status={row.status} />,
    },
  ];
  const statusLabel = query.status ? t(`user.statuses.${query.status}`) : t('user.allStatuses');
  return (
    <ListPage<AdminUser, UserQuery>
      title={t('user.title')}
      list={list}
      total={answer?.total ?? 0}
      rows={answer?.rows ?? []}
      loading={answer?.for !== params}
      getRowId={(row) => row.id}
      columns={columns}
      toolbar={
        <>
          <Authorized anyOf={['user.create']}>
            <Button appearance="primary" onClick={() => goTo(`${USER_ROUTE}/create`)}>
              {t('user.create')}
            </Button>
            <UserImport onImported={() => setReloads((n) => n + 1)} />
          </Authorized>
          <Authorized anyOf={['user.update']}>
            <Button onClick={() => goTo(DIRECTORY_ROUTE)}>{t('directory.open')}</Button>
          </Authorized>
        </>
      }
      filters={
        <Field label={t('user.status')} className={styles.filter}>
          <Dropdown
            value={statusLabel}
            selectedOptions={[query.status ?? '']}
            onOptionSelect={(_, data) => list.setQuery({ status: data.optionValue || undefined })}
          >
            <Option value="">{t('user.allStatuses')}</Option>
            <Option value="ACTIVE">{t('user.statuses.ACTIVE')}</Option>
            <Option value="INACTIVE">{t('user.statuses.INACTIVE')}</Option>
          </Dropdown>
        </Field>
      }
    />
  );
}

const bodyOf = (values: UserFormValues) => ({
  fullName: values.fullName.trim(),
  email: values.email.trim() || null,
  phone: values.phone.trim() || null,
});

function UserCreatePage() {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [created, setCreated] = useState<{ id: string; username: string; password: string | null } | null>(
    null,
  );
  if (created)
    return (
      <section className={styles.page} aria-label={t('user.create')}>
        <Title2 as="h1">{t('user.create')}</Title2>
        {created.password && <PasswordOnce username={created.username} password={created.password} />}
        <div className={styles.header}>
          <Button appearance="primary" onClick={() => goTo(detailPath(created.id))}>
            {t('user.openUser')}
          </Button>
        </div>
      </section>
    );
  return (
    <section className={styles.page} aria-label={t('user.create')}>
      <Title2 as="h1">{t('user.create')}</Title2>
      <UserForm
        onCancel={() => goTo(USER_ROUTE)}
        onSubmit={async (values, generate, requirePasswordChange) => {
          const answer = await usersApi.create({
            username: values.username.trim(),
            ...bodyOf(values),
            roleIds: values.roleIds,
            ...(generate ? {} : { password: values.password }),
            passwordChangeRequired: requirePasswordChange,
          });
          notify.success(t('user.created'));
          if (answer.generatedPassword)
            setCreated({
              id: answer.user.id,
              username: answer.user.username,
              password: answer.generatedPassword,
            });
          else goTo(detailPath(answer.user.id));
        }}
      />
    </section>
  );
}

function useUser(id: string): [AdminUser | null, (user: AdminUser) => void] {
  const [user, setUser] = useState<AdminUser | null>(null);
  useEffect(() => {
    let current = true;
    usersApi
      .get(id)
      .then((found) => current && setUser(found))
      .catch((error: unknown) => {
        if (current && error instanceof ApiError && error.status === 404) reportNavigationError(404);
      });
    return () => {
      current = false;
    };
  }, [id]);
  return [user, setUser];
}

function UserUpdatePage({ id }: { id: string }) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [user] = useUser(id);
  if (!user) return <Loading size="small" />;
  return (
    <section className={styles.page} aria-label={t('user.update')}>
      <Title2 as="h1">{t('user.update')}</Title2>
      <UserForm
        user={user}
        onCancel={() => goTo(detailPath(id))}
        onSubmit={async (values) => {
          const updated = await usersApi.update(id, { ...bodyOf(values), version: user.version });
          const before = user.roles.map((role) => role.id).sort();
          if (JSON.stringify(before) !== JSON.stringify([...values.roleIds].sort()))
            await usersApi.assignRoles(id, values.roleIds, updated.version);
          notify.success(t('user.saved'));
          goTo(detailPath(id));
        }}
      />
    </section>
  );
}

function UserDetailPage({ id }: { id: string }) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [user, setUser] = useUser(id);
  const [password, setPassword] = useState<string | null>(null);
  if (!user) return <Loading size="small" />;
  const locked = user.status === 'INACTIVE';
  const facts: [string, string][] = [
    [t('user.username'), user.username],
    [t('user.fullName'), user.fullName],
    [t('user.email'), user.email ?? '—'],
    [t('user.phone'), user.phone ?? '—'],
    [t('user.roles'), user.roles.map((role) => role.name).join(', ') || '—'],
    [t('user.lastLoginAt'), user.lastLoginAt ? formatDate(user.lastLoginAt, 'timeDate') : '—'],
  ];
  return (
    <section className={styles.page} aria-label={user.username}>
      <div className={styles.header}>
        <Title2 as="h1" className={styles.grow}>
          {user.fullName}
        </Title2>
        <StatusBadge status={user.status} />
        <Button onClick={() => goTo(USER_ROUTE)}>{t('usersRoles.back')}</Button>
        <Authorized anyOf={['user.update']}>
          <Button appearance="primary" onClick={() => goTo(`${USER_ROUTE}/${encodeURIComponent(id)}/update`)}>
            {t('user.update')}
          </Button>
          <Button
            onClick={() => {
              if (
                !window.confirm(
                  t(locked ? 'user.confirmUnlock' : 'user.confirmLock', { username: user.username }),
                )
              )
                return;
              void (locked ? usersApi.unlock(id) : usersApi.lock(id)).then((next) => {
                setUser(next);
                notify.success(t(locked ? 'user.unlocked' : 'user.locked'));
              });
            }}
          >
            {t(locked ? 'user.unlock' : 'user.lock')}
          </Button>
          <Button
            onClick={() => {
              if (!window.confirm(t('user.confirmPassword', { username: user.username }))) return;
              void usersApi.generatePassword(id).then((answer) => setPassword(answer.generatedPassword));
            }}
          >
            {t('user.changePassword')}
          </Button>
        </Authorized>
      </div>
      {password && <PasswordOnce username={user.username} password={password} />}
      <div className={styles.facts}>
        {facts.map(([name, value]) => (
          <Body1 key={name} as="p">
            <strong>{name}</strong>: {value}
          </Body1>
        ))}
      </div>
    </section>
  );
}

/** The users (/setting/user): list, create, detail and update, hand-made (roles, lock, passwords). */
export default function UserPages() {
  const { pathname } = useAdminLocation();
  const match = userPage(pathname);
  if (!match) return <ReportNotFound />;
  if (match.page === 'list') return <UserListPage />;
  if (match.page === 'create') return <UserCreatePage />;
  if (match.page === 'directory') return <DirectorySyncPage />;
  if (match.page === 'update') return <UserUpdatePage key={match.id} id={match.id} />;
  return <UserDetailPage key={match.id} id={match.id} />;
}
