/**
 * @hcm/ui: the portal's one copy of Fluent UI v9, as a curated list (fluent.ts, icons.ts), and
 * the building blocks made of it. Micro-apps import Fluent only from here.
 *
 * This entry holds what any page may need at once (formatters, form state and fields, hooks);
 * the list kit, dialogs, toaster and the richer inputs are lazy chunks behind the wrappers of
 * lazy.tsx, so the sign-in page does not download them.
 */
export * from './fluent.ts';
export * from './icons.ts';
export { HcmProvider, type HcmProviderProps } from './HcmProvider.tsx';
export { visuallyHidden } from './style/visually-hidden.ts';

// texts
export { UI_NAMESPACE, loadUiDictionary, useUiTranslation } from './i18n/ui-i18n.ts';
export {
  failureText,
  noticeText,
  permissionNames,
  useFailureText,
  type FailureTextOptions,
  type UiTranslate,
} from './i18n/failure-text.ts';
export { importRefusalText } from './resource/import-refusal.ts';

// formatters
export {
  Decimals,
  formatNumber,
  decimalsOf,
  type DecimalKind,
  type NumberFormatOptions,
} from './format/number.ts';
export { formatMoney, abbreviateMoney, MONEY_UNIT, type MoneyFormatOptions } from './format/money.ts';
export { formatBytes, BYTE_UNITS, BYTES_PER_MB } from './format/bytes.ts';
export { formatDate, toDayjs, isoWeek, DateFormats, type DateFormat, type DateLike } from './format/date.ts';
export {
  truncateText,
  shortenText,
  shortenToFit,
  TruncateLimits,
  type TruncateKind,
} from './format/truncate.ts';

// forms
export { cleanText, collapseSpaces, stripLeadingSpecial } from './form/clean-text.ts';
export {
  cleanSubmission,
  DATE_CONVERSION_EXCLUSIONS,
  MILLISECONDS_SUFFIX,
  TIME_SUFFIX,
} from './form/clean-submission.ts';
export {
  Validators,
  firstError,
  fieldErrorText,
  serverFieldErrors,
  type FieldError,
  type Validator,
} from './form/validators.ts';
export {
  useFormState,
  type FieldBinding,
  type FormStateOptions,
  type FormValidators,
} from './form/use-form-state.ts';
export { guardSubmit, type SubmitGuardOptions } from './form/submit-guard.ts';
export { FormField, type FormFieldProps } from './form/FormField.tsx';
export { SettingsSection, type SettingsSectionProps } from './form/SettingsSection.tsx';
export { TextInput, type TextInputProps } from './form/TextInput.tsx';
export { useUnsavedChangesWarning } from './resource/unsaved-changes.ts';

// lists (the query; the components are lazy)
export {
  parseSortBy,
  toggleSortBy,
  serializeListQuery,
  parseListQuery,
  listQueryParams,
  LIST_QUERY_PARAM,
  LAST_QUERIES_KEY,
  type ListQuery,
  type SortDirection,
} from './list/list-query.ts';
export { useListQuery, type ListQueryOptions, type ListQueryState } from './list/use-list-query.ts';
export { indexColumn, type ColumnDef } from './table/columns.ts';
export { statusTone, StatusTones, type BadgeTone } from './status/status-colors.ts';
export { Loading, type LoadingProps } from './status/Loading.tsx';

// resources (the pages are lazy)
export {
  resourceRoutes,
  matchResourcePage,
  goTo,
  type ResourcePageKind,
  type ResourcePageMatch,
} from './resource/resource-routes.ts';

// module micro-apps: the shell's outlet, navigation errors, the browser's location, contract pages
export { moduleOutlet, pageBrand, type ModuleOutlet } from './module/module-outlet.ts';
export { reportNavigationError, useBrowserLocation } from './module/navigation.ts';
export {
  ModuleContractPages,
  ReportNotFound,
  type ModulePageOptions,
} from './module/ModuleContractPages.tsx';

// toasts
export {
  showToast,
  notify,
  dismissAllToasts,
  preloadToaster,
  type ToastIntent,
  type ToastOptions,
} from './toast/notify.ts';

export { setBodyMount, type BodyMount, type BodyRoot } from './toast/body-mount.ts';

// hooks
export {
  debounce,
  useDebouncedCallback,
  useDebouncedClick,
  useDebouncedKey,
  useDebouncedValue,
  DEBOUNCE_MS,
  type Debounced,
} from './hooks/debounce.ts';
export { useScreenSize, screenSizeOf, ScreenSizes, type ScreenSize } from './hooks/screen-size.ts';

// people's pictures
export { WorkerAvatar, type WorkerAvatarProps } from './avatar/WorkerAvatar.tsx';
export { DEFAULT_AVATARS, defaultAvatarOf } from './avatar/default-avatars.ts';
export { thumbnailOf, useThumbnail } from './avatar/thumbnails.ts';

// authorities
export { Authorized, type AuthorizedProps } from './auth/Authorized.tsx';
export { useAuthorities, useHasAuthority, type Authorities } from './auth/use-authorities.ts';

// the grid for wide data (its component a lazy chunk)
export { DataGrid, loadGridKit } from './grid/LazyDataGrid.tsx';
export type { DataGridProps, GridChange, GridColumn } from './grid/grid-types.ts';
export type { CellError, GridValue } from './grid/cell-values.ts';

// a long job's progress bar (GET /api/system/jobs/{id}), with its cancel
export { JobProgress, jobApi, type JobApi, type JobProgressProps } from './job/JobProgress.tsx';

// lazy pieces
export * from './lazy.tsx';
