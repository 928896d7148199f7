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
