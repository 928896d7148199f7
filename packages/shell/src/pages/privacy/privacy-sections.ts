/** One section of the privacy notice as the dictionary holds it: a heading, paragraphs, a list. */
export interface PrivacySection {
  heading: string;
  paragraphs: string[];
  items: string[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * Reads `pages.privacy.sections` (an array in the dictionary). A dictionary that failed to load
 * gives the key back as a string: then there are no sections, and the page shows its title only.
 */
export function readPrivacySections(value: unknown): PrivacySection[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const e = entry as Record<string, unknown>;
    if (typeof e.heading !== 'string') return [];
    return [{ heading: e.heading, paragraphs: strings(e.paragraphs), items: strings(e.items) }];
  });
}
