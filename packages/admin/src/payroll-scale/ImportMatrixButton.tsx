import { useRef, useState } from 'react';
import type { Label } from '@hcm/contracts/resource';
import type { FieldError } from '@hcm/contracts';
import { ApiError } from '@hcm/session';
import {
  Authorized,
  Button,
  MessageBar,
  MessageBarBody,
  failureText,
  formatNumber,
  importRefusalText,
  makeStyles,
  notify,
  useUiTranslation,
} from '@hcm/ui';
import { MatrixLabels, MatrixProblemLabels } from './matrix-labels.ts';
import { positionCoefficientApi } from './position-coefficient-api.ts';

const useStyles = makeStyles({
  hiddenInput: { display: 'none' },
  // its own line below the toolbar's buttons
  importProblems: { flexBasis: '100%' },
});

/** A label's text with its {{values}} filled in (numbers in the portal's notation: 99,999). */
const fill = (text: string, values: Readonly<Record<string, string | number>>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => {
    const value = values[name];
    return typeof value === 'number' ? formatNumber(value, { decimals: 10 }) : (value ?? '');
  });

/**
 * The detail page's "import the coefficients": a workbook in the export's layout replaces the
 * table's matrix (update permission). Refused, the server's problems are listed by row and
 * column in the user's words (their `params`, never the server's English) and nothing changed;
 * imported, `onImported` lets the page read the table again.
 */
export function ImportMatrixButton({ id, onImported }: { id: string; onImported: () => void }) {
  const { i18n } = useUiTranslation();
  const text = (label: Label) => (i18n.language === 'en' ? label.en : label.vi);
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<{ message: string; lines: string[] } | null>(null);
  // one problem of the file: its own words when the server named it, else by its key
  const lineOf = (error: ApiError, problem: FieldError) => {
    const params = problem.params ?? {};
    const own = typeof params.problem === 'string' ? MatrixProblemLabels[params.problem] : undefined;
    if (!own) return importRefusalText(new ApiError(error.status, error.code, '', [problem]));
    const words = fill(text(own), params);
    return params.row === undefined ? words : fill(text(MatrixLabels.at), { ...params, problem: words });
  };
  const upload = async (file: File) => {
    setBusy(true);
    setProblems(null);
    try {
      await positionCoefficientApi.importMatrix(id, file);
      notify.success(text(MatrixLabels.imported).replace('{{file}}', file.name));
      onImported();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0)
        setProblems({
          message: text(MatrixLabels.importRefused),
          lines: error.fieldErrors.map((problem) => lineOf(error, problem)),
        });
      else if (error instanceof ApiError) setProblems({ message: failureText(error), lines: [] });
      else void notify.error(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Authorized anyOf={['position_coefficient.update']}>
      <Button disabled={busy} title={text(MatrixLabels.importHint)} onClick={() => input.current?.click()}>
        {text(MatrixLabels.importMatrix)}
      </Button>
      <input
        ref={input}
        className={styles.hiddenInput}
        type="file"
        aria-label={text(MatrixLabels.importMatrix)}
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {problems && (
        <MessageBar intent="error" role="alert" layout="multiline" className={styles.importProblems}>
          <MessageBarBody>
            {problems.message}
            {problems.lines.length > 0 && (
              <ul>
                {problems.lines.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
    </Authorized>
  );
}
