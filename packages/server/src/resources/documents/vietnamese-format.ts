/*
 * Numbers, money and dates as Vietnamese papers write them: 12.000.000 (a dot between
 * thousands, a comma before decimals), "Mười hai triệu đồng" in words, 01/03/2026.
 */

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'];
/** Each group of three digits, from the right; past "tỷ" the names repeat (nghìn tỷ, triệu tỷ). */
const GROUPS = ['', 'nghìn', 'triệu'];
const digit = (n: number) => DIGITS[n] ?? '';

/** Three digits as read inside a number: `full` reads a leading zero hundred ("không trăm"). */
function readTriple(value: number, full: boolean): string[] {
  const hundreds = Math.floor(value / 100);
  const tens = Math.floor((value % 100) / 10);
  const units = value % 10;
  const words: string[] = [];
  if (hundreds > 0 || full) words.push(digit(hundreds), 'trăm');
  if (tens === 0) {
    if (units > 0 && words.length > 0) words.push('lẻ');
  } else if (tens === 1) words.push('mười');
  else words.push(digit(tens), 'mươi');
  if (units === 0) return words;
  if (units === 1 && tens >= 2) words.push('mốt');
  else if (units === 4 && tens >= 2) words.push('tư');
  else if (units === 5 && tens >= 1) words.push('lăm');
  else words.push(digit(units));
  return words;
}

/**
 * The name of the group `index` places from the right (0: units, 1: nghìn, 2: triệu, 3: tỷ, 4:
 * nghìn tỷ…). Its "tỷ" waits for the last non-zero group of its block: 12.345 tỷ is "mười hai
 * nghìn ba trăm bốn mươi lăm tỷ", not "mười hai nghìn tỷ ba trăm… tỷ".
 */
function groupName(index: number, lowerInBlock: boolean): string[] {
  const names: string[] = [];
  const billions = Math.floor(index / 3);
  const rest = index % 3;
  if (GROUPS[rest]) names.push(GROUPS[rest]);
  if (!lowerInBlock) for (let i = 0; i < billions; i++) names.push('tỷ');
  return names;
}

/** A whole number written out ("một trăm linh năm" is written "một trăm lẻ năm"). */
export function integerInWords(digits: string): string {
  const clean = digits.replace(/^0+(?=\d)/, '');
  if (!/^\d+$/.test(clean)) throw new Error(`"${digits}" is not a whole number`);
  if (clean === '0') return digit(0);
  const groups: number[] = [];
  for (let end = clean.length; end > 0; end -= 3)
    groups.unshift(Number(clean.slice(Math.max(0, end - 3), end)));
  const words: string[] = [];
  groups.forEach((value, position) => {
    const index = groups.length - 1 - position;
    // a zero group is silent: the group above it already carries any "tỷ" (một nghìn tỷ)
    if (value === 0) return;
    const blockEnd = index - (index % 3);
    const lowerInBlock = groups.slice(position + 1, position + 1 + (index - blockEnd)).some((v) => v > 0);
    words.push(...readTriple(value, words.length > 0), ...groupName(index, lowerInBlock));
  });
  return words.join(' ');
}

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase('vi') + text.slice(1);

/**
 * An amount of money in words, as on a contract or a payslip: "Mười hai triệu năm trăm nghìn
 * đồng". `amount` is a decimal as the API keeps it ("12500000", "-3.50"); a fraction of a đồng
 * is read after "phẩy" (a đồng has no smaller unit, but a typed amount may carry one).
 */
export function moneyInWords(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new Error(`"${amount}" is not an amount`);
  const [, sign, whole = '0', fraction = ''] = match;
  const decimals = fraction.replace(/0+$/, '');
  const words = [
    sign ? 'âm' : '',
    integerInWords(whole),
    decimals ? `phẩy ${integerInWords(decimals)}` : '',
    'đồng',
  ];
  return capitalised(words.filter(Boolean).join(' '));
}

/** A decimal as Vietnamese writes it: 12.000.000 and 4,5 (trailing zeros after the comma dropped). */
export function formatDecimal(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const decimals = fraction.replace(/0+$/, '');
  return `${sign}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/** A yyyy-MM-dd date as dd/MM/yyyy, with its parts for "ngày … tháng … năm …". */
export function dateParts(date: string): { text: string; day: string; month: string; year: string } {
  const [year = '', month = '', day = ''] = date.slice(0, 10).split('-');
  return { text: `${day}/${month}/${year}`, day, month, year };
}

/** A moment as dd/MM/yyyy HH:mm in Vietnam's time. */
export function formatMoment(moment: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** yyyy-MM-dd in Vietnam's time; made once (a formatter with a time zone costs ¼ ms to make). */
const VIETNAM_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' });

/** Today's yyyy-MM-dd in Vietnam's time (a document printed at 6 a.m. in Hà Nội is dated that day). */
export function todayInVietnam(now = new Date()): string {
  return VIETNAM_DAY.format(now);
}
