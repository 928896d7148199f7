/**
 * The syntax tree the grammar (grammar.peggy) builds. Every node carries its [start, end) offsets
 * in the formula's text; names are upper-cased, their spelling kept in `text`.
 */
interface Span {
  readonly start: number;
  readonly end: number;
}

export type BinaryOperator = '+' | '-' | '*' | '/' | '^' | '&' | '=' | '<>' | '<' | '<=' | '>' | '>=';

export type Node =
  | (Span & { readonly type: 'number'; readonly value: number; readonly text: string })
  | (Span & { readonly type: 'text'; readonly value: string; readonly closed: boolean })
  | (Span & { readonly type: 'boolean'; readonly value: boolean })
  | (Span & { readonly type: 'name'; readonly name: string; readonly text: string })
  | (Span & { readonly type: 'unary'; readonly op: '-' | '+'; readonly operand: Node })
  | (Span & { readonly type: 'percent'; readonly operand: Node })
  | (Span & { readonly type: 'group'; readonly inner: Node })
  | (Span & {
      readonly type: 'binary';
      readonly op: BinaryOperator;
      readonly left: Node;
      readonly right: Node;
    })
  | (Span & {
      readonly type: 'call';
      readonly name: string;
      readonly text: string;
      readonly args: readonly Node[];
      readonly nameEnd: number;
    });

export type NodeOf<T extends Node['type']> = Extract<Node, { type: T }>;
