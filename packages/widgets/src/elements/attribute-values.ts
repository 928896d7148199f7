/**
 * Attribute values as the widgets read them. Every attribute arrives as text; an absent or empty
 * one means "not set" (removing an attribute must reset what it set: r2wc alone keeps the old
 * value, bitovi/react-to-web-component#230).
 */
export type AttributeValues = Readonly<Record<string, string | undefined>>;

export const text = (value: string | undefined): string | undefined =>
  value === undefined || value === '' ? undefined : value;

/** A boolean attribute: present means true, except the words false, 0, no and off. */
export const flag = (value: string | undefined): boolean =>
  value !== undefined && !/^(false|0|no|off)$/i.test(value.trim());

/** A JSON list of strings; anything else (bad JSON, not a list) is an empty list, never a thrown error. */
export function stringList(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** kebab-case attribute name of a camelCase property, as r2wc maps them */
export const attributeName = (property: string) =>
  property.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
