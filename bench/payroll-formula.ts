/**
 * The payroll formula language's speed (issue 32): a template of 40 components (earnings,
 * overtime, allowances, statutory insurance, income tax with the 2026 bands, net pay) checked
 * and compiled once, then computed for 10,000 workers, beside a hand-written TypeScript function
 * computing the same (with the same Excel rounding). Both answers are compared worker by worker.
 * No database: the write is bench/bulk-path.ts's figure.
 *
 *   npx tsx bench/payroll-formula.ts [--workers 10000] [--rounds 7]
 *
 * Figures: docs/performance.md, "Payroll formulas".
 */
import { cpus, loadavg } from 'node:os';
import {
  catalogueOf,
  checkTemplate,
  compileTemplate,
  excelRound,
  type ComponentDefinition,
  type TableData,
  type VariableInfo,
  type WorkerInputs,
} from '../shared/formula/src/index.ts';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
const WORKERS = option('workers', 10_000);
const ROUNDS = option('rounds', 7);

const money = (code: string): VariableInfo => ({ code, type: 'MONEY' });
const number = (code: string): VariableInfo => ({ code, type: 'NUMBER' });
const VARIABLES: VariableInfo[] = [
  money('LUONG_HD'),
  money('PC_CHUC_VU'),
  money('PC_TRACH_NHIEM'),
  money('PC_AN_TRUA'),
  money('PC_XANG_XE'),
  money('PC_DIEN_THOAI'),
  money('PC_NHA_O'),
  number('CONG_CHUAN'),
  number('NGAY_CONG'),
  number('NGAY_PHEP'),
  number('NGAY_LE'),
  { code: 'GIO_TC_NT', type: 'DOUBLE' },
  { code: 'GIO_TC_CN', type: 'DOUBLE' },
  { code: 'GIO_TC_LE', type: 'DOUBLE' },
  { code: 'GIO_DEM', type: 'DOUBLE' },
  { code: 'KPI', type: 'PERCENT' },
  money('THUONG'),
  money('TAM_UNG'),
  money('KHAU_TRU_KHAC'),
  { code: 'SO_NPT', type: 'INTEGER' },
  { code: 'VUNG', type: 'ENUM' },
  money('LUONG_DONG_BH'),
  { code: 'CU_TRU', type: 'ENUM' },
  { code: 'DOAN_VIEN', type: 'ENUM' },
  money('LUONG_CO_SO'),
  { code: 'NAM_TINH', type: 'INTEGER' },
];

const catalogue = catalogueOf(VARIABLES, [
  { code: 'LTT_VUNG', kind: 'keyed', keyType: 'ENUM', columns: [{ code: 'MUC', type: 'MONEY' }] },
  {
    code: 'THUE_TNCN_BAC',
    kind: 'band',
    keyType: 'MONEY',
    columns: [
      { code: 'THUE_SUAT', type: 'PERCENT' },
      { code: 'GIAM_TRU', type: 'MONEY' },
    ],
  },
]);

const TABLES: Record<string, TableData> = {
  LTT_VUNG: {
    rows: [
      { key: 'I', values: { MUC: 5_310_000 } },
      { key: 'II', values: { MUC: 4_730_000 } },
      { key: 'III', values: { MUC: 4_140_000 } },
      { key: 'IV', values: { MUC: 3_700_000 } },
    ],
  },
  THUE_TNCN_BAC: {
    rows: [
      { upTo: 10_000_000, values: { THUE_SUAT: 0.05, GIAM_TRU: 0 } },
      { upTo: 30_000_000, values: { THUE_SUAT: 0.1, GIAM_TRU: 500_000 } },
      { upTo: 60_000_000, values: { THUE_SUAT: 0.2, GIAM_TRU: 3_500_000 } },
      { upTo: 100_000_000, values: { THUE_SUAT: 0.3, GIAM_TRU: 9_500_000 } },
      { upTo: null, values: { THUE_SUAT: 0.35, GIAM_TRU: 14_500_000 } },
    ],
  },
};

const m = (code: string, formula: string): ComponentDefinition => ({ code, type: 'MONEY', formula });
const COMPONENTS: ComponentDefinition[] = [
  m('LUONG_NGAY', 'LUONG_HD / CONG_CHUAN'),
  m('LUONG_GIO', 'LUONG_NGAY / 8'),
  m('LUONG_TG', 'LUONG_NGAY * NGAY_CONG'),
  m('LUONG_PHEP', 'LUONG_NGAY * NGAY_PHEP'),
  m('LUONG_LE', 'LUONG_NGAY * NGAY_LE'),
  m('TC_NT', 'LUONG_GIO * GIO_TC_NT * 150%'),
  m('TC_CN', 'LUONG_GIO * GIO_TC_CN * 200%'),
  m('TC_LE', 'LUONG_GIO * GIO_TC_LE * 300%'),
  m('TIEN_DEM', 'LUONG_GIO * GIO_DEM * 30%'),
  m('TONG_TC', 'TC_NT + TC_CN + TC_LE + TIEN_DEM'),
  m('TC_MIEN_THUE', 'IF(NAM_TINH >= 2026, TONG_TC, TC_NT / 3 + TC_CN / 2 + TC_LE * 2 / 3)'),
  m('PC_CV', 'IF(NGAY_CONG >= CONG_CHUAN / 2, PC_CHUC_VU, ROUND(PC_CHUC_VU * NGAY_CONG / CONG_CHUAN, 0))'),
  m('PC_TN', 'PC_TRACH_NHIEM * MIN(1, NGAY_CONG / CONG_CHUAN)'),
  m('PC_AT', 'MIN(PC_AN_TRUA, 730000 / 26 * NGAY_CONG)'),
  m('PC_XX', 'PC_XANG_XE'),
  m('PC_DT', 'PC_DIEN_THOAI'),
  m('PC_NO', 'PC_NHA_O'),
  m('TONG_PC', 'SUM(PC_CV, PC_TN, PC_AT, PC_XX, PC_DT, PC_NO)'),
  m('THUONG_KPI', 'ROUND(LUONG_HD * KPI * IF(KPI >= 100%, 1.2, 1), -3)'),
  m('THUONG_KHAC', 'THUONG'),
  m('TONG_THU_NHAP', 'LUONG_TG + LUONG_PHEP + LUONG_LE + TONG_TC + TONG_PC + THUONG_KPI + THUONG_KHAC'),
  m('MUC_BH', 'MIN(LUONG_DONG_BH, 20 * LUONG_CO_SO)'),
  m('MUC_BHTN', 'MIN(LUONG_DONG_BH, 20 * LOOKUP(LTT_VUNG, VUNG))'),
  m('BHXH_NLD', 'MUC_BH * 8%'),
  m('BHYT_NLD', 'MUC_BH * 1.5%'),
  m('BHTN_NLD', 'MUC_BHTN * 1%'),
  m('TONG_BH_NLD', 'BHXH_NLD + BHYT_NLD + BHTN_NLD'),
  m('BHXH_DN', 'MUC_BH * 17.5%'),
  m('BHYT_DN', 'MUC_BH * 3%'),
  m('BHTN_DN', 'MUC_BHTN * 1%'),
  m('KPCD_DN', 'MUC_BH * 2%'),
  m('DOAN_PHI', 'IF(DOAN_VIEN = "Y", MIN(MUC_BH * 1%, LUONG_CO_SO * 10%), 0)'),
  m('THU_NHAP_MIEN', 'TC_MIEN_THUE + MIN(PC_AT, 730000) + PC_DT'),
  m('GIAM_TRU_GC', '15500000 + SO_NPT * 6200000'),
  m('TN_CHIU_THUE', 'MAX(0, TONG_THU_NHAP - THU_NHAP_MIEN)'),
  m('TN_TINH_THUE', 'MAX(0, TN_CHIU_THUE - TONG_BH_NLD - GIAM_TRU_GC)'),
  m(
    'THUE_TNCN',
    'IF(CU_TRU = "Y", TN_TINH_THUE * LOOKUP(THUE_TNCN_BAC, TN_TINH_THUE, "THUE_SUAT") - LOOKUP(THUE_TNCN_BAC, TN_TINH_THUE, "GIAM_TRU"), TN_CHIU_THUE * 20%)',
  ),
  m('TONG_KHAU_TRU', 'TONG_BH_NLD + DOAN_PHI + THUE_TNCN + TAM_UNG + KHAU_TRU_KHAC'),
  m('THUC_LINH', 'TONG_THU_NHAP - TONG_KHAU_TRU'),
  m('CHI_PHI_DN', 'TONG_THU_NHAP + BHXH_DN + BHYT_DN + BHTN_DN + KPCD_DN'),
];

/** The same payroll written by hand, with the same rounding of each money value to the đồng. */
const r0 = (x: number) => excelRound(x, 0, 'ROUND');
const REGION: Record<string, number> = { I: 5_310_000, II: 4_730_000, III: 4_140_000, IV: 3_700_000 };
const BANDS = [
  [10_000_000, 0.05, 0],
  [30_000_000, 0.1, 500_000],
  [60_000_000, 0.2, 3_500_000],
  [100_000_000, 0.3, 9_500_000],
  [Infinity, 0.35, 14_500_000],
] as const;
function band(amount: number) {
  for (const b of BANDS) if (amount <= b[0]) return b;
  throw new Error('no band');
}
function byHand(w: Record<string, number | string>): number[] {
  const n = (code: string) => w[code] as number;
  const LUONG_NGAY = r0(n('LUONG_HD') / n('CONG_CHUAN'));
  const LUONG_GIO = r0(LUONG_NGAY / 8);
  const LUONG_TG = r0(LUONG_NGAY * n('NGAY_CONG'));
  const LUONG_PHEP = r0(LUONG_NGAY * n('NGAY_PHEP'));
  const LUONG_LE = r0(LUONG_NGAY * n('NGAY_LE'));
  const TC_NT = r0(LUONG_GIO * n('GIO_TC_NT') * 1.5);
  const TC_CN = r0(LUONG_GIO * n('GIO_TC_CN') * 2);
  const TC_LE = r0(LUONG_GIO * n('GIO_TC_LE') * 3);
  const TIEN_DEM = r0(LUONG_GIO * n('GIO_DEM') * 0.3);
  const TONG_TC = r0(TC_NT + TC_CN + TC_LE + TIEN_DEM);
  const TC_MIEN_THUE = r0(n('NAM_TINH') >= 2026 ? TONG_TC : TC_NT / 3 + TC_CN / 2 + (TC_LE * 2) / 3);
  const PC_CV = r0(
    n('NGAY_CONG') >= n('CONG_CHUAN') / 2
      ? n('PC_CHUC_VU')
      : excelRound((n('PC_CHUC_VU') * n('NGAY_CONG')) / n('CONG_CHUAN'), 0, 'ROUND'),
  );
  const PC_TN = r0(n('PC_TRACH_NHIEM') * Math.min(1, n('NGAY_CONG') / n('CONG_CHUAN')));
  const PC_AT = r0(Math.min(n('PC_AN_TRUA'), (730_000 / 26) * n('NGAY_CONG')));
  const PC_XX = r0(n('PC_XANG_XE'));
  const PC_DT = r0(n('PC_DIEN_THOAI'));
  const PC_NO = r0(n('PC_NHA_O'));
  const TONG_PC = r0(PC_CV + PC_TN + PC_AT + PC_XX + PC_DT + PC_NO);
  const THUONG_KPI = r0(excelRound(n('LUONG_HD') * n('KPI') * (n('KPI') >= 1 ? 1.2 : 1), -3, 'ROUND'));
  const THUONG_KHAC = r0(n('THUONG'));
  const TONG_THU_NHAP = r0(LUONG_TG + LUONG_PHEP + LUONG_LE + TONG_TC + TONG_PC + THUONG_KPI + THUONG_KHAC);
  const MUC_BH = r0(Math.min(n('LUONG_DONG_BH'), 20 * n('LUONG_CO_SO')));
  const MUC_BHTN = r0(Math.min(n('LUONG_DONG_BH'), 20 * (REGION[w.VUNG as string] as number)));
  const BHXH_NLD = r0(MUC_BH * 0.08);
  const BHYT_NLD = r0(MUC_BH * 0.015);
  const BHTN_NLD = r0(MUC_BHTN * 0.01);
  const TONG_BH_NLD = r0(BHXH_NLD + BHYT_NLD + BHTN_NLD);
  const BHXH_DN = r0(MUC_BH * 0.175);
  const BHYT_DN = r0(MUC_BH * 0.03);
  const BHTN_DN = r0(MUC_BHTN * 0.01);
  const KPCD_DN = r0(MUC_BH * 0.02);
  const DOAN_PHI = r0(w.DOAN_VIEN === 'Y' ? Math.min(MUC_BH * 0.01, n('LUONG_CO_SO') * 0.1) : 0);
  const THU_NHAP_MIEN = r0(TC_MIEN_THUE + Math.min(PC_AT, 730_000) + PC_DT);
  const GIAM_TRU_GC = r0(15_500_000 + n('SO_NPT') * 6_200_000);
  const TN_CHIU_THUE = r0(Math.max(0, TONG_THU_NHAP - THU_NHAP_MIEN));
  const TN_TINH_THUE = r0(Math.max(0, TN_CHIU_THUE - TONG_BH_NLD - GIAM_TRU_GC));
  const [, rate, deduction] = band(TN_TINH_THUE);
  const THUE_TNCN = r0(w.CU_TRU === 'Y' ? TN_TINH_THUE * rate - deduction : TN_CHIU_THUE * 0.2);
  const TONG_KHAU_TRU = r0(TONG_BH_NLD + DOAN_PHI + THUE_TNCN + n('TAM_UNG') + n('KHAU_TRU_KHAC'));
  const THUC_LINH = r0(TONG_THU_NHAP - TONG_KHAU_TRU);
  const CHI_PHI_DN = r0(TONG_THU_NHAP + BHXH_DN + BHYT_DN + BHTN_DN + KPCD_DN);
  return [
    LUONG_NGAY, LUONG_GIO, LUONG_TG, LUONG_PHEP, LUONG_LE, TC_NT, TC_CN, TC_LE, TIEN_DEM, TONG_TC,
    TC_MIEN_THUE, PC_CV, PC_TN, PC_AT, PC_XX, PC_DT, PC_NO, TONG_PC, THUONG_KPI, THUONG_KHAC,
    TONG_THU_NHAP, MUC_BH, MUC_BHTN, BHXH_NLD, BHYT_NLD, BHTN_NLD, TONG_BH_NLD, BHXH_DN, BHYT_DN,
    BHTN_DN, KPCD_DN, DOAN_PHI, THU_NHAP_MIEN, GIAM_TRU_GC, TN_CHIU_THUE, TN_TINH_THUE, THUE_TNCN,
    TONG_KHAU_TRU, THUC_LINH, CHI_PHI_DN,
  ]; // prettier-ignore
}

/** Seeded workers: the same on every run. */
function workers(count: number): Record<string, number | string>[] {
  let state = 20_260_301;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return Array.from({ length: count }, () => {
    const salary = int(50, 800) * 100_000;
    return {
      LUONG_HD: salary,
      PC_CHUC_VU: next() < 0.2 ? int(5, 50) * 100_000 : 0,
      PC_TRACH_NHIEM: next() < 0.3 ? int(2, 20) * 100_000 : 0,
      PC_AN_TRUA: 730_000,
      PC_XANG_XE: int(0, 10) * 50_000,
      PC_DIEN_THOAI: int(0, 5) * 100_000,
      PC_NHA_O: next() < 0.1 ? 2_000_000 : 0,
      CONG_CHUAN: 26,
      NGAY_CONG: int(10, 26) - (next() < 0.3 ? 0.5 : 0),
      NGAY_PHEP: int(0, 3),
      NGAY_LE: next() < 0.5 ? 1 : 0,
      GIO_TC_NT: int(0, 40) + (next() < 0.5 ? 0.5 : 0),
      GIO_TC_CN: int(0, 16),
      GIO_TC_LE: int(0, 8),
      GIO_DEM: int(0, 60),
      KPI: int(70, 130) / 100,
      THUONG: next() < 0.2 ? int(1, 50) * 100_000 : 0,
      TAM_UNG: next() < 0.3 ? int(1, 30) * 100_000 : 0,
      KHAU_TRU_KHAC: next() < 0.1 ? int(1, 10) * 50_000 : 0,
      SO_NPT: int(0, 3),
      VUNG: ['I', 'II', 'III', 'IV'][int(0, 3)] as string,
      LUONG_DONG_BH: salary,
      CU_TRU: next() < 0.97 ? 'Y' : 'N',
      DOAN_VIEN: next() < 0.6 ? 'Y' : 'N',
      LUONG_CO_SO: 2_340_000,
      NAM_TINH: 2026,
    };
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const ms = (x: number) => `${x.toFixed(1)} ms`;

const people = workers(WORKERS);
console.log(
  `payroll formulas: ${WORKERS} workers × ${COMPONENTS.length} components, ${ROUNDS} rounds; ` +
    `node ${process.version}, ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);

// Once per run: check, compile, bind.
const prepare: number[] = [];
let template: ReturnType<typeof prepareTemplate> | undefined;
function prepareTemplate() {
  const check = checkTemplate(COMPONENTS, catalogue);
  if (!check.ok) throw new Error(check.errors.map((e) => e.message.en).join('\n'));
  const bound = compileTemplate(check).bind(TABLES);
  if (!bound.ok) throw new Error(bound.error.message.en);
  return bound.template;
}
for (let i = 0; i < 20; i++) {
  const start = performance.now();
  template = prepareTemplate();
  prepare.push(performance.now() - start);
}
const bound = template as NonNullable<typeof template>;

// The answers agree, worker by worker, component by component.
let mismatches = 0;
let failures = 0;
for (const w of people) {
  const result = bound.run(w as WorkerInputs);
  if (!result.ok) {
    failures++;
    continue;
  }
  const expected = byHand(w);
  if (result.values.some((v, i) => v !== expected[i])) mismatches++;
}

const compiled: number[] = [];
const hand: number[] = [];
const traced: number[] = [];
let sink = 0;
for (let round = 0; round <= ROUNDS; round++) {
  let start = performance.now();
  for (const w of people) {
    const result = bound.run(w as WorkerInputs);
    if (result.ok) sink += result.values[38] as number;
  }
  const a = performance.now() - start;
  start = performance.now();
  for (const w of people) sink += byHand(w)[38] as number;
  const b = performance.now() - start;
  start = performance.now();
  for (const w of people) {
    const result = bound.run(w as WorkerInputs, { trace: true });
    if (result.ok) sink += result.trace?.components.length ?? 0;
  }
  const c = performance.now() - start;
  if (round === 0) continue; // warm-up
  compiled.push(a);
  hand.push(b);
  traced.push(c);
}

const one = people[0] as WorkerInputs;
const single: number[] = [];
for (let i = 0; i < 200; i++) {
  const start = performance.now();
  bound.run(one, { trace: true });
  single.push(performance.now() - start);
}

console.log(`check + compile + bind, once per run (median of 20): ${ms(median(prepare))}`);
console.log(
  `compiled template, ${WORKERS} workers (median / min): ${ms(median(compiled))} / ${ms(Math.min(...compiled))}`,
);
console.log(
  `hand-written TypeScript, same (median / min):       ${ms(median(hand))} / ${ms(Math.min(...hand))}`,
);
console.log(`ratio compiled / hand-written: ${(median(compiled) / median(hand)).toFixed(2)}×`);
console.log(`with the trace of every intermediate value, ${WORKERS} workers (median): ${ms(median(traced))}`);
console.log(
  `one worker's trace ("try it on a worker", median of 200): ${(median(single) * 1000).toFixed(0)} µs`,
);
console.log(
  `answers: ${WORKERS - failures - mismatches} workers equal to the đồng, ${mismatches} differ, ${failures} failed`,
);
if (sink === 0) console.log('(nothing computed?)');
if (mismatches > 0 || failures > 0) process.exitCode = 1;
