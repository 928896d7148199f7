import { useState, type FormEvent } from 'react';
import { ApiPaths, FieldLimits, Languages, type Language, type Profile } from '@hcm/contracts';
import { setLanguage } from '@hcm/i18n';
import { api, loadProfile, toApiError } from '@hcm/session';
import { Card, Dropdown, Option, Subtitle1, TextInput, guardSubmit, notify, useFormState } from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import { BusyButton } from './BusyButton.tsx';
import { FailureBar } from './FailureBar.tsx';
import { PageFormField } from './PageFormField.tsx';
import { useProfileStyles } from './form-styles.ts';
import {
  detailsOf,
  profileServerErrors,
  profileValidators,
  updateBodyOf,
  type ProfileDetails,
} from './profile-rules.ts';
import { saveFailureKey } from './save-failure.ts';

/**
 * Full name, e-mail and language of the signed-in user. Saving reloads the session's profile
 * (the top bar shows the new name) and switches the portal to the chosen language.
 */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const styles = useProfileStyles();
  const { t } = useShellTranslation();
  const form = useFormState<ProfileDetails>({
    initialValues: detailsOf(profile),
    validators: profileValidators,
  });
  const [saving, setSaving] = useState(false);
  const [failureKey, setFailureKey] = useState<string | null>(null);
  const prefix = 'pages.myProfile.details';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !guardSubmit(event, form.valid, { markAllTouched: form.markAllTouched })) return;
    setSaving(true);
    setFailureKey(null);
    let saved: Profile;
    try {
      const body = updateBodyOf(form.values);
      // The form shows the save's own failures; no second notice.
      saved = await api.post<Profile>(ApiPaths.iam.meProfile, body, { ignoreError: true });
    } catch (error) {
      const apiError = toApiError(error);
      const fieldErrors = profileServerErrors(apiError.fieldErrors);
      form.setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFailureKey(saveFailureKey(apiError));
      setSaving(false);
      return;
    }
    // Saved. The session's copy is reloaded for the top bar; a failed reload is told once, by the
    // session's own "profile could not be loaded" toast, and not again as a failed save here.
    await loadProfile().catch(() => undefined);
    form.reset(detailsOf(saved));
    await setLanguage(saved.language);
    void notify.success(t(`${prefix}.saved`));
    setSaving(false);
  };

  const fullName = form.field('fullName');
  const email = form.field('email');
  const language = form.field('language');
  const nameOf = (l: Language) => t(`language.${l}`);

  return (
    <Card className={styles.card}>
      <Subtitle1 as="h2" className={styles.heading}>
        {t(`${prefix}.heading`)}
      </Subtitle1>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t(`${prefix}.formLabel`)}>
        {failureKey && <FailureBar title={t(`${prefix}.failedTitle`)} message={t(failureKey)} />}
        <PageFormField label={t(`${prefix}.fullName`)} error={fullName.error} required>
          <TextInput
            name={fullName.name}
            autoComplete="name"
            value={fullName.value}
            onChange={fullName.onChange}
            onBlur={fullName.onBlur}
            maxLength={FieldLimits.name}
          />
        </PageFormField>
        <PageFormField label={t(`${prefix}.email`)} error={email.error}>
          <TextInput
            name={email.name}
            type="email"
            autoComplete="email"
            value={email.value}
            onChange={email.onChange}
            onBlur={email.onBlur}
          />
        </PageFormField>
        <PageFormField label={t(`${prefix}.language`)} error={language.error}>
          <Dropdown
            value={nameOf(language.value)}
            selectedOptions={[language.value]}
            onOptionSelect={(_event, data) => {
              const chosen = Languages.find((l) => l === data.optionValue);
              if (chosen) language.onChange(chosen);
            }}
            onBlur={language.onBlur}
          >
            {Languages.map((l) => (
              <Option key={l} value={l} lang={l}>
                {nameOf(l)}
              </Option>
            ))}
          </Dropdown>
        </PageFormField>
        <BusyButton busy={saving} busyLabel={t(`${prefix}.saving`)} label={t(`${prefix}.submit`)} />
      </form>
    </Card>
  );
}
