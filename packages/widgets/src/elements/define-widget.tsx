import type { ComponentType, ReactNode } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { HcmProvider } from '@hcm/ui';
import { attributeName, type AttributeValues } from './attribute-values.ts';

/** What a widget's element offers the React tree it renders. */
export interface ElementControls {
  /** the custom element itself (the shadow root's host on a page outside the portal) */
  element: HTMLElement;
  /**
   * Dispatches a DOM event from the element: bubbling and composed, so a listener on the page
   * hears it through any shadow root. Answers false when a listener called preventDefault.
   */
  emit(name: string, detail: unknown, options?: { cancelable?: boolean }): boolean;
}

export interface WidgetElementSpec {
  tag: string;
  /** its attributes, as camelCase properties (itemName is the attribute item-name) */
  properties: readonly string[];
  render(values: AttributeValues, controls: ElementControls): ReactNode;
}

/** Wraps each element's tree: the portal's providers in light DOM, a shadow root's on other pages. */
export type WidgetHost = ComponentType<{
  root: HTMLElement | ShadowRoot;
  values: AttributeValues;
  idPrefix: string;
  children: ReactNode;
}>;

/** In the portal: the page's one Fluent and Griffel, in light DOM. */
export const LightHost: WidgetHost = ({ idPrefix, children }) => (
  <HcmProvider idPrefix={idPrefix}>{children}</HcmProvider>
);

const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');
interface R2wcInternals {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
}

let instances = 0;

/**
 * A custom element for a widget (@r2wc/react-to-web-component): attributes in, DOM events out.
 * `shadow` renders into an open shadow root (the standalone bundle), otherwise into the element.
 */
export function widgetElement(
  spec: WidgetElementSpec,
  Host: WidgetHost,
  shadow?: 'open',
): CustomElementConstructor {
  function Adapter(props: Record<string, unknown>) {
    const root = props.container as HTMLElement | ShadowRoot;
    const element = root instanceof ShadowRoot ? (root.host as HTMLElement) : root;
    const values: Record<string, string | undefined> = {};
    for (const name of spec.properties) {
      const value = props[name];
      values[name] = typeof value === 'string' ? value : undefined;
    }
    // one id prefix per element, kept on it across renders
    const prefixed = element as HTMLElement & { hcmIdPrefix?: string };
    prefixed.hcmIdPrefix ??= `${spec.tag}-${(instances += 1)}-`;
    const controls: ElementControls = {
      element,
      emit: (name, detail, options) =>
        element.dispatchEvent(
          new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options?.cancelable }),
        ),
    };
    return (
      <Host root={root} values={values} idPrefix={prefixed.hcmIdPrefix}>
        {spec.render(values, controls)}
      </Host>
    );
  }
  Adapter.displayName = `${spec.tag}-adapter`;

  const Base = r2wc(Adapter, {
    shadow,
    props: Object.fromEntries(spec.properties.map((name) => [name, 'string' as const])),
  }) as unknown as new () => HTMLElement &
    R2wcInternals & { attributeChangedCallback(...a: unknown[]): void };
  const byAttribute = new Map(spec.properties.map((name) => [attributeName(name), name]));

  return class extends Base {
    override attributeChangedCallback(name: string, previous: string | null, value: string | null) {
      const property = byAttribute.get(name);
      if (property && (value === null || value === '')) {
        // r2wc skips both: a removed attribute must reset its property, and an empty one
        // (<hcm-approval-dialog open>) is a boolean attribute that is set
        this[PROPS][property] = value ?? undefined;
        this[RENDER]();
        return;
      }
      super.attributeChangedCallback(name, previous, value);
    }
  };
}

/** Defines each element once: a second bundle on the page (portal and standalone) keeps the first. */
export function defineWidgetElements(specs: readonly WidgetElementSpec[], Host: WidgetHost, shadow?: 'open') {
  for (const spec of specs) {
    if (!customElements.get(spec.tag)) customElements.define(spec.tag, widgetElement(spec, Host, shadow));
  }
}
