import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle1,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ErrorCodes } from '@hcm/contracts';
import type { AnyResourceContract, FieldContract, FormSection } from '@hcm/contracts/resource';
import { SectionIndex, sectionElementId } from './SectionIndex.tsx';
import { ApiError } from '@hcm/session';
import { confirmAction } from '../dialog/confirm-host.tsx';
import { useFormState, type FieldBinding } from '../form/use-form-state.ts';
import {
  fieldErrorText,
  MISSING_ERROR_MESSAGE,
  serverFieldErrors,
  UNKNOWN_ERROR_MESSAGE,
  type FieldError,
} from '../form/validators.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { notify } from '../toast/notify.ts';
import {
  editedFields,
  formValidators,
  initialValues,
  presetsOf,
  requestBody,
  valuesDiffer,
  type FormValue,
  type FormValues,
} from './contract-form.ts';
import { FieldInput, type FieldInputProps } from './FieldInput.tsx';
import { fileInfoKey, type StoredFile } from './file-field-api.ts';
import type { LabelText } from './format-value.ts';
import { resourceApi, type ResourceRecord } from './resource-api.ts';
import { useLabelText } from './resource-labels.ts';
import { goTo, resourceRoutes } from './resource-routes.ts';
import { useUnsavedChangesWarning } from './unsaved-changes.ts';
import { useResourceRecord } from './use-resource-record.ts';
import { Loading } from '../status/Loading.tsx';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    // a field keeps its own height beside a tall neighbour (an image, a long hint): a stretched
    // cell would stretch its input and push its label away from it
    alignItems: 'start',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  // a list's own editor (a matrix) takes the section's whole width, as the generic table does
  wide: { gridColumn: '1 / -1', minWidth: 0 },
});

/** What a replacement section gets: its fields, their bindings, and the default input of each. */
export interface ResourceSectionProps {
  contract: AnyResourceContract;
  section: FormSection;
  /** the section's fields this form edits */
  fields: readonly string[];
  binding: (name: string) => FieldBinding<FormValue>;
  values: FormValues;
  text: LabelText;
  /** the kit's input for one field (to keep most of them and replace one) */
  renderField: (name: string) => ReactNode;
  disabled: boolean;
}

export interface ResourceFormProps {
  contract: AnyResourceContract;
  mode: 'create' | 'update';
  /** the record to update */
  id?: string;
  /** replaces the input of a field */
  fieldComponents?: Readonly<Record<string, ComponentType<FieldInputProps>>>;
  /** replaces a whole section, by its title's key */
  sectionComponents?: Readonly<Record<string, ComponentType<ResourceSectionProps>>>;
  /** where to go: default single-spa's navigateToUrl (goTo) */
  navigate?: (url: string) => void;
  /** after a save; default: a success toast and the record's detail page */
  onSaved?: (record: ResourceRecord) => void;
  /** the record could not be read (a 404 the micro-app reports as a missing page, say) */
  onLoadError?: (error: ApiError) => void;
  /** more submit buttons beside Save, each saving its own way ("Save and request approval") */
  extraSubmits?: readonly ExtraSubmit[];
}

/**
 * A second way to save the form: checked like Save, then `save` gets the request body Save would
 * send and makes its own call. It answers the saved record (then the form goes on as after Save:
 * onSaved, or the toast and the detail page), or null when the user gave up on the way (the form
 * stays as it is). A failure it throws is shown as Save's are (an ApiError's field errors on
 * their fields).
 */
export interface ExtraSubmit {
  /** the button's text, already translated */
  label: string;
  /** the forms it is offered on (default both) */
  modes?: readonly ('create' | 'update')[];
  save: (body: Record<string, unknown>, record: ResourceRecord | null) => Promise<ResourceRecord | null>;
}

/**
 * The create or update form of a resource, drawn from its contract: sections of inputs by kind,
 * validators from the field limits, server field errors on their fields, 409 explained with a
 * reload, the submit guard (invalid forms blocked, one submission at a time), a warning before
 * leaving unsaved changes, and `version` sent on update.
 */
export function ResourceForm(props: ResourceFormProps) {
  const { t } = useUiTranslation();
  const failureText = useFailureText();
  const { record, loading, error, reload } = useResourceRecord(
    props.contract,
    props.mode === 'update' ? props.id : null,
    props.onLoadError,
  );
  if (props.mode === 'update' && (loading || (!record && !error)))
    return <Spinner label={t('table.loading')} />;
  if (props.mode === 'update' && !record)
    return (
      <MessageBar intent="error">
        <MessageBarBody>
          {!error || error.status === 404
            ? t('resource.notFound')
            : failureText(error, { fallback: t('resource.notFound') })}
        </MessageBarBody>
      </MessageBar>
    );
  // a fresh form state for each version read (after a conflict's reload)
  return (
    <FormBody
      key={record ? `${record.id}:${record.version}` : 'new'}
      {...props}
      record={record}
      onReload={reload}
    />
  );
}

/** Whether a create may leave the field empty for the server to number (resource/numbering.ts). */
const isAutoNumbered = (field: FieldContract) =>
  (field.kind === 'text' || field.kind === 'code') && field.autoNumber !== undefined;

/** The hint under a numbered field on create. */
const AUTOMATIC_HINT = {
  key: 'resource.automaticHint',
  vi: 'Để trống: hệ thống tự cấp theo mẫu trong Cấu hình hệ thống',
  en: 'Leave empty: numbered from the pattern in System configuration',
} as const;

function FormBody({
  contract,
  mode,
  record,
  onReload,
  fieldComponents = {},
  sectionComponents = {},
  navigate = goTo,
  onSaved,
  extraSubmits = [],
}: ResourceFormProps & { record: ResourceRecord | null; onReload: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useUiTranslation();
  const failureText = useFailureText();
  const text = useLabelText(contract);
  const routes = resourceRoutes(contract);
  const names = editedFields(contract, mode);
  const [start] = useState(() =>
    initialValues(contract, names, record, record ? {} : presetsOf(contract, names, window.location.search)),
  );
  const form = useFormState<FormValues>({
    initialValues: start,
    validators: formValidators(contract, names, mode),
  });
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  // the server's errors on rows of children fields (`ranks[2].code`), shown on their cells
  const [rowErrors, setRowErrors] = useState<Record<string, FieldError>>({});
  const busy = useRef(false);
  // the extra submit that was clicked, for the save it starts (null: Save itself)
  const via = useRef<ExtraSubmit | null>(null);
  const extras = extraSubmits.filter((extra) => !extra.modes || extra.modes.includes(mode));
  const dirty = valuesDiffer(form.values, start);
  const askToLeave = () =>
    confirmAction({ kind: 'confirm', title: t('resource.unsavedTitle'), message: t('resource.unsaved') });
  const allowLeaving = useUnsavedChangesWarning(dirty && !saving, askToLeave);
  const title = text(contract.singular);
  // Inside a sentence a common noun is lower case: "Thêm mới chức danh", "New job title".
  const inSentence = (noun: string) => noun.toLocaleLowerCase(i18n.language);

  const leave = async (url: string) => {
    if (dirty && !(await askToLeave())) return;
    allowLeaving();
    navigate(url);
  };

  const save = async (_cleaned: Record<string, unknown>, values: FormValues) => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    setConflict(false);
    const calls = resourceApi(contract);
    const body = requestBody(contract, names, values, mode, record?.version);
    const extra = via.current;
    via.current = null;
    try {
      const saved = extra
        ? await extra.save(body, record)
        : mode === 'create'
          ? await calls.create(body)
          : await calls.update(record?.id ?? '', body);
      if (!saved) return;
      allowLeaving();
      if (onSaved) onSaved(saved);
      else {
        void notify.success(t(mode === 'create' ? 'resource.created' : 'resource.updated', { name: title }));
        navigate(routes.detail(saved.id));
      }
    } catch (caught) {
      const failure = caught instanceof ApiError ? caught : null;
      // 409 without field errors: the version read is stale; with them: a duplicate value
      const stale =
        (failure?.status === 409 || failure?.code === ErrorCodes.conflict) &&
        failure.fieldErrors.length === 0;
      if (stale) setConflict(true);
      else if (failure && failure.fieldErrors.length > 0) {
        const errors = serverFieldErrors(failure.fieldErrors);
        const fieldOf = (key: string) => key.replace(/\[.*$/, '');
        // an item of a references list (`units[1]`: no such record) is shown on the list's field
        for (const [key, error] of Object.entries(errors))
          if (key.includes('[') && contract.fields[fieldOf(key)]?.kind === 'references')
            errors[fieldOf(key)] ??= error;
        const onForm = Object.keys(errors).filter((name) => names.includes(fieldOf(name)));
        setRowErrors(Object.fromEntries(Object.entries(errors).filter(([key]) => key.includes('['))));
        form.setErrors(errors);
        // every problem shown on its field: the kit's words; otherwise the first one off the form,
        // in the user's language with its field's label (never the server's English message)
        const allOnForm = failure.status === 400 && onForm.length === Object.keys(errors).length;
        const [offKey, offError] =
          Object.entries(errors).find(([key]) => !onForm.includes(key)) ?? Object.entries(errors)[0] ?? [];
        const offLabel = (key: string) => {
          const field = contract.fields[fieldOf(key)];
          return field ? text(field.label) : key;
        };
        const offText =
          offKey !== undefined && offError !== undefined
            ? fieldErrorText(offError, offLabel(offKey), (key, params) =>
                i18n.exists(key, { ns: 'ui' }) ? t(key, params) : undefined,
              )
            : UNKNOWN_ERROR_MESSAGE;
        const said = offText !== UNKNOWN_ERROR_MESSAGE && offText !== MISSING_ERROR_MESSAGE;
        void notify.warning(allOnForm || !said ? t('form.invalid') : offText);
      } else
        // in the user's words by status and code (a 403 names the permissions by their labels)
        void notify.error(failureText(caught, { fallback: t('resource.saveFailed') }));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const renderField = (name: string) => {
    const contractField = contract.fields[name];
    if (!contractField) return null;
    // a numbered field may be left empty on create: the server gives the tenant's next number
    const automatic = mode === 'create' && isAutoNumbered(contractField);
    const field: FieldContract = automatic
      ? ({ ...contractField, required: false, hint: AUTOMATIC_HINT } as FieldContract)
      : contractField;
    const Custom = fieldComponents[name];
    const inputProps: FieldInputProps = {
      name,
      field,
      ...(automatic ? { placeholder: t('resource.automatic') } : {}),
      binding: form.field(name),
      text,
      disabled: saving,
      ...(field.kind === 'children' ? { serverErrors: rowErrors } : {}),
      ...(field.kind === 'file' || field.kind === 'image'
        ? { stored: (record?.[fileInfoKey(name)] as StoredFile | null) ?? null }
        : {}),
      ...(field.kind === 'files'
        ? { stored: (record?.[fileInfoKey(name)] as StoredFile[] | undefined) ?? [] }
        : {}),
      ...(field.kind === 'area'
        ? {
            parentValue: field.parent ? ((form.values[field.parent] as string | null) ?? null) : null,
            storedName: (record?.[`${name}Name`] as string | null | undefined) ?? null,
          }
        : {}),
    };
    if (!Custom) return <FieldInput key={name} {...inputProps} />;
    return field.kind === 'children' ? (
      <div key={name} className={styles.wide}>
        <Custom {...inputProps} />
      </div>
    ) : (
      <Custom key={name} {...inputProps} />
    );
  };

  return (
    <form
      className={styles.page}
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy.current) return;
        // a submit by Enter is Save's, whichever button was clicked before
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (!submitter?.dataset.extraSubmit) via.current = null;
        void form.handleSubmit(save)(event);
      }}
    >
      <Title2 as="h1">
        {mode === 'create'
          ? t('resource.createTitle', { name: inSentence(title) })
          : t('resource.updateTitle', { name: inSentence(title) })}
      </Title2>
      {conflict && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{t('resource.conflictTitle')}</MessageBarTitle>
            {t('resource.conflict')}
          </MessageBarBody>
          <MessageBarActions>
            <Button
              onClick={() => {
                allowLeaving();
                onReload();
              }}
            >
              {t('resource.reload')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <SectionIndex
        sections={contract.sections
          .filter((section) => section.fields.some((name) => names.includes(name)))
          .map((section) => ({
            id: sectionElementId('form', section.title.key),
            title: text(section.title),
          }))}
      />
      {contract.sections.map((section) => {
        const fields = section.fields.filter((name) => names.includes(name));
        if (fields.length === 0) return null;
        const Custom = sectionComponents[section.title.key];
        return (
          <section
            key={section.title.key}
            id={sectionElementId('form', section.title.key)}
            className={styles.section}
            aria-label={text(section.title)}
          >
            <Subtitle1 as="h2">{text(section.title)}</Subtitle1>
            {Custom ? (
              <Custom
                contract={contract}
                section={section}
                fields={fields}
                binding={(name) => form.field(name)}
                values={form.values}
                text={text}
                renderField={renderField}
                disabled={saving}
              />
            ) : (
              <div className={styles.grid}>{fields.map(renderField)}</div>
            )}
          </section>
        );
      })}
      <div className={styles.actions}>
        <Button
          type="button"
          disabled={saving}
          onClick={() => void leave(record ? routes.detail(record.id) : routes.list)}
        >
          {t('resource.cancel')}
        </Button>
        <Button
          type="submit"
          appearance="primary"
          disabled={saving}
          icon={saving ? <Loading size="tiny" /> : undefined}
        >
          {t('resource.save')}
        </Button>
        {extras.map((extra) => (
          <Button
            key={extra.label}
            type="submit"
            data-extra-submit="true"
            disabled={saving}
            onClick={() => {
              via.current = extra;
            }}
          >
            {extra.label}
          </Button>
        ))}
      </div>
    </form>
  );
}
