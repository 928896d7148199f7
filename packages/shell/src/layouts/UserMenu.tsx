import {
  Avatar,
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  PersonRegular,
  SignOutRegular,
  makeStyles,
} from '@hcm/ui';
import { signOut } from '@hcm/session';
import type { Profile } from '@hcm/contracts';
import { navigate } from '../routing/location.ts';
import { ShellPaths } from '../routing/shell-paths.ts';
import { useShellTranslation } from '../shell-i18n.ts';

const useStyles = makeStyles({ trigger: { whiteSpace: 'nowrap', minWidth: 'auto' } });

/**
 * The signed-in user's name (on a phone only the avatar, still named by the full name), opening
 * a menu with My profile and Sign out.
 */
export function UserMenu({ profile, compact = false }: { profile: Profile; compact?: boolean }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const onSignOut = () => {
    // signOut forgets the session at once (the server call follows), so /login shows the form.
    void signOut();
    navigate(ShellPaths.signIn);
  };
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          aria-label={t('userMenu.label', { name: profile.fullName })}
          // No initials: visible text the accessible name does not hold (WCAG 2.5.3, axe's
          // label-content-name-mismatch). The avatar's colour still follows the name.
          icon={
            <Avatar
              name={profile.fullName}
              initials={null}
              icon={<PersonRegular />}
              color="colorful"
              size={24}
              aria-hidden
            />
          }
          className={styles.trigger}
        >
          {compact ? null : profile.fullName}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<PersonRegular />} onClick={() => navigate(ShellPaths.myProfile)}>
            {t('userMenu.myProfile')}
          </MenuItem>
          <MenuItem icon={<SignOutRegular />} onClick={onSignOut}>
            {t('userMenu.signOut')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
