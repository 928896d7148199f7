/** Text field cleanup (catalogues §5.3). */

/** Leading characters that are neither letters nor digits (any script), e.g. '  -*#Nguyễn' -> 'Nguyễn'. */
export function stripLeadingSpecial(text: string): string {
  return text.replace(/^[^\p{L}\p{N}]+/u, '');
}

/** Trims and collapses runs of white space into one space: '  Lê   Văn\tA ' -> 'Lê Văn A'. */
export function collapseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** What a text field keeps when the user leaves it: no leading special characters, trimmed, collapsed. */
export function cleanText(text: string): string {
  return collapseSpaces(stripLeadingSpecial(text));
}

/**
 * A multi-line text's cleanup (a description, a notification's content): paragraphs and line
 * breaks kept, runs of spaces and tabs within a line collapsed, each line's trailing spaces and
 * the whole text's outer blank space removed, Windows line ends made plain. A leading dash or
 * bullet stays: a list is content.
 */
export function cleanMultilineText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v]+/g, ' ').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The cleanup of a form's text field: a value of a set format (a field with a pattern: a link
 * "/om/…", a phone "+84…") only trimmed, a multi-line one keeping its lines, any other the
 * catalogue's cleanup (cleanText).
 */
export function cleanFieldText(text: string, field: { multiline?: boolean; pattern?: string }): string {
  if (field.pattern !== undefined) return text.trim();
  if (field.multiline) return cleanMultilineText(text);
  return cleanText(text);
}
