import type { BinaryOperator, Node } from './ast.ts';
import {
  alternatives,
  formulaError,
  TypeNames,
  type FormulaError,
  type FormulaErrorCode,
  type MessageText,
} from './errors.ts';
import type { RoundingMode } from './excel-number.ts';
import { arityText, FUNCTIONS } from './functions.ts';
import { parseFormula } from './parse.ts';
import {
  formulaTypeOf,
  type ComponentDefinition,
  type FormulaType,
  type TableInfo,
  type ValueType,
  type VariableCatalogue,
} from './types.ts';

/**
 * The checked form of a formula: every name resolved, every node typed. The compiler builds
 * closures from it; nothing of the formula's text is kept but constants and positions.
 */
interface At {
  readonly type: FormulaType;
  readonly start: number;
  readonly end: number;
}
export type Ir =
  | (At & { readonly k: 'const'; readonly value: number | string | boolean })
  | (At & {
      readonly k: 'ref';
      /** Upper case, as formulas match it. */
      readonly code: string;
      /** As the catalogue or the template spells it: the key of the worker's inputs. */
      readonly name: string;
      readonly valueType: ValueType;
      readonly source: 'component' | 'variable';
    })
  | (At & { readonly k: 'neg' | 'pct' | 'abs' | 'not'; readonly a: Ir })
  | (At & { readonly k: 'arith'; readonly op: '+' | '-' | '*' | '/' | '^'; readonly a: Ir; readonly b: Ir })
  | (At & { readonly k: 'join'; readonly a: Ir; readonly b: Ir })
  | (At & { readonly k: 'cmp'; readonly op: ComparisonOperator; readonly a: Ir; readonly b: Ir })
  | (At & { readonly k: 'if'; readonly c: Ir; readonly a: Ir; readonly b: Ir })
  | (At & { readonly k: 'and' | 'or' | 'min' | 'max' | 'sum'; readonly args: readonly Ir[] })
  | (At & { readonly k: 'round'; readonly mode: RoundingMode; readonly a: Ir; readonly digits: Ir })
  | (At & { readonly k: 'lookup'; readonly table: TableInfo; readonly key: Ir; readonly column: number });

export type ComparisonOperator = '=' | '<>' | '<' | '<=' | '>' | '>=';

/** What a formula may name besides the catalogue: the template's components. */
export interface FormulaScope {
  readonly catalogue: VariableCatalogue;
  /** The template's components (the one being checked included, for cycles). */
  readonly components?: readonly ComponentDefinition[];
}

export interface FormulaCheck {
  readonly ok: boolean;
  readonly errors: readonly FormulaError[];
  /** The checked formula (absent when the formula does not parse or has errors). */
  readonly ir?: Ir;
  /** The formula's type, when it could be told. */
  readonly type?: FormulaType;
  /** Codes (upper case) of the components it reads, of the variables and of the tables. */
  readonly components: readonly string[];
  readonly variables: readonly string[];
  readonly tables: readonly string[];
}

/** Internal: a checked node, or null after an error (its parent then reports nothing more). */
type Checked = Ir | null;

const ARITHMETIC = new Set<BinaryOperator>(['+', '-', '*', '/', '^']);
const ROUNDING = new Map<string, RoundingMode>([
  ['ROUND', 'ROUND'],
  ['ROUNDUP', 'ROUNDUP'],
  ['ROUNDDOWN', 'ROUNDDOWN'],
]);

class Checker {
  readonly errors: FormulaError[] = [];
  readonly components = new Set<string>();
  readonly variables = new Set<string>();
  readonly tables = new Set<string>();
  private readonly componentTypes: ReadonlyMap<string, ComponentDefinition>;

  constructor(
    private readonly text: string,
    private readonly scope: FormulaScope,
    private readonly component: string | undefined,
  ) {
    this.componentTypes = new Map((scope.components ?? []).map((c) => [c.code.toUpperCase(), c]));
  }

  fail(
    code: FormulaErrorCode,
    params: Readonly<Record<string, MessageText>>,
    node?: { start: number; end: number },
  ) {
    this.errors.push(
      formulaError(code, params, {
        text: this.text,
        ...(node ? { start: node.start, end: node.end } : {}),
        ...(this.component ? { component: this.component } : {}),
      }),
    );
    return null;
  }

  check(node: Node): Checked {
    switch (node.type) {
      case 'number':
        return { k: 'const', value: node.value, type: 'number', start: node.start, end: node.end };
      case 'text':
        return { k: 'const', value: node.value, type: 'text', start: node.start, end: node.end };
      case 'boolean':
        return { k: 'const', value: node.value, type: 'boolean', start: node.start, end: node.end };
      case 'group': {
        // The parentheses belong to the value: messages and the trace show "(A - B)".
        const inner = this.check(node.inner);
        return inner && { ...inner, start: node.start, end: node.end };
      }
      case 'name':
        return this.name(node);
      case 'unary': {
        const a = this.number(node.operand);
        if (!a) return null;
        if (node.op === '+') return a;
        return { k: 'neg', a, type: 'number', start: node.start, end: node.end };
      }
      case 'percent': {
        const a = this.number(node.operand);
        return a && { k: 'pct', a, type: 'number', start: node.start, end: node.end };
      }
      case 'binary':
        return this.binary(node);
      case 'call':
        return this.call(node);
    }
  }

  private name(node: Extract<Node, { type: 'name' }>): Checked {
    const at = { start: node.start, end: node.end };
    const component = this.componentTypes.get(node.name);
    const variable = component ? undefined : this.scope.catalogue.variable(node.name);
    const found = component ?? variable;
    if (found) {
      (component ? this.components : this.variables).add(node.name);
      return {
        k: 'ref',
        code: node.name,
        name: found.code,
        valueType: found.type,
        source: component ? 'component' : 'variable',
        type: formulaTypeOf(found.type),
        ...at,
      };
    }
    if (this.scope.catalogue.table(node.name)) return this.fail('tableAsValue', { name: node.text }, at);
    return this.fail('unknownVariable', { name: node.text }, at);
  }

  /** The node, which must be a number. */
  private number(node: Node): Checked {
    const checked = this.check(node);
    if (!checked || checked.type === 'number') return checked;
    return this.fail('numberExpected', { found: TypeNames[checked.type] as MessageText }, checked);
  }

  private condition(node: Node): Checked {
    const checked = this.check(node);
    if (!checked || checked.type === 'boolean') return checked;
    return this.fail('conditionExpected', { found: TypeNames[checked.type] as MessageText }, checked);
  }

  private binary(node: Extract<Node, { type: 'binary' }>): Checked {
    const at = { start: node.start, end: node.end };
    const { op } = node;
    if (ARITHMETIC.has(op)) {
      const a = this.check(node.left);
      const b = this.check(node.right);
      if (!a || !b) return null;
      // A date less a date is the number of days between them.
      if (op === '-' && a.type === 'date' && b.type === 'date')
        return { k: 'arith', op: '-', a, b, type: 'number', ...at };
      let ok = true;
      for (const side of [a, b]) {
        if (side.type !== 'number') {
          this.fail('numberExpected', { found: TypeNames[side.type] as MessageText }, side);
          ok = false;
        }
      }
      return ok ? { k: 'arith', op: op as '+' | '-' | '*' | '/' | '^', a, b, type: 'number', ...at } : null;
    }
    if (op === '&') {
      const a = this.check(node.left);
      const b = this.check(node.right);
      if (!a || !b) return null;
      let ok = true;
      for (const side of [a, b]) {
        if (side.type !== 'number' && side.type !== 'text') {
          this.fail('joinable', { found: TypeNames[side.type] as MessageText }, side);
          ok = false;
        }
      }
      return ok ? { k: 'join', a, b, type: 'text', ...at } : null;
    }
    const a = this.check(node.left);
    const b = this.check(node.right);
    if (!a || !b) return null;
    if (a.type !== b.type)
      return this.fail(
        'comparison',
        { left: TypeNames[a.type] as MessageText, right: TypeNames[b.type] as MessageText },
        at,
      );
    if (a.type === 'boolean' && op !== '=' && op !== '<>') return this.fail('conditionOrder', {}, at);
    return { k: 'cmp', op: op as ComparisonOperator, a, b, type: 'boolean', ...at };
  }

  private call(node: Extract<Node, { type: 'call' }>): Checked {
    const at = { start: node.start, end: node.end };
    const nameAt = { start: node.start, end: node.nameEnd };
    const info = FUNCTIONS.get(node.name);
    if (!info)
      return this.fail(
        'unknownFunction',
        { name: node.text, functions: alternatives([...FUNCTIONS.keys()]) },
        nameAt,
      );
    const count = node.args.length;
    if (count < info.min || count > info.max)
      return this.fail(
        'argumentCount',
        { name: info.name, expected: arityText(info), count: String(count) },
        at,
      );
    const args = node.args;
    switch (node.name) {
      case 'IF': {
        const [c, a, b] = [
          this.condition(args[0] as Node),
          this.check(args[1] as Node),
          this.check(args[2] as Node),
        ];
        if (!c || !a || !b) return null;
        if (a.type !== b.type)
          return this.fail(
            'branches',
            { then: TypeNames[a.type] as MessageText, else: TypeNames[b.type] as MessageText },
            at,
          );
        return { k: 'if', c, a, b, type: a.type, ...at };
      }
      case 'AND':
      case 'OR': {
        const checked = args.map((arg) => this.condition(arg));
        if (checked.includes(null)) return null;
        return { k: node.name === 'AND' ? 'and' : 'or', args: checked as Ir[], type: 'boolean', ...at };
      }
      case 'NOT': {
        const a = this.condition(args[0] as Node);
        return a && { k: 'not', a, type: 'boolean', ...at };
      }
      case 'MIN':
      case 'MAX':
      case 'SUM': {
        const checked = args.map((arg) => this.number(arg));
        if (checked.includes(null)) return null;
        const k = node.name === 'MIN' ? 'min' : node.name === 'MAX' ? 'max' : 'sum';
        return { k, args: checked as Ir[], type: 'number', ...at };
      }
      case 'ABS': {
        const a = this.number(args[0] as Node);
        return a && { k: 'abs', a, type: 'number', ...at };
      }
      case 'LOOKUP':
        return this.lookup(node, at);
      default: {
        const mode = ROUNDING.get(node.name) as RoundingMode;
        const a = this.number(args[0] as Node);
        const digits = this.number(args[1] as Node);
        if (!a || !digits) return null;
        return { k: 'round', mode, a, digits, type: 'number', ...at };
      }
    }
  }

  private lookup(node: Extract<Node, { type: 'call' }>, at: { start: number; end: number }): Checked {
    const [tableNode, keyNode, columnNode] = node.args as [Node, Node, Node | undefined];
    if (tableNode.type !== 'name') return this.fail('tableExpected', {}, tableNode);
    const table = this.scope.catalogue.table(tableNode.name);
    if (!table) {
      const isValue =
        this.componentTypes.has(tableNode.name) || this.scope.catalogue.variable(tableNode.name);
      return isValue
        ? this.fail('tableExpected', {}, tableNode)
        : this.fail('unknownTable', { name: tableNode.text }, tableNode);
    }
    this.tables.add(tableNode.name);
    const key = this.check(keyNode);
    const columns = table.columns.map((c) => c.code).join(', ');
    let column = 0;
    if (columnNode) {
      if (columnNode.type !== 'text') return this.fail('columnText', {}, columnNode);
      const wanted = columnNode.value.toUpperCase();
      column = table.columns.findIndex((c) => c.code.toUpperCase() === wanted);
      if (column < 0)
        return this.fail(
          'unknownColumn',
          { name: table.code, column: columnNode.value, columns },
          columnNode,
        );
    } else if (table.columns.length !== 1) {
      return this.fail(
        'columnRequired',
        { name: table.code, column: table.columns[0]?.code ?? '', columns },
        at,
      );
    }
    if (!key) return null;
    const keyType = table.kind === 'band' ? 'number' : formulaTypeOf(table.keyType);
    if (key.type !== keyType)
      return this.fail(
        'keyType',
        {
          name: table.code,
          expected: TypeNames[keyType] as MessageText,
          found: TypeNames[key.type] as MessageText,
        },
        key,
      );
    const columnInfo = table.columns[column];
    if (!columnInfo) return this.fail('columnRequired', { name: table.code, column: '', columns }, at);
    return { k: 'lookup', table, key, column, type: formulaTypeOf(columnInfo.type), ...at };
  }
}

/**
 * Parses and checks one formula: every name against the template's components and the
 * catalogue, every function's arguments, every operator's types. All the errors it finds are
 * reported (an error inside a node stops the checks of the nodes around it). With `resultType`
 * the formula's type must suit a component of that type.
 */
export function checkFormula(
  text: string,
  scope: FormulaScope,
  options: { component?: string; resultType?: ValueType } = {},
): FormulaCheck {
  const parsed = parseFormula(text);
  const none = { components: [], variables: [], tables: [] };
  if (!parsed.ok) {
    const error = options.component
      ? {
          ...parsed.error,
          component: options.component,
          message: prefixed(options.component, parsed.error.message),
        }
      : parsed.error;
    return { ok: false, errors: [error], ...none };
  }
  const checker = new Checker(text, scope, options.component);
  const ir = checker.check(parsed.ast);
  if (ir && options.resultType && formulaTypeOf(options.resultType) !== ir.type)
    checker.fail('resultType', { type: options.resultType, found: TypeNames[ir.type] as MessageText });
  const ok = checker.errors.length === 0 && ir !== null;
  return {
    ok,
    errors: checker.errors,
    ...(ok && ir ? { ir } : {}),
    ...(ir ? { type: ir.type } : {}),
    components: [...checker.components],
    variables: [...checker.variables],
    tables: [...checker.tables],
  };
}

function prefixed(component: string, message: { vi: string; en: string }) {
  return { vi: `${component}: ${message.vi}`, en: `${component}: ${message.en}` };
}

export interface CheckedComponent {
  readonly definition: ComponentDefinition;
  /** Its code in upper case (formulas name it case-insensitively). */
  readonly code: string;
  /** Its checked formula; none for an input. */
  readonly ir?: Ir;
  /** The components its formula reads (upper case). */
  readonly references: readonly string[];
  readonly variables: readonly string[];
  readonly tables: readonly string[];
}

export interface TemplateCheck {
  readonly ok: boolean;
  readonly errors: readonly FormulaError[];
  /** The components in their declared order. */
  readonly components: readonly CheckedComponent[];
  /** Indexes into `components` in an order that computes each after what it reads. */
  readonly order: readonly number[];
}

const CODE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Checks a template's components: codes (the salary-code pattern, unique, not a catalogue
 * name), each formula, each formula's type against its component's, and the dependency graph:
 * the components ordered so that each comes after those it reads (declared order where the
 * graph leaves a choice), or every cycle named (A → B → A).
 */
export function checkTemplate(
  components: readonly ComponentDefinition[],
  catalogue: VariableCatalogue,
): TemplateCheck {
  const errors: FormulaError[] = [];
  const seen = new Set<string>();
  for (const definition of components) {
    const code = definition.code.toUpperCase();
    if (!CODE.test(definition.code)) errors.push(formulaError('invalidCode', { code: definition.code }));
    else if (seen.has(code)) errors.push(formulaError('duplicateComponent', { code: definition.code }));
    else if (catalogue.variable(code) || catalogue.table(code))
      errors.push(formulaError('componentIsVariable', { code: definition.code }));
    seen.add(code);
  }
  const scope: FormulaScope = { catalogue, components };
  const checked: CheckedComponent[] = components.map((definition) => {
    const code = definition.code.toUpperCase();
    const formula = definition.formula;
    if (formula === undefined || formula === null)
      return { definition, code, references: [], variables: [], tables: [] };
    const result = checkFormula(formula, scope, { component: definition.code, resultType: definition.type });
    errors.push(...result.errors);
    return {
      definition,
      code,
      ...(result.ir ? { ir: result.ir } : {}),
      references: result.components,
      variables: result.variables,
      tables: result.tables,
    };
  });
  const { order, cycles } = orderComponents(checked);
  for (const cycle of cycles) {
    const names = cycle.map((index) => (checked[index] as CheckedComponent).definition.code);
    errors.push(formulaError('cycle', { cycle: names.join(' → ') }, { component: names[0] as string }));
  }
  return { ok: errors.length === 0, errors, components: checked, order };
}

/**
 * The evaluation order (Kahn's algorithm, taking the first declared component whose inputs are
 * all ready) and, for the components left over, one cycle per strongly connected group, each
 * starting at its first declared member: [A, B, A].
 */
function orderComponents(components: readonly CheckedComponent[]): { order: number[]; cycles: number[][] } {
  const indexOf = new Map<string, number>();
  components.forEach((c, i) => {
    if (!indexOf.has(c.code)) indexOf.set(c.code, i);
  });
  const reads = components.map((c) => [
    ...new Set(c.references.map((r) => indexOf.get(r)).filter((i): i is number => i !== undefined)),
  ]);
  const waiting = reads.map((r) => r.length);
  const readers: number[][] = components.map(() => []);
  reads.forEach((list, reader) => list.forEach((read) => (readers[read] as number[]).push(reader)));
  const done = new Array<boolean>(components.length).fill(false);
  const order: number[] = [];
  for (;;) {
    const next = waiting.findIndex((count, i) => count === 0 && !done[i]);
    if (next < 0) break;
    done[next] = true;
    order.push(next);
    for (const reader of readers[next] as number[]) waiting[reader] = (waiting[reader] as number) - 1;
  }
  const cycles: number[][] = [];
  const reported = new Set<number>();
  for (let start = 0; start < components.length; start++) {
    if (done[start] || reported.has(start)) continue;
    const cycle = shortestCycle(start, reads, done);
    if (!cycle) continue;
    // A component stuck only because it reads a cycle is not on one: shortestCycle finds none.
    cycle.forEach((i) => reported.add(i));
    cycles.push(cycle);
  }
  return { order, cycles };
}

/** The shortest way from start back to itself among the unfinished components, if any. */
function shortestCycle(start: number, reads: readonly number[][], done: readonly boolean[]): number[] | null {
  const previous = new Map<number, number>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head] as number;
    for (const next of reads[at] as number[]) {
      if (done[next]) continue;
      if (next === start) {
        const path = [start];
        for (let step = at; step !== start; step = previous.get(step) as number) path.unshift(step);
        path.unshift(start);
        return path;
      }
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}
