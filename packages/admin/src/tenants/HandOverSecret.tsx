import { useState } from 'react';
import { Button, Field, Input, formatDate, makeStyles, tokens } from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import type { HandedOver } from './tenant-api.ts';

const useStyles = makeStyles({
  secret: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  grow: { flexGrow: 1 },
});

/**
 * The credentials of a new tenant account, shown once: its user name, then the generated
 * password or the set-password link (made absolute, to be sent as is), read-only with a copy
 * button. Shared by create-with-admin and the "Add contact" of a tenant's detail.
 */
export function HandOverSecret({ handOver }: { handOver: HandedOver }) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [copied, setCopied] = useState(false);
  const secret =
    handOver.kind === 'PASSWORD' ? handOver.password : new URL(handOver.link, window.location.origin).href;
  const copy = () => {
    void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
  };
  return (
    <>
      <p>{t(handOver.kind === 'PASSWORD' ? 'tenant.onceHintPassword' : 'tenant.onceHintLink')}</p>
      <p>
        {t('tenant.adminUsername')}: <strong>{handOver.username}</strong>
      </p>
      <div className={styles.secret}>
        <Field
          className={styles.grow}
          label={t(handOver.kind === 'PASSWORD' ? 'tenant.handOverPassword' : 'tenant.handOverLink')}
          hint={
            handOver.kind === 'LINK'
              ? t('tenant.linkExpires', { at: formatDate(handOver.expiresAt, 'timeDate') })
              : undefined
          }
        >
          <Input readOnly value={secret} />
        </Field>
        <Button onClick={copy}>{copied ? t('tenant.copied') : t('tenant.copy')}</Button>
      </div>
    </>
  );
}
