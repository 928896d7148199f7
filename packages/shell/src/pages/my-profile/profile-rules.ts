import { FieldLimits, Languages, type Language, type Profile, type UpdateProfileBody } from '@hcm/contracts';
import { Validators, cleanText, type FieldError, type FormValidators } from '@hcm/ui';

export type ProfileDetails = {
  fullName: string;
  email: string;
  language: Language;
};

export const detailsOf = (profile: Profile): ProfileDetails => ({
  fullName: profile.fullName,
  email: profile.email ?? '',
  language: profile.language,
});

/** The fields' checks (catalogues §5.2: name 200, e-mail 50), with the spec's error keys. */
export const profileValidators: FormValidators<ProfileDetails> = {
  fullName: [Validators.required(), Validators.maxLength(FieldLimits.name)],
  email: [Validators.email(), Validators.maxLength(FieldLimits.email)],
  language: [Validators.required(), Validators.oneOf(Languages)],
};

/** The body of POST me/profile: text cleaned as the spec's forms do; an emptied e-mail is removed (null). */
export function updateBodyOf(details: ProfileDetails): UpdateProfileBody {
  const email = details.email.trim();
  return {
    fullName: cleanText(details.fullName),
    email: email === '' ? null : email,
    language: details.language,
  };
}

/** The server's 400 on POST me/profile, on the form's fields. */
export function profileServerErrors(
  errors: readonly { field: string; code: string }[],
): Partial<Record<keyof ProfileDetails, FieldError>> {
  const out: Partial<Record<keyof ProfileDetails, FieldError>> = {};
  for (const { field, code } of errors) {
    if (field === 'fullName' || field === 'email' || field === 'language') out[field] ??= { key: code };
  }
  return out;
}
