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
} from '@hcm/ui';
import { signOut } from '@hcm/session';
import type { Profile } from '@hcm/contracts';
import { navigate } from '../routing/location.ts';
import { ShellPaths } from '../routing/shell-paths.ts';
import { useShellTranslation } from '../shell-i18n.ts';

/** The signed-in user's name, opening a menu with My profile and Sign out. */
export function UserMenu({ profile }: { profile: Profile }) {
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
          icon={<Avatar name={profile.fullName} size={24} aria-hidden />}
        >
          {profile.fullName}
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
