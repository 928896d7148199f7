import { useCallback, useEffect, useState } from 'react';
import {
  Authorized,
  Button,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  formatDate,
  makeStyles,
  tokens,
  failureText,
} from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { AddContactForm } from './AddContactForm.tsx';
import { tenantApi, type ServicePackOption, type TenantAdministration } from './tenant-api.ts';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  table: { width: '100%', borderCollapse: 'collapse' },
  cell: {
    textAlign: 'start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

/**
 * Below a tenant's generic detail: its status with the suspension's reason, suspend and
 * resume (with a reason, for those holding tenant.update), its subscriptions oldest first, and
 * a new subscription (a pack, a start day, months: by default the pack's duration), and, while
 * it is active, another contact (an administrator account, its password set by a link).
 */
export function TenantAdministrationPanel({ id }: { id: string }) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [state, setState] = useState<TenantAdministration | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [packs, setPacks] = useState<ServicePackOption[]>([]);
  const [packId, setPackId] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const [months, setMonths] = useState('');
  const [busy, setBusy] = useState(false);
  // a refusal in the user's words: a field's problem with its label, else by status and code
  const messageOf = (error: unknown) =>
    failureText(error, {
      label: (field) =>
        ({
          reason: t('tenant.reason'),
          servicePackId: t('tenant.servicePack'),
          startsAt: t('tenant.startsOn'),
          months: t('tenant.months'),
        })[field],
    });

  const load = useCallback(
    () =>
      tenantApi
        .administration(id)
        .then(setState)
        .catch((error: unknown) => setFailure(failureText(error))),
    [id],
  );
  useEffect(() => {
    void load();
    tenantApi
      .servicePacks()
      .then(setPacks)
      .catch(() => setPacks([]));
  }, [load]);

  const run = (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    work()
      .then(() => {
        setReason('');
        return load();
      })
      .catch((error: unknown) => setFailure(messageOf(error)))
      .finally(() => setBusy(false));
  };

  if (!state && !failure) return <Spinner label={t('tenant.loading')} />;
  const suspended = state?.status !== 'ACTIVE';
  const chosenPack = packs.find((pack) => pack.id === packId);
  return (
    <section className={styles.panel} aria-label={t('tenant.administration')}>
      <h2>{t('tenant.administration')}</h2>
      {failure && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {state && (
        <>
          <p>
            {t('tenant.statusNow')}:{' '}
            <strong>{t(`tenant.statuses.${state.status}`, { defaultValue: state.status })}</strong>
            {state.suspendedAt &&
              ` — ${t('tenant.suspendedSince', { at: formatDate(state.suspendedAt, 'timeDate') })}`}
            {state.suspensionReason && ` (${state.suspensionReason})`}
          </p>
          <Authorized anyOf={['tenant.update']}>
            <div className={styles.row}>
              <Field label={t('tenant.reason')} required={!suspended}>
                <Input name="reason" value={reason} onChange={(_, data) => setReason(data.value)} />
              </Field>
              {suspended ? (
                <Button disabled={busy} onClick={() => run(() => tenantApi.resume(id, reason.trim()))}>
                  {t('tenant.resume')}
                </Button>
              ) : (
                <Button
                  disabled={busy || reason.trim() === ''}
                  onClick={() => run(() => tenantApi.suspend(id, reason.trim()))}
                >
                  {t('tenant.suspend')}
                </Button>
              )}
            </div>
          </Authorized>
          {!suspended && (
            <Authorized anyOf={['tenant.update']}>
              <h3>{t('tenant.contacts')}</h3>
              <AddContactForm tenantId={id} />
            </Authorized>
          )}
          <h3>{t('tenant.subscriptions')}</h3>
          {state.subscriptions.length === 0 ? (
            <p>{t('tenant.noSubscriptions')}</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th className={styles.cell}>{t('tenant.servicePack')}</th>
                  <th className={styles.cell}>{t('tenant.startsAt')}</th>
                  <th className={styles.cell}>{t('tenant.endsAt')}</th>
                  <th className={styles.cell}>{t('tenant.current')}</th>
                </tr>
              </thead>
              <tbody>
                {state.subscriptions.map((period) => (
                  <tr key={period.id}>
                    <td className={styles.cell}>{`${period.servicePackCode} — ${period.servicePackName}`}</td>
                    <td className={styles.cell}>{formatDate(period.startsAt, 'date')}</td>
                    <td className={styles.cell}>{formatDate(period.endsAt, 'date')}</td>
                    <td className={styles.cell}>{period.current ? t('tenant.yes') : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Authorized anyOf={['tenant.update']}>
            <div className={styles.row}>
              <Field label={t('tenant.servicePack')}>
                <Dropdown
                  placeholder={t('tenant.choosePack')}
                  value={chosenPack ? `${chosenPack.code} — ${chosenPack.name}` : ''}
                  selectedOptions={packId ? [packId] : []}
                  onOptionSelect={(_, data) => setPackId(data.optionValue ?? '')}
                >
                  {packs.map((pack) => (
                    <Option key={pack.id} value={pack.id}>{`${pack.code} — ${pack.name}`}</Option>
                  ))}
                </Dropdown>
              </Field>
              <Field label={t('tenant.startsOn')}>
                <Input
                  type="date"
                  name="startsOn"
                  value={startsOn}
                  onChange={(_, data) => setStartsOn(data.value)}
                />
              </Field>
              <Field
                label={t('tenant.months')}
                hint={chosenPack ? t('tenant.monthsHint', { months: chosenPack.duration }) : undefined}
              >
                <Input
                  type="number"
                  min={1}
                  name="subscriptionMonths"
                  value={months}
                  onChange={(_, data) => setMonths(data.value)}
                />
              </Field>
              <Button
                disabled={busy || !packId}
                onClick={() =>
                  run(() =>
                    tenantApi.subscribe(id, {
                      servicePackId: packId,
                      ...(startsOn ? { startsAt: new Date(`${startsOn}T00:00:00`).toISOString() } : {}),
                      ...(months ? { months: Number(months) } : {}),
                    }),
                  )
                }
              >
                {t('tenant.subscribe')}
              </Button>
            </div>
          </Authorized>
        </>
      )}
    </section>
  );
}
