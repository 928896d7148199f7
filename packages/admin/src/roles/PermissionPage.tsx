import { useEffect, useState } from 'react';
import type { AdminRoleDetail, RoleSummary } from '@hcm/contracts/users-roles';
import { Dropdown, Field, Option, Loading, Title2, makeStyles, tokens } from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { rolesApi } from '../users/users-roles-api.ts';
import { PermissionMatrixEditor } from './PermissionMatrixEditor.tsx';
import { useMatrix } from './RolePages.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  pick: { maxWidth: '420px' },
});

/**
 * /system/permission: what each role grants, read-only: pick a role, see its matrix. Editing
 * stays on the role's own page (/setting/role), so there is one place that changes grants.
 */
export default function PermissionPage() {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const matrix = useMatrix();
  const [roles, setRoles] = useState<RoleSummary[]>([]);
  const [role, setRole] = useState<AdminRoleDetail | null>(null);
  useEffect(() => {
    let current = true;
    rolesApi
      .all()
      .then((found) => current && setRoles(found))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  const pick = (id: string) => {
    void rolesApi
      .get(id)
      .then(setRole)
      .catch(() => setRole(null));
  };
  return (
    <section className={styles.page} aria-label={t('permission.title')}>
      <Title2 as="h1">{t('permission.title')}</Title2>
      <Field label={t('permission.role')} className={styles.pick}>
        <Dropdown
          value={role ? `${role.code} — ${role.name}` : ''}
          selectedOptions={role ? [role.id] : []}
          placeholder={t('permission.pickRole')}
          onOptionSelect={(_, data) => data.optionValue && pick(data.optionValue)}
        >
          {roles.map((item) => (
            <Option key={item.id} value={item.id}>{`${item.code} — ${item.name}`}</Option>
          ))}
        </Dropdown>
      </Field>
      {role &&
        (matrix ? (
          <PermissionMatrixEditor key={role.id} matrix={matrix} granted={role.permissions} readOnly />
        ) : (
          <Loading size="small" />
        ))}
    </section>
  );
}
