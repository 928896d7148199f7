import type { CheckedComponent, Ir, TemplateCheck } from './check.ts';
import { formulaError, FormulaRuntimeError, type FormulaError, type MessageText } from './errors.ts';
import { excelRound, normalise15 } from './excel-number.ts';
import {
  formulaTypeOf,
  type FormulaType,
  type FormulaValue,
  type Rounding,
  type TableInfo,
  type ValueType,
} from './types.ts';

/**
 * The compiler: a checked template becomes, once per run, one function from a worker's inputs to
 * every component's value. Each node of the checked tree becomes a closure over its children's
 * closures and slot indexes; no text of a formula is turned into code, so there is nothing to
 * escape and nothing a formula can reach but the values it was given (docs/payroll-formulas.md,
 * "Safety"). Closures rather than generated JavaScript: they need no eval (the portal's
 * Content-Security-Policy allows none), and the measured cost, about 10 ms per 100,000 formula
 * evaluations, is small beside writing the results.
 */

/** A value inside a run: numbers, text, conditions; dates as days since 1970-01-01. */
type Value = number | string | boolean;
type Frame = (Value | undefined)[];
type Evaluate = (frame: Frame) => Value;

/** One row of a lookup table's data: `key` for a keyed table, `upTo` for a band table. */
export interface TableRow {
  readonly key?: FormulaValue | null;
  /** A band's inclusive upper bound; null or absent for the last, open band. */
  readonly upTo?: number | null;
  /** The row's values by column code (as the table's columns spell them). */
  readonly values: Readonly<Record<string, unknown>>;
}

export interface TableData {
  readonly rows: readonly TableRow[];
}

/** A worker's inputs: catalogue variables and input components by their declared code. */
export type WorkerInputs = Readonly<Record<string, unknown>>;

export interface TraceStep {
  /** The node's [start, end) in its component's formula. */
  readonly start: number;
  readonly end: number;
  readonly value: FormulaValue;
}

export interface ComponentTrace {
  readonly code: string;
  readonly formula: string | null;
  /** Absent when this component failed. */
  readonly value?: FormulaValue;
  /** Every intermediate value in the order computed (variables and components read included). */
  readonly steps: readonly TraceStep[];
}

export interface Trace {
  /** The components in the order computed, up to the one that failed. */
  readonly components: readonly ComponentTrace[];
}

export type RunResult =
  | {
      readonly ok: true;
      /** In the template's declared order; null for an input component the worker has no value of. */
      readonly values: readonly (FormulaValue | null)[];
      readonly trace?: Trace;
    }
  | { readonly ok: false; readonly error: FormulaError; readonly trace?: Trace };

export interface BoundTemplate {
  /** The template's component codes, in declared order: the order of `values`. */
  readonly codes: readonly string[];
  /** One worker: every component's value, or the error naming the component that failed. */
  run(inputs: WorkerInputs, options?: { trace?: boolean }): RunResult;
}

export interface CompiledTemplate {
  readonly codes: readonly string[];
  /** The catalogue variables the template reads (as the catalogue spells them). */
  readonly variables: readonly string[];
  /** The input components (no formula), read from the inputs under their code. */
  readonly inputs: readonly string[];
  /** The lookup tables whose data `bind` needs. */
  readonly tables: readonly string[];
  /** The template with this run's table data; an error when a table's data is missing or wrong. */
  bind(
    tables: Readonly<Record<string, TableData>>,
  ): { ok: true; template: BoundTemplate } | { ok: false; error: FormulaError };
}

const EPOCH_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL = /^-?(?:\d+\.?\d*|\.\d+)$/;

function dayOf(value: unknown): number | undefined {
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) ? undefined : Math.floor(time / EPOCH_DAY);
  }
  if (typeof value !== 'string') return undefined;
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return time / EPOCH_DAY;
}

function isoOf(day: number): string {
  return new Date(day * EPOCH_DAY).toISOString().slice(0, 10);
}

const EXPECTED: Readonly<Record<FormulaType, MessageText>> = {
  number: { vi: 'một số', en: 'a number' },
  text: { vi: 'văn bản', en: 'text' },
  date: { vi: 'một ngày (YYYY-MM-DD)', en: 'a date (YYYY-MM-DD)' },
  boolean: { vi: 'đúng hoặc sai', en: 'TRUE or FALSE' },
};

/** An input's value in the run's form, undefined when absent; a wrong value throws. */
function readInput(name: string, type: ValueType, raw: unknown): Value | undefined {
  if (raw === undefined || raw === null) return undefined;
  const formulaType = formulaTypeOf(type);
  let value: Value | undefined;
  if (formulaType === 'number') {
    if (typeof raw === 'number') value = Number.isFinite(raw) ? raw : undefined;
    else if (typeof raw === 'string' && DECIMAL.test(raw)) value = Number(raw);
  } else if (formulaType === 'text') {
    if (typeof raw === 'string') value = raw;
  } else {
    value = dayOf(raw);
  }
  if (value === undefined)
    throw new FormulaRuntimeError('badValue', {
      name,
      expected: EXPECTED[formulaType],
      value: typeof raw === 'string' ? { vi: `“${raw}”`, en: `"${raw}"` } : String(raw),
    });
  return value;
}

/** The rounding a component's number gets when stored: its own, or whole units for MONEY and INTEGER. */
function roundingOf(definition: { type: ValueType; rounding?: Rounding | null }): Rounding | null {
  if (definition.rounding) return definition.rounding;
  if (definition.type === 'MONEY' || definition.type === 'INTEGER') return { mode: 'ROUND', digits: 0 };
  return null;
}

function finishNumber(value: number, rounding: Rounding | null): number {
  if (!Number.isFinite(value)) throw new FormulaRuntimeError('notFinite', {});
  const result = rounding ? excelRound(value, rounding.digits, rounding.mode) : normalise15(value);
  return result === 0 ? 0 : result;
}

/** A lookup key as the table keeps it: numbers to 15 digits, text in upper case. */
function keyOf(value: Value): string | number {
  if (typeof value === 'number') return normalise15(value);
  if (typeof value === 'string') return value.toUpperCase();
  return String(value);
}

function keyText(value: Value, type: FormulaType): MessageText {
  if (type === 'date' && typeof value === 'number') return isoOf(value);
  return typeof value === 'string'
    ? { vi: `“${value}”`, en: `"${value}"` }
    : String(normalise15(value as number));
}

/** A table's data ready for lookups: keyed rows in a Map, bands as sorted bounds. */
interface PreparedTable {
  readonly info: TableInfo;
  readonly keyed?: ReadonlyMap<string | number, readonly Value[]>;
  readonly bounds?: readonly number[];
  readonly bandRows?: readonly (readonly Value[])[];
}

function prepareTable(info: TableInfo, data: TableData): PreparedTable | MessageText {
  const rowValues = (row: TableRow, index: number): Value[] | MessageText => {
    const values: Value[] = [];
    for (const column of info.columns) {
      const raw = Object.hasOwn(row.values ?? {}, column.code) ? row.values[column.code] : undefined;
      let value: Value | undefined;
      try {
        value = readInput(column.code, column.type, raw);
      } catch {
        value = undefined;
      }
      if (value === undefined)
        return {
          vi: `dòng ${index + 1} thiếu hoặc sai giá trị cột ${column.code}`,
          en: `row ${index + 1} has no valid value in column ${column.code}`,
        };
      values.push(value);
    }
    return values;
  };
  if (!Array.isArray(data?.rows)) return { vi: 'không có danh sách dòng', en: 'it has no list of rows' };
  if (info.kind === 'keyed') {
    const keyed = new Map<string | number, Value[]>();
    for (const [index, row] of data.rows.entries()) {
      let key: Value | undefined;
      try {
        key = readInput(info.code, info.keyType, row.key);
      } catch {
        key = undefined;
      }
      if (key === undefined)
        return { vi: `dòng ${index + 1} thiếu hoặc sai khoá`, en: `row ${index + 1} has no valid key` };
      const values = rowValues(row, index);
      if (!Array.isArray(values)) return values;
      const normalised = keyOf(key);
      if (keyed.has(normalised))
        return { vi: `khoá ${String(key)} có hai dòng`, en: `the key ${String(key)} has two rows` };
      keyed.set(normalised, values);
    }
    return { info, keyed };
  }
  const bounds: number[] = [];
  const bandRows: Value[][] = [];
  for (const [index, row] of data.rows.entries()) {
    const open = row.upTo === null || row.upTo === undefined;
    if (!open && !(typeof row.upTo === 'number' && Number.isFinite(row.upTo)))
      return {
        vi: `dòng ${index + 1}: mức trên không phải số`,
        en: `row ${index + 1}: its bound is not a number`,
      };
    const bound = open ? Infinity : normalise15(row.upTo as number);
    const last = bounds[bounds.length - 1];
    if (last !== undefined && !(bound > last))
      return {
        vi: 'các mức trên phải tăng dần, chỉ dòng cuối để trống',
        en: 'the bounds must ascend, only the last row open',
      };
    const values = rowValues(row, index);
    if (!Array.isArray(values)) return values;
    bounds.push(bound);
    bandRows.push(values);
  }
  return { info, bounds, bandRows };
}

/** The first band whose bound is at or above the key (binary search), or -1. */
function bandIndex(bounds: readonly number[], key: number): number {
  let low = 0;
  let high = bounds.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((bounds[middle] as number) >= key) high = middle;
    else low = middle + 1;
  }
  return low < bounds.length ? low : -1;
}

interface Build {
  readonly slots: ReadonlyMap<string, number>;
  readonly tables: ReadonlyMap<string, PreparedTable>;
  readonly text: string;
  /** Where the traced build records its steps; null for the plain build. */
  readonly trace: { steps: TraceStep[] } | null;
}

function compareValues(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') {
    const x = normalise15(a);
    const y = normalise15(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') {
    const x = a.toUpperCase();
    const y = b.toUpperCase();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return a === b ? 0 : a ? 1 : -1;
}

function textOf(value: Value): string {
  return typeof value === 'number' ? String(normalise15(value)) : String(value);
}

function build(node: Ir, b: Build): Evaluate {
  const plain = buildNode(node, b);
  const trace = b.trace;
  if (!trace || node.k === 'const') return plain;
  const { start, end, type } = node;
  return (frame) => {
    const value = plain(frame);
    const shown = type === 'date' && typeof value === 'number' ? isoOf(value) : value;
    trace.steps.push({ start, end, value: shown });
    return value;
  };
}

function buildNode(node: Ir, b: Build): Evaluate {
  switch (node.k) {
    case 'const': {
      const value = node.value;
      return () => value;
    }
    case 'ref': {
      const slot = b.slots.get(node.code) as number;
      const { name, start, end } = node;
      return (frame) => {
        const value = frame[slot];
        if (value === undefined) throw new FormulaRuntimeError('missingValue', { name }, start, end);
        return value;
      };
    }
    case 'neg': {
      const a = build(node.a, b);
      return (frame) => -(a(frame) as number);
    }
    case 'pct': {
      const a = build(node.a, b);
      return (frame) => (a(frame) as number) / 100;
    }
    case 'abs': {
      const a = build(node.a, b);
      return (frame) => Math.abs(a(frame) as number);
    }
    case 'not': {
      const a = build(node.a, b);
      return (frame) => !a(frame);
    }
    case 'arith':
      return arithmetic(node, b);
    case 'join': {
      const [x, y] = [build(node.a, b), build(node.b, b)];
      return (frame) => textOf(x(frame)) + textOf(y(frame));
    }
    case 'cmp': {
      const [x, y] = [build(node.a, b), build(node.b, b)];
      switch (node.op) {
        case '=':
          return (frame) => compareValues(x(frame), y(frame)) === 0;
        case '<>':
          return (frame) => compareValues(x(frame), y(frame)) !== 0;
        case '<':
          return (frame) => compareValues(x(frame), y(frame)) < 0;
        case '<=':
          return (frame) => compareValues(x(frame), y(frame)) <= 0;
        case '>':
          return (frame) => compareValues(x(frame), y(frame)) > 0;
        case '>=':
          return (frame) => compareValues(x(frame), y(frame)) >= 0;
      }
      break;
    }
    case 'if': {
      // Only the branch chosen is computed: IF(NGAY_CONG = 0, 0, LUONG / NGAY_CONG) never divides by 0.
      const [c, x, y] = [build(node.c, b), build(node.a, b), build(node.b, b)];
      return (frame) => (c(frame) ? x(frame) : y(frame));
    }
    case 'and':
    case 'or': {
      // Left to right, stopping at the first argument that decides (Excel computes them all).
      const args = node.args.map((arg) => build(arg, b));
      const decisive = node.k === 'or';
      return (frame) => {
        for (const arg of args) if (arg(frame) === decisive) return decisive;
        return !decisive;
      };
    }
    case 'sum': {
      const args = node.args.map((arg) => build(arg, b));
      return (frame) => {
        let total = 0;
        for (const arg of args) total += arg(frame) as number;
        return total;
      };
    }
    case 'min':
    case 'max': {
      const args = node.args.map((arg) => build(arg, b));
      const pick = node.k === 'min' ? Math.min : Math.max;
      return (frame) => {
        let result = args[0]?.(frame) as number;
        for (let i = 1; i < args.length; i++) result = pick(result, (args[i] as Evaluate)(frame) as number);
        return result;
      };
    }
    case 'round': {
      const [x, digits] = [build(node.a, b), build(node.digits, b)];
      const mode = node.mode;
      return (frame) => excelRound(x(frame) as number, digits(frame) as number, mode);
    }
    case 'lookup':
      return lookup(node, b);
  }
  throw new Error(`unknown node ${(node as Ir).k}`);
}

function arithmetic(node: Extract<Ir, { k: 'arith' }>, b: Build): Evaluate {
  const [x, y] = [build(node.a, b), build(node.b, b)];
  const { start, end } = node;
  switch (node.op) {
    case '+':
      return (frame) => (x(frame) as number) + (y(frame) as number);
    case '-':
      return (frame) => (x(frame) as number) - (y(frame) as number);
    case '*':
      return (frame) => (x(frame) as number) * (y(frame) as number);
    case '/': {
      // The error points at the divisor and names it: "LUONG_NGAY: Chia cho 0 ở cột 12: CONG_CHUAN = 0".
      const divisor = b.text.slice(node.b.start, node.b.end);
      const [from, to] = [node.b.start, node.b.end];
      return (frame) => {
        const dividend = x(frame) as number;
        const by = y(frame) as number;
        if (by === 0) throw new FormulaRuntimeError('divisionByZero', { divisor }, from, to);
        return dividend / by;
      };
    }
    case '^':
      return (frame) => {
        const base = x(frame) as number;
        const exponent = y(frame) as number;
        // Excel: 0^0 and a negative number to a fractional power are errors, 0 to a negative power a division by zero.
        if (base === 0 && exponent < 0)
          throw new FormulaRuntimeError('divisionByZero', { divisor: `0 ^ ${exponent}` }, start, end);
        const result = Math.pow(base, exponent);
        if (Number.isNaN(result) || (base === 0 && exponent === 0))
          throw new FormulaRuntimeError(
            'invalidPower',
            { base: String(base), exponent: String(exponent) },
            start,
            end,
          );
        return result;
      };
  }
}

function lookup(node: Extract<Ir, { k: 'lookup' }>, b: Build): Evaluate {
  const table = b.tables.get(node.table.code.toUpperCase()) as PreparedTable;
  const key = build(node.key, b);
  const column = node.column;
  const { start, end } = node;
  const keyType = node.key.type;
  const missing = (value: Value) =>
    new FormulaRuntimeError(
      'missingKey',
      { name: table.info.code, key: keyText(value, keyType) },
      start,
      end,
    );
  if (table.keyed) {
    const rows = table.keyed;
    return (frame) => {
      const value = key(frame);
      const row = rows.get(keyOf(value));
      if (!row) throw missing(value);
      return row[column] as Value;
    };
  }
  const bounds = table.bounds as readonly number[];
  const rows = table.bandRows as readonly (readonly Value[])[];
  return (frame) => {
    const value = key(frame);
    const index = bandIndex(bounds, normalise15(value as number));
    if (index < 0) throw missing(value);
    return (rows[index] as readonly Value[])[column] as Value;
  };
}

interface Plan {
  readonly component: CheckedComponent;
  readonly slot: number;
  readonly formulaType: FormulaType;
  readonly rounding: Rounding | null;
  readonly evaluate: Evaluate | null;
}

/**
 * Compiles a checked template (checkTemplate's answer, which must be ok). The closures are built
 * at bind time, once per run, when the tables' data is known; each worker's run is then only
 * the closures' calls.
 */
export function compileTemplate(check: TemplateCheck): CompiledTemplate {
  if (!check.ok) throw new Error('compileTemplate needs a template without errors (checkTemplate(...).ok)');
  const components = check.components;
  /** The variables read, by upper-case code: their declared spelling (the inputs' key) and type. */
  const variables = new Map<string, { name: string; type: ValueType }>();
  const tableInfos = new Map<string, TableInfo>();
  for (const component of components)
    if (component.ir)
      walk(component.ir, (node) => {
        if (node.k === 'lookup') tableInfos.set(node.table.code.toUpperCase(), node.table);
        if (node.k === 'ref' && node.source === 'variable' && !variables.has(node.code))
          variables.set(node.code, { name: node.name, type: node.valueType });
      });
  const variableList = [...variables.values()];
  const slots = new Map<string, number>();
  [...variables.keys()].forEach((code, i) => slots.set(code, i));
  components.forEach((component, i) => slots.set(component.code, variableList.length + i));
  const codes = components.map((c) => c.definition.code);
  const inputs = components.filter((c) => !c.ir).map((c) => c.definition.code);
  const order = check.order;

  return {
    codes,
    variables: variableList.map((v) => v.name),
    inputs,
    tables: [...tableInfos.values()].map((t) => t.code),
    bind(data) {
      const tables = new Map<string, PreparedTable>();
      for (const [code, info] of tableInfos) {
        const own = Object.hasOwn(data, info.code) ? data[info.code] : undefined;
        if (!own) return { ok: false, error: formulaError('missingTable', { name: info.code }) };
        const prepared = prepareTable(info, own);
        if (!('info' in (prepared as object)))
          return {
            ok: false,
            error: formulaError('badTable', { name: info.code, reason: prepared as MessageText }),
          };
        tables.set(code, prepared as PreparedTable);
      }
      const plans = (trace: { steps: TraceStep[] } | null): Plan[] =>
        components.map((component) => {
          const text = component.definition.formula ?? '';
          const evaluate = component.ir ? build(component.ir, { slots, tables, text, trace }) : null;
          return {
            component,
            slot: slots.get(component.code) as number,
            formulaType: formulaTypeOf(component.definition.type),
            rounding:
              formulaTypeOf(component.definition.type) === 'number' ? roundingOf(component.definition) : null,
            evaluate,
          };
        });
      const plain = plans(null);
      // The traced closures record every intermediate value; built on the first traced run.
      const traceSink: { steps: TraceStep[] } = { steps: [] };
      let traced: Plan[] | null = null;
      const frameSize = variableList.length + components.length;

      function run(inputs: WorkerInputs, options?: { trace?: boolean }): RunResult {
        const sink = options?.trace ? traceSink : null;
        if (sink && !traced) traced = plans(sink);
        const active = sink && traced ? traced : plain;
        const frame: Frame = new Array(frameSize);
        const traceComponents: ComponentTrace[] = [];
        let current: Plan | null = null;
        try {
          for (let i = 0; i < variableList.length; i++) {
            const { name, type } = variableList[i] as { name: string; type: ValueType };
            frame[i] = readInput(name, type, Object.hasOwn(inputs, name) ? inputs[name] : undefined);
          }
          for (const index of order) {
            const plan = active[index] as Plan;
            current = plan;
            if (sink) sink.steps = [];
            let value: Value | undefined;
            if (plan.evaluate) value = plan.evaluate(frame);
            else {
              const code = plan.component.definition.code;
              const raw = Object.hasOwn(inputs, code) ? inputs[code] : undefined;
              value = readInput(code, plan.component.definition.type, raw);
            }
            if (typeof value === 'number' && plan.formulaType === 'number')
              value = finishNumber(value, plan.rounding);
            frame[plan.slot] = value;
            if (sink)
              traceComponents.push({
                code: plan.component.definition.code,
                formula: plan.component.definition.formula ?? null,
                ...(value === undefined ? {} : { value: shown(value, plan.formulaType) }),
                steps: sink.steps,
              });
          }
        } catch (error) {
          if (!(error instanceof FormulaRuntimeError)) throw error;
          const definition = current?.component.definition;
          if (sink && definition)
            traceComponents.push({
              code: definition.code,
              formula: definition.formula ?? null,
              steps: sink.steps,
            });
          const place = definition
            ? {
                component: definition.code,
                ...(definition.formula ? { text: definition.formula } : {}),
                ...(error.start !== undefined ? { start: error.start, end: error.end ?? error.start } : {}),
              }
            : {};
          return {
            ok: false,
            error: formulaError(error.code, error.params, place),
            ...(sink ? { trace: { components: traceComponents } } : {}),
          };
        }
        const values: (FormulaValue | null)[] = new Array(components.length);
        for (let i = 0; i < components.length; i++) {
          const plan = plain[i] as Plan;
          const value = frame[plan.slot];
          values[i] = value === undefined ? null : shown(value, plan.formulaType);
        }
        return sink ? { ok: true, values, trace: { components: traceComponents } } : { ok: true, values };
      }
      return { ok: true, template: { codes, run } };
    },
  };
}

function shown(value: Value, type: FormulaType): FormulaValue {
  return type === 'date' && typeof value === 'number' ? isoOf(value) : value;
}

function walk(node: Ir, visit: (node: Ir) => void): void {
  visit(node);
  switch (node.k) {
    case 'neg':
    case 'pct':
    case 'abs':
    case 'not':
      walk(node.a, visit);
      break;
    case 'arith':
    case 'join':
    case 'cmp':
      walk(node.a, visit);
      walk(node.b, visit);
      break;
    case 'if':
      walk(node.c, visit);
      walk(node.a, visit);
      walk(node.b, visit);
      break;
    case 'and':
    case 'or':
    case 'min':
    case 'max':
    case 'sum':
      node.args.forEach((arg) => walk(arg, visit));
      break;
    case 'round':
      walk(node.a, visit);
      walk(node.digits, visit);
      break;
    case 'lookup':
      walk(node.key, visit);
      break;
    default:
      break;
  }
}
