import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Menu,
  MenuButton,
  MenuDivider,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ListViewLimits, type ListView } from '@hcm/contracts/list-views';
import { ApiError } from '@hcm/session';
import { confirmAction } from '../dialog/confirm-host.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { notify } from '../toast/notify.ts';
import type { ListSettingsState } from './use-list-settings.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  rows: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  name: { flexGrow: 1, minWidth: '160px' },
});

/** The server's refusal in the user's language: the route's own codes, else by its keys and status. */
function useRefusalText() {
  const { t } = useUiTranslation();
  const failureText = useFailureText();
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      const key = `list.errors.${error.code}`;
      const text = t(key, { max: ListViewLimits.viewsPerList });
      if (text !== key) return text;
    }
    return failureText(error, { label: (field) => (field === 'name' ? t('list.viewName') : undefined) });
  };
}

/**
 * "Views": the user's saved views of the list (pick one to apply it), "Save the current view…"
 * and "Manage views…" (rename, default, delete). Saved per user on the server.
 */
export function SavedViews({ settings }: { settings: ListSettingsState }) {
  const { t } = useUiTranslation();
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const current = settings.currentView;
  return (
    <>
      <Menu
        checkedValues={{ view: current ? [current.id] : [] }}
        onCheckedValueChange={(_, data) => {
          const view = settings.views.find((candidate) => candidate.id === data.checkedItems[0]);
          if (view) settings.applyView(view);
        }}
      >
        <MenuTrigger disableButtonEnhancement>
          <MenuButton>
            {current ? t('list.viewsCurrent', { name: current.name }) : t('list.views')}
          </MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {settings.views.length === 0 && <MenuItem disabled>{t('list.viewsNone')}</MenuItem>}
            {settings.views.map((view) => (
              <MenuItemRadio key={view.id} name="view" value={view.id}>
                {view.isDefault ? `${view.name} (${t('list.viewsDefault')})` : view.name}
              </MenuItemRadio>
            ))}
            <MenuDivider />
            <MenuItem onClick={() => setSaving(true)}>{t('list.viewsSave')}</MenuItem>
            {settings.views.length > 0 && (
              <MenuItem onClick={() => setManaging(true)}>{t('list.viewsManage')}</MenuItem>
            )}
          </MenuList>
        </MenuPopover>
      </Menu>
      {saving && <SaveViewDialog settings={settings} onClose={() => setSaving(false)} />}
      {managing && <ManageViewsDialog settings={settings} onClose={() => setManaging(false)} />}
    </>
  );
}

function SaveViewDialog({ settings, onClose }: { settings: ListSettingsState; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const refusal = useRefusalText();
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(t('error.required', { label: t('list.viewName') }));
    setBusy(true);
    try {
      const saved = await settings.saveView(trimmed, isDefault);
      void notify.success(t('list.viewSaved', { name: saved.name }));
      onClose();
    } catch (refused) {
      setError(refusal(refused));
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <DialogBody>
            <DialogTitle>{t('list.viewSaveTitle')}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field
                label={t('list.viewName')}
                required
                validationMessage={error ?? undefined}
                validationState={error ? 'error' : 'none'}
              >
                <Input
                  value={name}
                  maxLength={ListViewLimits.name}
                  onChange={(_, data) => {
                    setName(data.value);
                    setError(null);
                  }}
                />
              </Field>
              <Checkbox
                label={t('list.viewMakeDefault')}
                checked={isDefault}
                onChange={(_, data) => setIsDefault(data.checked === true)}
              />
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={busy}>
                {t('list.save')}
              </Button>
              <Button onClick={onClose}>{t('list.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

function ManageViewsDialog({ settings, onClose }: { settings: ListSettingsState; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('list.viewManageTitle')}</DialogTitle>
          <DialogContent>
            <ul className={styles.rows}>
              {settings.views.map((view) => (
                <ViewRow key={view.id} view={view} settings={settings} />
              ))}
            </ul>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('list.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** One saved view: its name (renamed on Enter or leaving the box), default or not, delete. */
function ViewRow({ view, settings }: { view: ListView; settings: ListSettingsState }) {
  const styles = useStyles();
  const { t } = useUiTranslation();
  const refusal = useRefusalText();
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | null>(null);
  const rename = async () => {
    const trimmed = name.trim();
    if (!trimmed || trimmed === view.name) return setName(view.name);
    try {
      await settings.updateView(view.id, { name: trimmed });
      setError(null);
    } catch (refused) {
      setError(refusal(refused));
    }
  };
  const remove = async () => {
    if (!(await confirmAction({ kind: 'delete', message: t('list.viewDeleteConfirm', { name: view.name }) })))
      return;
    await settings.deleteView(view.id);
    void notify.success(t('list.viewDeleted', { name: view.name }));
  };
  return (
    <li className={styles.row}>
      <Field
        className={styles.name}
        label={t('list.viewRename')}
        validationMessage={error ?? undefined}
        validationState={error ? 'error' : 'none'}
      >
        <Input
          value={name}
          maxLength={ListViewLimits.name}
          onChange={(_, data) => setName(data.value)}
          onBlur={() => void rename()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void rename();
          }}
        />
      </Field>
      <Checkbox
        label={t('list.viewsDefault')}
        checked={view.isDefault}
        onChange={(_, data) =>
          void settings
            .updateView(view.id, { isDefault: data.checked === true })
            .catch((refused: unknown) => setError(refusal(refused)))
        }
      />
      <Button onClick={() => void remove()} aria-label={t('list.viewDelete', { name: view.name })}>
        {t('resource.delete')}
      </Button>
    </li>
  );
}
