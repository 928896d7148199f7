import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  SALARY_SCALES,
  coefficientField,
  MAX_POSITION_COEFFICIENT,
  type SalaryScale,
  type SalaryScaleRow,
} from '@hcm/contracts/position-coefficients';
import type { ChildrenField, Label } from '@hcm/contracts/resource';
import {
  Authorized,
  Button,
  Caption1,
  DataGrid,
  MessageBar,
  MessageBarBody,
  Loading,
  Text,
  formatDate,
  formatNumber,
  makeStyles,
  mergeClasses,
  notify,
  tokens,
  useUiTranslation,
  type FieldError,
  type FieldInputProps,
  type GridChange,
  type GridColumn,
} from '@hcm/ui';
import {
  cellErrorsOf,
  copiedRows,
  isZero,
  matrixLines,
  rowOfGrade,
  withCell,
  type GradeLine,
  type MatrixRow,
} from './coefficient-matrix.ts';
import { MatrixLabels } from './matrix-labels.ts';
import { matrixDownloads, positionCoefficientApi } from './position-coefficient-api.ts';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // the table scrolls sideways on a phone; the grade column stays in view
  scroll: { overflowX: 'auto', maxWidth: '100%' },
  table: { borderCollapse: 'separate', borderSpacing: 0, minWidth: '100%' },
  head: {
    textAlign: 'left',
    fontWeight: tokens.fontWeightSemibold,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
  },
  grade: {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    minWidth: '9rem',
    maxWidth: '16rem',
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  readOnly: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, textAlign: 'right' },
  off: { backgroundColor: tokens.colorNeutralBackground3 },
});

const NO_ERRORS: Readonly<Record<string, FieldError>> = {};

/** The grades and steps the matrix is drawn with, loaded once; null while loading, 'failed' when refused. */
function useSalaryScales(): SalaryScaleRow[] | null | 'failed' {
  const [grades, setGrades] = useState<SalaryScaleRow[] | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    positionCoefficientApi.salaryScales().then(
      (found) => current && setGrades(found),
      () => current && setGrades('failed'),
    );
    return () => {
      current = false;
    };
  }, []);
  return grades;
}

export interface CoefficientMatrixInputProps extends FieldInputProps {
  /** a new table: start from the latest table in force (what HR staff expect when a decree raises coefficients) */
  copyFromLatest?: boolean;
}

/**
 * The grade × step matrix of a position salary coefficient table (the `salaryGrades` field):
 * the ACTIVE grades as rows, steps 1–5 as columns, a cell disabled where the grade has no such
 * step, coefficients typed in Vietnamese notation (comma, 3 decimals, at most 99,999),
 * spreadsheet keys between cells, the grade column sticky on a phone, and the server's errors
 * on their cells. Its value is the field's rows, a row per grade with a value.
 */
export function CoefficientMatrixInput({
  name,
  field,
  binding,
  text,
  disabled,
  serverErrors = NO_ERRORS,
  copyFromLatest = false,
}: CoefficientMatrixInputProps) {
  const styles = useStyles();
  const labelId = useId();
  const grades = useSalaryScales();
  const rows = useMemo(() => (binding.value ?? []) as MatrixRow[], [binding.value]);
  const lines = useMemo(() => (Array.isArray(grades) ? matrixLines(grades, rows) : []), [grades, rows]);
  const [copiedFrom, setCopiedFrom] = useState<string | null>(null);
  // the rows the server's errors were about: errors stay on their cells until the next change
  const [errorsFor, setErrorsFor] = useState<{ rows: readonly MatrixRow[]; from: object }>({
    rows,
    from: serverErrors,
  });
  if (errorsFor.from !== serverErrors) setErrorsFor({ rows, from: serverErrors });
  const errors = errorsFor.rows === rows ? cellErrorsOf(name, rows, serverErrors) : {};
  const { onChange } = binding;
  // the latest binding, for the copy that lands after a few renders
  const latestBinding = useRef({ onChange, rows });
  useEffect(() => {
    latestBinding.current = { onChange, rows };
  });

  useEffect(() => {
    if (!copyFromLatest || !Array.isArray(grades) || latestBinding.current.rows.length > 0) return;
    let current = true;
    void (async () => {
      try {
        const date = await positionCoefficientApi.latestEffectiveDate();
        if (!date) return;
        const [latest] = await positionCoefficientApi.findAllByEffectiveDate(date);
        // typed into meanwhile: the person's values win over the copy
        if (!current || !latest || latestBinding.current.rows.length > 0) return;
        const copy = copiedRows(grades, latest.salaryGrades as MatrixRow[]);
        if (copy.length === 0) return;
        latestBinding.current.onChange(copy);
        setCopiedFrom(date);
      } catch {
        // nothing to copy from: the matrix starts empty
      }
    })();
    return () => {
      current = false;
    };
  }, [copyFromLatest, grades]);

  if (grades === null) return <Loading size="tiny" />;
  if (grades === 'failed')
    return (
      <MessageBar intent="error">
        <MessageBarBody>{text(MatrixLabels.loadFailed)}</MessageBarBody>
      </MessageBar>
    );

  const gradeName = (line: GradeLine) => line.name || text(MatrixLabels.inactiveGrade);
  const columns: GridColumn<GradeLine>[] = [
    {
      key: 'grade',
      header: text(MatrixLabels.grade),
      pinned: true,
      rowHeader: true,
      width: 176,
      value: gradeName,
    },
    ...SALARY_SCALES.map((scale): GridColumn<GradeLine> => ({
      // the step itself, so that the grid's cell keys are cellErrorsOf's (`<grade>:<step>`)
      key: scale,
      header: text(stepLabel(field, scale)),
      width: 104,
      field: (field as ChildrenField).fields[coefficientField(scale)],
      max: MAX_POSITION_COEFFICIENT,
      value: (line) => rowOfGrade(rows, line.salaryGradeId)?.[coefficientField(scale)] ?? null,
      editable: !disabled,
      unavailable: (line) => (line.scales.includes(scale) ? null : text(MatrixLabels.noStep)),
      validate: (value) => (isZero(value) ? text(MatrixLabels.zero) : null),
    })),
  ];
  // every cell of one edit or paste, applied in turn: a grade's row comes and goes with its values
  const write = (changes: readonly GridChange[]) =>
    onChange(
      changes.reduce<MatrixRow[]>((current, change) => {
        const line = lines[change.rowIndex];
        return line
          ? withCell(lines, current, line.salaryGradeId, change.columnKey as SalaryScale, change.value)
          : current;
      }, rows),
    );
  return (
    <div className={styles.group} role="group" aria-labelledby={labelId}>
      <Text id={labelId} weight="semibold">
        {text(field.label)}
      </Text>
      {copiedFrom && (
        <MessageBar intent="info">
          <MessageBarBody>
            {text(MatrixLabels.copied).replace('{{date}}', formatDate(copiedFrom, 'date'))}
          </MessageBarBody>
        </MessageBar>
      )}
      {lines.length === 0 ? (
        <MessageBar intent="warning">
          <MessageBarBody>{text(MatrixLabels.noGrades)}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <Caption1>{text(MatrixLabels.keyboardHint)}</Caption1>
          <DataGrid
            labelledBy={labelId}
            columns={columns}
            rows={lines}
            rowKey={(line) => line.salaryGradeId}
            onChange={write}
            errors={errors}
            onBlur={binding.onBlur}
          />
        </>
      )}
    </div>
  );
}

/** A new table's matrix: starts from the latest table in force. */
export function CoefficientMatrixCreateInput(props: FieldInputProps) {
  return <CoefficientMatrixInput {...props} copyFromLatest />;
}

/** The label of a step's column: the contract's item field label ("Bậc 3"). */
function stepLabel(field: FieldInputProps['field'], scale: SalaryScale) {
  const item = (field as ChildrenField).fields[coefficientField(scale)];
  if (!item) throw new Error(`the matrix field has no ${coefficientField(scale)}`);
  return item.label;
}

/** The matrix of a table, read only (the detail page): values in Vietnamese notation, "—" where the grade has no step. */
export function CoefficientMatrixView({ field, rows }: { field: ChildrenField; rows: readonly MatrixRow[] }) {
  const styles = useStyles();
  const { t, i18n } = useUiTranslation();
  const text = (label: Label) => (i18n.language === 'en' ? label.en : label.vi);
  const grades = useSalaryScales();
  if (grades === null) return <Loading size="tiny" />;
  const lines = matrixLines(Array.isArray(grades) ? grades : [], rows).filter((line) =>
    rowOfGrade(rows, line.salaryGradeId),
  );
  if (lines.length === 0) return <Text>—</Text>;
  return (
    // Scrolled by keyboard too: a read-only table has nothing else to take focus (WCAG 2.1.1).
    <div
      className={styles.scroll}
      tabIndex={0}
      role="region"
      aria-label={t('table.scrollRegion', { name: text(field.label) })}
    >
      <table className={styles.table} aria-label={text(field.label)}>
        <thead>
          <tr>
            <th scope="col" className={mergeClasses(styles.head, styles.grade)}>
              {text(MatrixLabels.grade)}
            </th>
            {SALARY_SCALES.map((scale) => (
              <th key={scale} scope="col" className={styles.head}>
                {text(stepLabel(field, scale))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const values = rowOfGrade(rows, line.salaryGradeId);
            return (
              <tr key={line.salaryGradeId}>
                <th scope="row" className={mergeClasses(styles.head, styles.grade)}>
                  {line.name || text(MatrixLabels.inactiveGrade)}
                </th>
                {SALARY_SCALES.map((scale) => {
                  const has = line.scales.includes(scale) || !line.active;
                  const value = values?.[coefficientField(scale)];
                  return (
                    <td key={scale} className={mergeClasses(styles.readOnly, !has && styles.off)}>
                      {value ? formatNumber(value, { decimals: 'coefficient' }) : '—'}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The detail page's "export the coefficients": the table's matrix as a workbook (export permission). */
export function ExportMatrixButton({ id }: { id: string }) {
  const { i18n } = useUiTranslation();
  const text = (label: Label) => (i18n.language === 'en' ? label.en : label.vi);
  const [busy, setBusy] = useState(false);
  const exportMatrix = async () => {
    setBusy(true);
    try {
      matrixDownloads.save(
        await positionCoefficientApi.exportMatrix(id),
        `he-so-luong-${id.slice(0, 8)}.xlsx`,
      );
    } catch {
      void notify.error(text(MatrixLabels.exportFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Authorized anyOf={['position_coefficient.export']}>
      <Button disabled={busy} onClick={() => void exportMatrix()}>
        {text(MatrixLabels.exportMatrix)}
      </Button>
    </Authorized>
  );
}
