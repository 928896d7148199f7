import { useEffect, useState, type FormEvent } from 'react';
import { ErrorCodes } from '@hcm/contracts';
import {
  DirectoryPaths,
  type DirectorySettings,
  type DirectorySettingsBody,
  type DirectorySyncResult,
  type DirectoryTestResult,
} from '@hcm/contracts/directory';
import { ApiError, api, http } from '@hcm/session';
import {
  Authorized,
  Body1,
  Button,
  Checkbox,
  FormField,
  Input,
  Loading,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  SettingsSection,
  Title2,
  Validators,
  formatDate,
  goTo,
  makeStyles,
  notify,
  serverFieldErrors,
  tokens,
  useFailureText,
  useFormState,
  type FieldError,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { USER_ROUTE } from './user-route.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
});

/** The settings as the form edits them: text everywhere, the password empty unless retyped. */
type FormValues = Omit<DirectorySettingsBody, 'version' | 'bindPassword'> & { bindPassword: string };

const TEXT_FIELDS = [
  'url',
  'bindDn',
  'baseDn',
  'userFilter',
  'usernameAttribute',
  'fullNameAttribute',
  'emailAttribute',
  'phoneAttribute',
] as const;

const toForm = (settings: DirectorySettings): FormValues => ({
  enabled: settings.enabled,
  url: settings.url,
  bindDn: settings.bindDn,
  bindPassword: '',
  baseDn: settings.baseDn,
  userFilter: settings.userFilter,
  usernameAttribute: settings.usernameAttribute,
  fullNameAttribute: settings.fullNameAttribute,
  emailAttribute: settings.emailAttribute,
  phoneAttribute: settings.phoneAttribute,
});

export const directoryApi = {
  get: () => api.get<DirectorySettings>(DirectoryPaths.settings),
  /** field errors and conflicts are shown on the form: no toast */
  save: async (body: DirectorySettingsBody) =>
    (await http.put<{ data: DirectorySettings }>(DirectoryPaths.settings, body, { ignoreError: true })).data
      .data,
  test: () =>
    api.post<DirectoryTestResult>(DirectoryPaths.test, undefined, { ignoreError: true, loading: true }),
  sync: () =>
    api.post<DirectorySyncResult>(DirectoryPaths.sync, undefined, { ignoreError: true, loading: true }),
};

function SyncOutcome({ result }: { result: DirectorySyncResult }) {
  const { t } = useAdminTranslation();
  const styles = useStyles();
  return (
    <MessageBar
      intent={result.skippedCount > 0 || result.truncated ? 'warning' : 'success'}
      layout="multiline"
    >
      <MessageBarBody>
        <MessageBarTitle>
          {t('directory.lastSync', { at: formatDate(result.finishedAt, 'timeDate') })}
        </MessageBarTitle>
        <Body1 as="p">{t('directory.counts', result)}</Body1>
        {result.truncated && <Body1 as="p">{t('directory.truncated')}</Body1>}
        {result.skipped.length > 0 && (
          <ul className={styles.list} aria-label={t('directory.skippedList')}>
            {result.skipped.map((item) => (
              <li key={item.entry}>
                {item.entry}: {t(`directory.skip.${item.code}`, { username: item.username ?? '' })}
              </li>
            ))}
          </ul>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}

function DirectoryForm({
  settings,
  onSaved,
}: {
  settings: DirectorySettings;
  onSaved: (next: DirectorySettings) => void;
}) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const failureText = useFailureText();
  const form = useFormState<FormValues>({
    initialValues: toForm(settings),
    validators: {
      url: [Validators.required()],
      baseDn: [Validators.required()],
      userFilter: [Validators.required()],
      usernameAttribute: [Validators.required()],
      fullNameAttribute: [Validators.required()],
    },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [sample, setSample] = useState<DirectoryTestResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [clearPassword, setClearPassword] = useState(false);

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
      form.setErrors(serverFieldErrors(error.fieldErrors) as Partial<Record<keyof FormValues, FieldError>>);
      return;
    }
    // the directory's refusal (502) in the page's words, by its reason; any other by its status
    if (error instanceof ApiError && error.code === ErrorCodes.directoryUnavailable)
      setProblem(
        t(
          error.params.reason === 'bindRefused'
            ? 'directory.unavailable.bindRefused'
            : 'directory.unavailable.text',
        ),
      );
    else setProblem(failureText(error));
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const save = (values: FormValues) =>
    run(async () => {
      const { bindPassword, ...rest } = values;
      const password = clearPassword ? '' : bindPassword === '' ? undefined : bindPassword;
      const saved = await directoryApi.save({
        ...rest,
        ...(password === undefined ? {} : { bindPassword: password }),
        version: settings.version,
      });
      notify.success(t('directory.saved'));
      setClearPassword(false);
      form.reset(toForm(saved));
      onSaved(saved);
    });

  return (
    <form
      className={styles.page}
      noValidate
      aria-label={t('directory.title')}
      onSubmit={(event: FormEvent) => void form.handleSubmit((_cleaned, raw) => save(raw))(event)}
    >
      {problem && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      )}
      <SettingsSection
        title={t('directory.connection')}
        columnWidth={260}
        intro={
          <Checkbox
            label={t('directory.enabled')}
            checked={form.values.enabled}
            onChange={(_event, data) => form.setValue('enabled', data.checked === true)}
          />
        }
      >
        {(['url', 'bindDn', 'baseDn', 'userFilter'] as const).map((name) => {
          const binding = form.field(name);
          return (
            <FormField
              key={name}
              label={t(`directory.fields.${name}`)}
              hint={t(`directory.hints.${name}`)}
              error={binding.error}
              required={name !== 'bindDn'}
            >
              <Input
                value={binding.value}
                onChange={(_e, data) => binding.onChange(data.value)}
                onBlur={binding.onBlur}
              />
            </FormField>
          );
        })}
        <FormField
          label={t('directory.fields.bindPassword')}
          hint={t(settings.bindPasswordSet ? 'directory.hints.passwordKept' : 'directory.hints.passwordNone')}
          error={form.field('bindPassword').error}
        >
          <Input
            type="password"
            autoComplete="new-password"
            disabled={clearPassword}
            value={form.values.bindPassword}
            onChange={(_e, data) => form.setValue('bindPassword', data.value)}
          />
        </FormField>
        {settings.bindPasswordSet && (
          <Checkbox
            label={t('directory.clearPassword')}
            checked={clearPassword}
            onChange={(_event, data) => setClearPassword(data.checked === true)}
          />
        )}
      </SettingsSection>
      <SettingsSection title={t('directory.attributes')} columnWidth={260}>
        {TEXT_FIELDS.slice(4).map((name) => {
          const binding = form.field(name);
          return (
            <FormField
              key={name}
              label={t(`directory.fields.${name}`)}
              error={binding.error}
              required={name === 'usernameAttribute' || name === 'fullNameAttribute'}
            >
              <Input
                value={binding.value}
                onChange={(_e, data) => binding.onChange(data.value)}
                onBlur={binding.onBlur}
              />
            </FormField>
          );
        })}
      </SettingsSection>
      <Authorized anyOf={['user.update']}>
        <div className={styles.actions}>
          <Button appearance="primary" type="submit" disabled={busy}>
            {t('directory.save')}
          </Button>
          <Button
            disabled={busy || settings.version === 0}
            onClick={() =>
              void run(async () => {
                setSample(await directoryApi.test());
              })
            }
          >
            {t('directory.test')}
          </Button>
          <Authorized anyOf={['user.create']}>
            <Button
              disabled={busy || !settings.enabled}
              onClick={() =>
                void run(async () => {
                  const result = await directoryApi.sync();
                  notify.success(t('directory.synced', result));
                  onSaved({ ...settings, lastSync: result });
                })
              }
            >
              {t('directory.syncNow')}
            </Button>
          </Authorized>
          <Button appearance="subtle" onClick={() => goTo(USER_ROUTE)}>
            {t('directory.backToUsers')}
          </Button>
        </div>
      </Authorized>
      {sample && (
        <SettingsSection title={t('directory.sample', { count: sample.sample.length })} stack>
          <ul className={styles.list}>
            {sample.sample.map((person) => (
              <li key={person.entry}>
                <strong>{person.username ?? '—'}</strong> · {person.fullName ?? '—'} · {person.email ?? '—'} (
                {person.entry})
              </li>
            ))}
          </ul>
        </SettingsSection>
      )}
      {settings.lastSync && <SyncOutcome result={settings.lastSync} />}
    </form>
  );
}

/**
 * /setting/user/directory: the tenant's LDAP directory, whose people become users (catalogues
 * §7.4 "POST sync from directory"): the connection, the attributes read, a test that reads five
 * people, the sync now, and what the last sync did.
 */
export default function DirectorySyncPage() {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [settings, setSettings] = useState<DirectorySettings | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    directoryApi
      .get()
      .then((next) => current && setSettings(next))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, []);
  return (
    <section className={styles.page} aria-labelledby="directory-title">
      <Title2 as="h1" id="directory-title">
        {t('directory.title')}
      </Title2>
      <Body1 as="p">{t('directory.intro')}</Body1>
      {failed && (
        <MessageBar intent="error">
          <MessageBarBody>{t('directory.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {!settings && !failed && <Loading />}
      {settings && <DirectoryForm key={settings.version} settings={settings} onSaved={setSettings} />}
    </section>
  );
}
