import { describedPattern } from './pattern-formats.ts';

/** Field maxima and patterns of catalogues §5: the one place both sides read them from. */
export const FieldLimits = {
  name: 200,
  code: 50,
  description: 1000,
  content: 2000,
  note: 1000,
  title: 200,
  address: 200,
  email: 50,
  phoneMax: 20,
  phoneMin: 10,
  usernameMax: 100,
  usernameMin: 4,
  passwordMax: 50,
  search: 200,
  /** the largest integer field value (catalogues §5.2) */
  integer: 2147483647,
} as const;

/** Each with its human format and an example (pattern-formats.ts): a refusal says what is allowed. */
export const Patterns = {
  /** letters, digits, underscore, at, dot; 1 to 100 characters */
  username: describedPattern('^[A-Za-z0-9_@.]{1,100}$', 'username', 'nguyen.van_an'),
  /**
   * at least 8 characters with lowercase, uppercase, digit and special character, no spaces;
   * declared without an example on purpose (someone would use it): the password forms tick off
   * each rule as it is typed instead
   */
  password: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9\\s])\\S{8,}$',
  code: describedPattern('^[A-Za-z0-9_.]{4,50}$', 'code', 'NV_0001'),
  /**
   * A phone number as people write it (issue 27): digits, optionally a leading + (+84), with
   * spaces, dots, dashes or parentheses between groups ("0243 825 6789", "024.3825.6789",
   * "+84 24 3825 6789", "(024) 3825 6789"); 10 to 20 characters (FieldLimits). Kept as typed.
   */
  phone: describedPattern('^\\+?[0-9(][0-9 .()-]*[0-9]$', 'phone', '0243 825 6789'),
  /** a mailbox: something, one @, a domain with a dot; no spaces */
  email: describedPattern('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 'email', 'an.nguyen@congty.vn'),
} as const;

export const Paging = {
  defaultPageIndex: 1,
  defaultPageSize: 25,
  maxPageSize: 100,
  sizeOptions: [15, 25, 50, 100],
  /** beyond this a page index is refused (400) rather than scanned for */
  maxPageIndex: 1_000_000,
  /**
   * a list counts its matches up to this many (one more, to know there are more) and answers
   * `total: totalCap, totalCapped: true` beyond: an exact count of a large list costs as much
   * as reading it (docs/lists.md)
   */
  totalCap: 10_000,
  /** the longest `cursor` accepted (a keyset position: the sort, its value and the row's id) */
  maxCursorLength: 600,
  /** auto-complete-all answers at most this many records */
  maxAutoCompleteAll: 1000,
  /** find-by-ids takes at most this many ids */
  maxFindByIds: 1000,
} as const;

/**
 * Spreadsheet import (generic sub-path POST /import): what one upload may make the server read.
 * Bounded by what is read, not by the file's size: a small zip can unpack to gigabytes.
 */
export const ImportLimits = {
  maxFileBytes: 5 * 1024 * 1024,
  /** data rows after the header; blank rows count (rows are counted by their number) */
  maxRows: 10_000,
  /** the bytes inflated from the zip while reading, counted as they come (declared sizes are not trusted) */
  maxUncompressedBytes: 32 * 1024 * 1024,
  /** the header may have values up to this column (CV); a data value right of the header's last column is refused */
  maxColumns: 100,
  /** the longest text kept from one cell (Excel's own limit); longer text is cut and then fails the field's length */
  maxCellChars: 32_767,
  /** an upload during which nothing arrives for this long is given up (400): it never hangs */
  uploadIdleSeconds: 20,
} as const;
