/**
 * @hcm/formula: the payroll formula language (docs/payroll-formulas.md). Pure: it runs in the
 * server (compiling a template once per payroll run) and in the browser (the formula editor's
 * errors and completion as you type).
 */
export * from './types.ts';
export { parseFormula, type ParseResult } from './parse.ts';
export type { Node, BinaryOperator } from './ast.ts';
export {
  checkFormula,
  checkTemplate,
  type CheckedComponent,
  type FormulaCheck,
  type FormulaScope,
  type Ir,
  type TemplateCheck,
} from './check.ts';
export {
  compileTemplate,
  type BoundTemplate,
  type CompiledTemplate,
  type ComponentTrace,
  type RunResult,
  type TableData,
  type TableRow,
  type Trace,
  type TraceStep,
  type WorkerInputs,
} from './compile.ts';
export { completionsAt, type Completion, type Completions } from './complete.ts';
export {
  FormulaMessages,
  lineAndColumn,
  type FormulaError,
  type FormulaErrorCode,
  type MessageText,
} from './errors.ts';
export { excelRound, normalise15, type RoundingMode } from './excel-number.ts';
export { FUNCTIONS, type FunctionInfo } from './functions.ts';
