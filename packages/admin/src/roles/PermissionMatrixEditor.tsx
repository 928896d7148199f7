import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import type { PermissionMatrix } from '@hcm/contracts/users-roles';
import { Button, Checkbox, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';

const useStyles = makeStyles({
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  search: { minWidth: '240px', flexGrow: 1, maxWidth: '420px' },
  scroller: { overflow: 'auto', maxHeight: '70vh', border: `1px solid ${tokens.colorNeutralStroke2}` },
  table: { borderCollapse: 'collapse', width: '100%', fontSize: tokens.fontSizeBase300 },
  head: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground3,
    padding: tokens.spacingHorizontalS,
    textAlign: 'center',
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  headStart: { textAlign: 'start', minWidth: '240px' },
  group: { backgroundColor: tokens.colorNeutralBackground2 },
  groupCell: { padding: tokens.spacingHorizontalXS },
  cell: { textAlign: 'center', padding: '0', borderTop: `1px solid ${tokens.colorNeutralStroke3}` },
  name: { padding: `0 ${tokens.spacingHorizontalS}`, borderTop: `1px solid ${tokens.colorNeutralStroke3}` },
});

const text = (label: { vi: string; en: string }, language: string) =>
  language === 'en' ? label.en : label.vi;

type Styles = ReturnType<typeof useStyles>;

interface MatrixRowProps {
  resource: string;
  name: string;
  actions: readonly string[];
  columns: PermissionMatrix['actions'];
  /** which of `columns` are granted, as a string of 0 and 1 (cheap to compare for memo) */
  held: string;
  readOnly: boolean;
  /** the codes the signed-in user may grant (its own; null: every code, root) */
  grantable: ReadonlySet<string> | null;
  language: string;
  allLabel: string;
  styles: Styles;
  onSet: (codes: readonly string[], on: boolean) => void;
}

/** One resource's row; redrawn only when its own boxes change (the matrix has ~1000 of them). */
const MatrixRow = memo(function MatrixRow({
  resource,
  name,
  actions,
  columns,
  held,
  readOnly,
  grantable,
  language,
  allLabel,
  styles,
  onSet,
}: MatrixRowProps) {
  const mayGrant = (code: string) => grantable === null || grantable.has(code);
  const codes = actions.map((action) => `${resource}.${action}`).filter(mayGrant);
  const count = columns.filter(
    (column, index) => actions.includes(column.action) && held[index] === '1',
  ).length;
  const all: boolean | 'mixed' = count === 0 ? false : count === actions.length ? true : 'mixed';
  return (
    <tr data-resource={resource}>
      <th scope="row" className={styles.name} style={{ textAlign: 'start', fontWeight: 'normal' }}>
        {name}
      </th>
      <td className={styles.cell}>
        <Checkbox
          aria-label={allLabel}
          checked={all}
          disabled={readOnly || codes.length === 0}
          onChange={(_, data) => onSet(codes, data.checked === true)}
        />
      </td>
      {columns.map((column, index) => {
        if (!actions.includes(column.action)) return <td key={column.action} className={styles.cell} />;
        const code = `${resource}.${column.action}`;
        return (
          <td key={column.action} className={styles.cell}>
            <Checkbox
              aria-label={`${name}: ${text(column.label, language)}`}
              checked={held[index] === '1'}
              disabled={readOnly || !mayGrant(code)}
              onChange={(_, data) => onSet([code], data.checked === true)}
            />
          </td>
        );
      })}
    </tr>
  );
});

export interface PermissionMatrixEditorProps {
  matrix: PermissionMatrix;
  /** the codes the role grants when the editor opens (key the editor by the role to start over) */
  granted: readonly string[];
  /** no checkbox can change, no save */
  readOnly?: boolean;
  /**
   * the codes the signed-in user may grant: its own (docs/access-control.md, "No escalation");
   * the others are shown dimmed. Undefined or null: every code (root, or a read-only view).
   */
  grantable?: ReadonlySet<string> | null;
  /** saves the whole set of codes (sorted); the editor's baseline becomes them once it resolves */
  onSave?: (permissions: string[]) => Promise<void>;
  /** told whether there are unsaved changes (the page warns before leaving) */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The permission matrix: rows are the resources a role of this level may grant, grouped by
 * module (each group folds, with an "all" box for the module and one for each row); columns
 * are the actions, a cell only where the resource has the action. Native checkboxes (keyboard:
 * Tab and Space), a sticky header, a search over the resources, save with the whole set, and
 * a warning while changes are unsaved (also when the tab is closed).
 */
export function PermissionMatrixEditor({
  matrix,
  granted,
  readOnly = false,
  grantable = null,
  onSave,
  onDirtyChange,
}: PermissionMatrixEditorProps) {
  const styles = useStyles();
  const { t, i18n } = useAdminTranslation();
  const language = i18n.language;
  const [baseline, setBaseline] = useState<ReadonlySet<string>>(() => new Set(granted));
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(granted));
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);

  const dirty = useMemo(
    () => checked.size !== baseline.size || [...checked].some((code) => !baseline.has(code)),
    [checked, baseline],
  );
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const wanted = keyword.trim().toLowerCase();
  const groups = useMemo(
    () =>
      matrix.modules
        .map((group) => ({
          ...group,
          resources: group.resources.filter(
            (row) =>
              !wanted ||
              row.resource.toLowerCase().includes(wanted) ||
              text(row.label, language).toLowerCase().includes(wanted),
          ),
        }))
        .filter((group) => group.resources.length > 0),
    [matrix, wanted, language],
  );

  const codesOf = (rows: readonly { resource: string; actions: readonly string[] }[]) =>
    rows
      .flatMap((row) => row.actions.map((action) => `${row.resource}.${action}`))
      .filter((code) => grantable === null || grantable.has(code));
  const stateOf = (codes: readonly string[]): boolean | 'mixed' => {
    const held = codes.filter((code) => checked.has(code)).length;
    return held === 0 ? false : held === codes.length ? true : 'mixed';
  };
  const setAll = useCallback(
    (codes: readonly string[], on: boolean) =>
      setChecked((current) => {
        const next = new Set(current);
        for (const code of codes)
          if (on) next.add(code);
          else next.delete(code);
        return next;
      }),
    [],
  );

  const save = async () => {
    if (!onSave) return;
    const permissions = [...checked].sort();
    setSaving(true);
    try {
      await onSave(permissions);
      setBaseline(new Set(permissions));
    } finally {
      setSaving(false);
    }
  };

  const columns = matrix.actions;
  return (
    <div className={styles.editor}>
      <div className={styles.bar}>
        <Field label={t('role.matrix.search')} className={styles.search}>
          <Input
            value={keyword}
            type="search"
            maxLength={200}
            onChange={(_, data) => setKeyword(data.value)}
          />
        </Field>
        {!readOnly && (
          <Button appearance="primary" disabled={!dirty || saving} onClick={() => void save()}>
            {t('role.matrix.save')}
          </Button>
        )}
      </div>
      {!readOnly && grantable !== null && (
        <MessageBar intent="info">
          <MessageBarBody>{t('role.matrix.onlyYours')}</MessageBarBody>
        </MessageBar>
      )}
      {dirty && (
        <MessageBar intent="warning" role="status">
          <MessageBarBody>{t('role.matrix.unsaved')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.scroller}>
        <table className={styles.table} aria-label={t('role.matrix.title')}>
          <thead>
            <tr>
              <th scope="col" className={`${styles.head} ${styles.headStart}`}>
                {t('role.matrix.resource')}
              </th>
              <th scope="col" className={styles.head}>
                {t('role.matrix.all')}
              </th>
              {columns.map((column) => (
                <th key={column.action} scope="col" className={styles.head}>
                  {text(column.label, language)}
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((group) => {
            const isFolded = folded.has(group.module) && !wanted;
            const groupName = text(group.label, language);
            const groupCodes = codesOf(group.resources);
            return (
              <tbody key={group.module} data-module={group.module}>
                <tr className={styles.group}>
                  <th scope="rowgroup" className={styles.groupCell} style={{ textAlign: 'start' }}>
                    <Button
                      appearance="subtle"
                      aria-expanded={!isFolded}
                      onClick={() =>
                        setFolded((current) => {
                          const next = new Set(current);
                          if (next.has(group.module)) next.delete(group.module);
                          else next.add(group.module);
                          return next;
                        })
                      }
                    >
                      {`${isFolded ? '▸' : '▾'} ${groupName}`}
                    </Button>
                  </th>
                  <td className={styles.cell}>
                    <Checkbox
                      aria-label={t('role.matrix.allOfModule', { module: groupName })}
                      checked={stateOf(groupCodes)}
                      disabled={readOnly || groupCodes.length === 0}
                      onChange={(_, data) => setAll(groupCodes, data.checked === true)}
                    />
                  </td>
                  <td colSpan={columns.length} />
                </tr>
                {!isFolded &&
                  group.resources.map((row) => {
                    const name = text(row.label, language);
                    return (
                      <MatrixRow
                        key={row.resource}
                        resource={row.resource}
                        name={name}
                        actions={row.actions}
                        columns={columns}
                        held={columns
                          .map((column) => (checked.has(`${row.resource}.${column.action}`) ? '1' : '0'))
                          .join('')}
                        readOnly={readOnly}
                        grantable={grantable}
                        language={language}
                        allLabel={t('role.matrix.allOfResource', { resource: name })}
                        styles={styles}
                        onSet={setAll}
                      />
                    );
                  })}
              </tbody>
            );
          })}
        </table>
      </div>
    </div>
  );
}
