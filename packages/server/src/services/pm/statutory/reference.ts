/**
 * Reference functions for Vietnam's statutory payroll: pure, in whole đồng, computed exactly
 * (BigInt rationals, exact.ts), from the dated data given (the row in force on a date), never
 * from a constant. They are the yardstick the formula template (DEFAULT_TEMPLATE) is tested
 * against, and what a net contract's gross is found with.
 *
 * Rounding (docs/payroll-statutory.md): every money line is rounded once, to the đồng, half away
 * from zero (Excel's ROUND); a line computed from other lines reads their rounded amounts, as the
 * template's components do.
 */
import {
  DEFAULT_COMPONENTS,
  NIGHT_WORK_PERCENT,
  NORMAL_HOURS_PER_DAY,
  OVERTIME_LINES,
} from './data/components.ts';
import type { IsoDate, Region, StatutoryData } from './data/types.ts';
import {
  add,
  cmp,
  dec,
  div,
  int,
  max,
  min,
  mul,
  percent,
  roundHalfAway,
  sub,
  sum,
  toNumber,
  ZERO,
  type Exact,
} from './exact.ts';
import { parameterOn, regionWagesOn, StatutoryDataError, tableVersionOn } from './in-force.ts';

export interface Band {
  /** The band's inclusive upper bound; null for the last, open band. */
  readonly upTo: bigint | null;
  /** The rate as the law writes it (5 for 5 %). */
  readonly rate: Exact;
  /** The quick method's subtraction. */
  readonly subtraction: bigint;
}

/** The statutory figures in force on one day, read from the dated data. */
export interface Rules {
  readonly date: IsoDate;
  /** Parameters by code: '%' ones as the figure (8 for 8 %), others as they are. */
  readonly parameters: ReadonlyMap<string, Exact>;
  readonly regionWages: Readonly<Record<Region, bigint>>;
  readonly bands: readonly Band[];
}

function whole(value: Exact, what: string): bigint {
  if (value.n % value.d !== 0n) throw new StatutoryDataError(`${what} must be a whole number of đồng`);
  return value.n / value.d;
}

/** Reads every parameter, the region wages and the income-tax bands in force on `date`. */
export function rulesOn(data: StatutoryData, date: IsoDate): Rules {
  const parameters = new Map<string, Exact>();
  for (const parameter of data.parameters) {
    const values = parameter.values.filter((v) => v.effectiveFrom <= date);
    if (values.length > 0) parameters.set(parameter.code, dec(parameterOn(data, parameter.code, date).value));
  }
  const wages = regionWagesOn(data, date);
  const regionWages = Object.fromEntries(
    Object.entries(wages).map(([region, amount]) => [region, whole(dec(amount), `Region ${region}'s wage`)]),
  ) as Record<Region, bigint>;
  const version = tableVersionOn(data, 'THUE_TNCN', date);
  const bands = version.rows.map((row) => ({
    upTo: row.key === null ? null : whole(dec(row.key), 'A band bound'),
    rate: dec(row.values.THUE_SUAT ?? Number.NaN),
    subtraction: whole(dec(row.values.GIAM_TRU ?? Number.NaN), 'A band subtraction'),
  }));
  return { date, parameters, regionWages, bands };
}

/** A parameter in force, or an error naming it and the day. */
export function param(rules: Rules, code: string): Exact {
  const value = rules.parameters.get(code);
  if (!value) throw new StatutoryDataError(`Parameter ${code} has no value in force on ${rules.date}`);
  return value;
}

const money = (rules: Rules, code: string) => whole(param(rules, code), code);
const rate = (rules: Rules, code: string) => percent(param(rules, code));
const round = (value: Exact) => int(roundHalfAway(value));
const n = (value: Exact) => toNumber(roundHalfAway(value));

// ---------------------------------------------------------------------------------------------
// Insurance

export interface InsuranceTerms {
  /** The salary insurance is paid on before the caps (LUONG_DONG_BH). */
  readonly insuranceSalary: number;
  /** The region of the worker's unit: its minimum wage caps the unemployment insurance salary. */
  readonly region: Region;
  /** False for a month without work and pay for NGAY_KHONG_DONG_BH days or more: nothing is due. */
  readonly contributes?: boolean;
  /** A trade-union member pays dues. */
  readonly member?: boolean;
}

export interface Insurance {
  /** The capped salaries: social and health (base salary cap), unemployment (region cap). */
  readonly socialSalary: number;
  readonly unemploymentSalary: number;
  readonly employee: {
    readonly social: number;
    readonly health: number;
    readonly unemployment: number;
    readonly total: number;
  };
  readonly employer: {
    readonly social: number;
    readonly health: number;
    readonly unemployment: number;
    readonly unionFee: number;
    readonly total: number;
  };
  readonly unionDues: number;
}

/**
 * Employee and employer insurance for a month: social and health on the salary capped at
 * HS_TRAN_BH × LUONG_CO_SO, unemployment capped at HS_TRAN_BH × the region's minimum wage, each line
 * rounded to the đồng; the union fee on the social insurance salary; a member's dues at
 * TL_DOAN_PHI of it, at most TRAN_DOAN_PHI.
 */
export function insurance(rules: Rules, terms: InsuranceTerms): Insurance {
  const contributes = terms.contributes ?? true;
  const salary = dec(terms.insuranceSalary);
  const cap = param(rules, 'HS_TRAN_BH');
  const wage = rules.regionWages[terms.region];
  if (wage === undefined) throw new StatutoryDataError(`There is no region ${String(terms.region)}`);
  const social = contributes ? round(min(salary, mul(cap, int(money(rules, 'LUONG_CO_SO'))))) : ZERO;
  const unemployment = contributes ? round(min(salary, mul(cap, int(wage)))) : ZERO;
  const employee = {
    social: round(mul(social, rate(rules, 'TL_BHXH_NLD'))),
    health: round(mul(social, rate(rules, 'TL_BHYT_NLD'))),
    unemployment: round(mul(unemployment, rate(rules, 'TL_BHTN_NLD'))),
  };
  const employer = {
    social: round(mul(social, rate(rules, 'TL_BHXH_DN'))),
    health: round(mul(social, rate(rules, 'TL_BHYT_DN'))),
    unemployment: round(mul(unemployment, rate(rules, 'TL_BHTN_DN'))),
    unionFee: round(mul(social, rate(rules, 'TL_KPCD'))),
  };
  const dues = terms.member
    ? round(min(mul(social, rate(rules, 'TL_DOAN_PHI')), int(money(rules, 'TRAN_DOAN_PHI'))))
    : ZERO;
  const total = (values: Record<string, Exact>) => n(sum(...Object.values(values)));
  const numbers = (values: Record<string, Exact>) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, n(v)]));
  return {
    socialSalary: n(social),
    unemploymentSalary: n(unemployment),
    employee: { ...numbers(employee), total: total(employee) } as Insurance['employee'],
    employer: { ...numbers(employer), total: total(employer) } as Insurance['employer'],
    unionDues: n(dues),
  };
}

// ---------------------------------------------------------------------------------------------
// Income tax

function checkAmount(amount: number, what: string): Exact {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`${what} must be a whole, non-negative number of đồng: ${amount}`);
  return int(amount);
}

/** The family deductions of a resident's month: GIAM_TRU_BAN_THAN + dependants × GIAM_TRU_NPT. */
export function familyDeduction(rules: Rules, dependants: number): number {
  if (!Number.isSafeInteger(dependants) || dependants < 0)
    throw new RangeError(`The dependants must be a whole, non-negative number: ${dependants}`);
  return n(
    add(int(money(rules, 'GIAM_TRU_BAN_THAN')), mul(int(dependants), int(money(rules, 'GIAM_TRU_NPT')))),
  );
}

/**
 * A resident's monthly tax on the assessable income, band by band as the law defines it (each
 * band's rate on the part of the income within it), rounded once to the đồng.
 */
export function residentTax(rules: Rules, assessable: number): number {
  let income = checkAmount(assessable, 'The assessable income');
  let tax = ZERO;
  let floor = ZERO;
  for (const band of rules.bands) {
    const top = band.upTo === null ? income : min(income, int(band.upTo));
    if (cmp(top, floor) > 0) tax = add(tax, mul(sub(top, floor), percent(band.rate)));
    if (band.upTo === null || cmp(income, int(band.upTo)) <= 0) {
      income = ZERO;
      break;
    }
    floor = int(band.upTo);
  }
  if (cmp(income, ZERO) > 0) throw new StatutoryDataError(`No band of ${rules.date} holds ${assessable}`);
  return n(tax);
}

/**
 * The same tax by the quick method of Circular 111/2013 (Appendix 01/PL-TNCN): income × the
 * rate of its band − the band's subtraction (GIAM_TRU), as the template's formula computes it.
 */
export function quickMethodTax(rules: Rules, assessable: number): number {
  const income = checkAmount(assessable, 'The assessable income');
  const band = rules.bands.find((b) => b.upTo === null || cmp(income, int(b.upTo)) <= 0);
  if (!band) throw new StatutoryDataError(`No band of ${rules.date} holds ${assessable}`);
  return n(sub(mul(income, percent(band.rate)), int(band.subtraction)));
}

/** A non-resident's tax: TS_KHONG_CU_TRU of the taxable employment income, no deduction. */
export function nonResidentTax(rules: Rules, taxable: number): number {
  return n(mul(checkAmount(taxable, 'The taxable income'), rate(rules, 'TS_KHONG_CU_TRU')));
}

/**
 * Tax withheld on a casual payment (no labour contract, or one under 3 months): TS_VANG_LAI of the
 * payment when it is NGUONG_VANG_LAI or more (Circular 111/2013 art. 25(1)(i)), else none.
 */
export function casualTax(rules: Rules, payment: number): number {
  const amount = checkAmount(payment, 'The payment');
  if (cmp(amount, int(money(rules, 'NGUONG_VANG_LAI'))) < 0) return 0;
  return n(mul(amount, rate(rules, 'TS_VANG_LAI')));
}

// ---------------------------------------------------------------------------------------------
// Net and gross

export interface NetTerms {
  readonly region: Region;
  readonly dependants: number;
  readonly resident: boolean;
  /** The insurance salary when it is fixed apart from the pay; by default the gross itself. */
  readonly insuranceSalary?: number;
}

export interface NetOfGross {
  readonly gross: number;
  readonly insurance: number;
  readonly assessable: number;
  readonly tax: number;
  readonly net: number;
}

/**
 * What a worker keeps of a gross month (all of it taxable): gross − employee insurance − income
 * tax (a resident's after the family deductions, a non-resident's at the flat rate).
 */
export function netOfGross(rules: Rules, gross: number, terms: NetTerms): NetOfGross {
  checkAmount(gross, 'The gross');
  const paid = insurance(rules, {
    insuranceSalary: terms.insuranceSalary ?? gross,
    region: terms.region,
  }).employee.total;
  const assessable = terms.resident
    ? Math.max(0, gross - paid - familyDeduction(rules, terms.dependants))
    : gross;
  const tax = terms.resident ? residentTax(rules, assessable) : nonResidentTax(rules, gross);
  return { gross, insurance: paid, assessable, tax, net: gross - paid - tax };
}

/**
 * The gross of a net contract: the smallest gross whose net is at least the agreed net.
 *
 * Rounding makes the net climb by 0, 1 and now and then drop a đồng as the gross climbs, so one
 * net may come from several grosses (the smallest is taken) and a net may be out of reach (the
 * smallest gross giving more is taken: the worker gets the agreed net and the đồng or two that
 * cannot be split off). Found by bisection, then by a scan of the few đồng below it where the
 * rounding may hide a smaller answer: the unrounded net rises at least `slope` a đồng, and the
 * rounded one strays from it by at most `stray`, so no gross more than 2 × stray / slope below a
 * gross whose net falls short can reach the net.
 */
export function grossOfNet(rules: Rules, net: number, terms: NetTerms): number {
  checkAmount(net, 'The net');
  const reaches = (gross: number) => netOfGross(rules, gross, terms).net >= net;
  // `low` falls short (−1: below any gross), `high` reaches; a gross is never below its net
  let low = -1;
  let high = net;
  while (!reaches(high)) {
    low = high;
    high = high * 2 + 1;
    if (high > Number.MAX_SAFE_INTEGER / 4) throw new RangeError(`No gross gives the net ${net}`);
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (reaches(middle)) high = middle;
    else low = middle;
  }
  const { slope, stray } = netBounds(rules);
  const window = Math.ceil((2 * stray) / slope) + 1;
  for (let gross = Math.max(0, low - window); gross < high; gross++) if (reaches(gross)) return gross;
  return high;
}

/**
 * Bounds of the net's behaviour: the unrounded net rises by at least `slope` per đồng of gross
 * (1 − the employee insurance rates − the highest tax rate), and the rounded net differs from the
 * unrounded one by at most `stray` đồng (half a đồng per insurance line, carried through the tax,
 * and half a đồng of the tax's own rounding).
 */
function netBounds(rules: Rules): { slope: number; stray: number } {
  const insuranceRates = ['TL_BHXH_NLD', 'TL_BHYT_NLD', 'TL_BHTN_NLD'].map(
    (code) => Number(param(rules, code).n) / Number(param(rules, code).d) / 100,
  );
  const taxRates = [
    ...rules.bands.map((b) => Number(b.rate.n) / Number(b.rate.d) / 100),
    Number(param(rules, 'TS_KHONG_CU_TRU').n) / Number(param(rules, 'TS_KHONG_CU_TRU').d) / 100,
  ];
  const topTax = Math.max(...taxRates);
  const slope = 1 - insuranceRates.reduce((a, b) => a + b, 0) - topTax;
  if (slope <= 0) throw new StatutoryDataError(`The rates of ${rules.date} leave nothing of a raise`);
  const stray = insuranceRates.length * 0.5 * (1 + topTax) + 0.5;
  return { slope, stray };
}

// ---------------------------------------------------------------------------------------------
// The whole payslip of DEFAULT_TEMPLATE

/** A worker's variables as the template reads them (numbers, or decimal text). */
export type PayslipInputs = Readonly<Record<string, number | string>>;

/**
 * DEFAULT_TEMPLATE's payslip computed exactly: every component's value by its code, each rounded
 * as the component is. The figures of the law come from `rules`; the Labour Code's overtime rates,
 * night premium and normal hours from the constants the template's formulas are written with.
 */
export function referencePayslip(rules: Rules, inputs: PayslipInputs): Record<string, number> {
  const read = (code: string): Exact => {
    const value = inputs[code];
    if (value === undefined || value === '') throw new RangeError(`The worker has no value of ${code}`);
    return dec(value);
  };
  const text = (code: string) => String(inputs[code] ?? '');
  const flag = (code: string) => cmp(read(code), int(1)) === 0;

  const standard = read('CONG_CHUAN');
  const hasStandard = cmp(standard, ZERO) > 0;
  const paidDays = add(read('CONG_THUC_TE'), read('NGHI_CO_LUONG'));
  const contract = read('LUONG_HOP_DONG');
  const byDays = (amount: Exact) => (hasStandard ? round(mul(div(amount, standard), paidDays)) : ZERO);
  const hourly = hasStandard ? round(div(div(contract, standard), int(NORMAL_HOURS_PER_DAY))) : ZERO;

  const values: Record<string, Exact> = {
    NGAY_HUONG_LUONG: paidDays,
    LUONG_THEO_CONG: byDays(contract),
    PHU_CAP: byDays(read('PHU_CAP_HOP_DONG')),
    LUONG_GIO: hourly,
    TIEN_LAM_DEM: round(mul(mul(hourly, read('GIO_LAM_DEM')), percent(int(NIGHT_WORK_PERCENT)))),
  };
  for (const line of OVERTIME_LINES)
    values[line.code] = round(mul(mul(hourly, read(line.hours)), percent(int(line.percent))));
  const overtime = sum(...OVERTIME_LINES.map((line) => values[line.code] as Exact));
  values.TONG_TIEN_TC = overtime;
  values.TIEN_TC_GIO_BT = round(mul(hourly, sum(...OVERTIME_LINES.map((line) => read(line.hours)))));
  values.TN_KHAC = round(read('THU_NHAP_KHAC'));
  values.TN_KHAC_CHIU_THUE = round(read('THU_NHAP_KHAC_CHIU_THUE'));
  const gross = sum(
    values.LUONG_THEO_CONG as Exact,
    values.PHU_CAP as Exact,
    values.TIEN_LAM_DEM as Exact,
    overtime,
    values.TN_KHAC,
    values.TN_KHAC_CHIU_THUE,
  );
  values.TONG_THU_NHAP = gross;

  const contributes = cmp(sub(standard, paidDays), param(rules, 'NGAY_KHONG_DONG_BH')) < 0;
  values.DONG_BAO_HIEM = int(contributes ? 1 : 0);
  const region = text('VUNG').toUpperCase() as Region;
  const paid = insurance(rules, {
    insuranceSalary: toNumber(roundHalfAway(read('LUONG_DONG_BH'))),
    region,
    contributes,
    member: flag('DOAN_VIEN'),
  });
  Object.assign(values, {
    MUC_DONG_BHXH: int(paid.socialSalary),
    MUC_DONG_BHTN: int(paid.unemploymentSalary),
    BHXH_NLD: int(paid.employee.social),
    BHYT_NLD: int(paid.employee.health),
    BHTN_NLD: int(paid.employee.unemployment),
    TONG_BH_NLD: int(paid.employee.total),
    DOAN_PHI: int(paid.unionDues),
  });

  const night = values.TIEN_LAM_DEM as Exact;
  const wholly = cmp(param(rules, 'MIEN_THUE_TC_TOAN_BO'), int(1)) === 0;
  values.TN_TC_MIEN_THUE = wholly
    ? add(night, overtime)
    : add(night, max(ZERO, sub(overtime, values.TIEN_TC_GIO_BT)));
  values.TN_MIEN_THUE = add(values.TN_TC_MIEN_THUE, values.TN_KHAC);
  const taxable = max(ZERO, sub(gross, values.TN_MIEN_THUE));
  values.TN_CHIU_THUE = taxable;
  const dependants = toNumber(roundHalfAway(read('SO_NGUOI_PHU_THUOC')));
  values.GIAM_TRU_GIA_CANH = int(familyDeduction(rules, dependants));
  const resident = flag('CU_TRU');
  const assessable = resident
    ? max(ZERO, sub(sub(taxable, int(paid.employee.total)), values.GIAM_TRU_GIA_CANH))
    : taxable;
  values.TN_TINH_THUE = assessable;
  const amount = toNumber(roundHalfAway(assessable));
  values.TIEN_THUE_TNCN = int(resident ? residentTax(rules, amount) : nonResidentTax(rules, amount));
  values.TRU_TAM_UNG = round(read('TAM_UNG'));
  values.TRU_KHAC = round(read('KHAU_TRU_KHAC'));
  values.TONG_KHAU_TRU = sum(
    int(paid.employee.total),
    int(paid.unionDues),
    values.TIEN_THUE_TNCN,
    values.TRU_TAM_UNG,
    values.TRU_KHAC,
  );
  values.THUC_LINH = sub(gross, values.TONG_KHAU_TRU);
  Object.assign(values, {
    BHXH_DN: int(paid.employer.social),
    BHYT_DN: int(paid.employer.health),
    BHTN_DN: int(paid.employer.unemployment),
    KPCD: int(paid.employer.unionFee),
    TONG_DN_DONG: int(paid.employer.total),
  });
  values.CHI_PHI_LUONG = add(gross, values.TONG_DN_DONG as Exact);

  const out: Record<string, number> = {};
  for (const component of DEFAULT_COMPONENTS) {
    const value = values[component.code];
    if (!value) throw new Error(`The reference payslip does not compute ${component.code}`);
    out[component.code] = Number(value.n) / Number(value.d);
  }
  return out;
}
