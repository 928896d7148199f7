import { useCallback } from 'react';
import { FieldErrorKeys, permissionLabelsOf } from '@hcm/contracts';
import { i18n } from '@hcm/i18n';
import { ApiError, noticeForError, type SessionNotice } from '@hcm/session';
import {
  KNOWN_ERROR_KEYS,
  MISSING_ERROR_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
  fieldErrorText,
} from '../form/validators.ts';
import { UI_NAMESPACE, uiText, useUiTranslation } from './ui-i18n.ts';

/** A text of the kit's dictionary (namespace `ui`) with its values. */
export type UiTranslate = (key: string, params?: Record<string, unknown>) => string;

/**
 * The permission codes a 403 names, as people name them in the current language: "Hợp đồng lao
 * động (Sửa)". A code the catalogue does not know is left out rather than shown.
 */
export function permissionNames(codes: readonly string[], t: UiTranslate = uiText): string[] {
  const english = i18n.language === 'en';
  return codes.flatMap((code) => {
    const labels = permissionLabelsOf(code);
    if (!labels) return [];
    const { resource, action } = labels;
    return [
      t('permission.named', {
        resource: english ? resource.en : resource.vi,
        action: english ? action.en : action.vi,
      }),
    ];
  });
}

/**
 * The text of a notice (`notices.<key>.<text>` of the kit's dictionary, `text` by default) with
 * its values: the seconds to wait when the server said, the permissions a 403 names by their
 * labels (the plain refusal when none of them is known: a code is never shown).
 */
export function noticeText(notice: SessionNotice, t: UiTranslate = uiText): string {
  const base = `notices.${notice.key}`;
  if (notice.retryAfterSeconds !== undefined)
    return t(`${base}.textWithSeconds`, { seconds: notice.retryAfterSeconds });
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(notice.params ?? {}))
    values[name] = Array.isArray(value)
      ? (name === 'permissions' ? permissionNames(value, t) : value).join(', ')
      : (value as string | number);
  const namedNone = notice.text === 'withPermissions' && !values.permissions;
  return t(`${base}.${namedNone ? 'text' : (notice.text ?? 'text')}`, values);
}

export interface FailureTextOptions {
  /**
   * The label (already translated) of the field a field error names: a string for the one field
   * the call was about (an upload's input), or a function (undefined: not a field of the screen).
   */
  label?: string | ((field: string) => string | undefined);
  /**
   * The screen's own words when nothing more precise can be said: a 400 without a field error
   * the screen can name, a failure that is not an answer of the API.
   */
  fallback?: string;
}

/** The notices that say nothing a screen's own words would not say better. */
const VAGUE_NOTICES: ReadonlySet<string> = new Set(['requestFailed', 'unexpected', 'validationFailed']);

/**
 * What a failed call tells a person in place (a message bar, a field's message, a toast of the
 * screen's own), in their language and never with the server's English words (issue 27): the
 * first field error the screen can name, in the words of its key (fieldErrorText) with the
 * field's label (a 409's refused value: `error.taken`, "… đã được sử dụng"); else the notice of its status and code (@hcm/session's decision, the texts of
 * `notices` in the kit's dictionary); the screen's fallback for a vague one.
 */
export function failureText(
  error: unknown,
  options: FailureTextOptions = {},
  t: UiTranslate = uiText,
): string {
  const fallback = (key: string) => options.fallback ?? t(key);
  if (!(error instanceof ApiError)) return fallback('notices.unexpected.text');
  const translate = (key: string, params: Record<string, string | number>) =>
    i18n.exists(key, { ns: UI_NAMESPACE }) ? t(key, params) : undefined;
  for (const problem of error.fieldErrors) {
    const label = typeof options.label === 'function' ? options.label(problem.field) : options.label;
    if (label === undefined || !KNOWN_ERROR_KEYS.has(problem.code)) continue;
    // a 409's value refused on a field is one another record has (a code, a user name)
    if (error.status === 409 && problem.code === FieldErrorKeys.invalidValue)
      return t('error.taken', { label });
    const text = fieldErrorText(
      problem.params ? { key: problem.code, params: { ...problem.params } } : { key: problem.code },
      label,
      translate,
    );
    if (text !== MISSING_ERROR_MESSAGE && text !== UNKNOWN_ERROR_MESSAGE) return text;
  }
  const notice = noticeForError(error);
  if (!notice) return fallback('notices.requestFailed.text');
  return VAGUE_NOTICES.has(notice.key) ? fallback(`notices.${notice.key}.text`) : noticeText(notice, t);
}

/** failureText in the current language, for a component (it re-renders when the language changes). */
export function useFailureText(): (error: unknown, options?: FailureTextOptions) => string {
  const { t } = useUiTranslation();
  return useCallback(
    (error: unknown, options?: FailureTextOptions) =>
      failureText(error, options, (key, params) => t(key, params)),
    [t],
  );
}
