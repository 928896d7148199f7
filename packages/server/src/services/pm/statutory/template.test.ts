import { checkTemplate, compileTemplate, type FormulaValue } from '@hcm/formula';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPONENTS, DEFAULT_TEMPLATE, STATUTORY_DATA } from './data/index.ts';
import { referencePayslip, rulesOn } from './reference.ts';
import {
  boundDefaultTemplate,
  defaultTemplateDefinitions,
  formulaParametersOn,
  formulaTablesOn,
  generatedWorker,
  monthOf,
  seededRandom,
  testCatalogue,
} from './testing.ts';

/*
 * DEFAULT_TEMPLATE compiled with @hcm/formula against the test catalogue (testing.ts: the agreed
 * variable codes of payroll-common.md and the statutory parameters; to be swapped for the payroll
 * module's own catalogue when it lands), computed and held equal to the exact reference.
 */

const templates = new Map<string, ReturnType<typeof boundDefaultTemplate>>();
function payslip(date: string, worker: Record<string, number | string>): Record<string, FormulaValue | null> {
  const template = templates.get(date) ?? boundDefaultTemplate(STATUTORY_DATA, date);
  templates.set(date, template);
  const result = template.run({ ...formulaParametersOn(STATUTORY_DATA, date), ...worker });
  if (!result.ok) throw new Error(result.error.message.en);
  return Object.fromEntries(template.codes.map((code, i) => [code, result.values[i] ?? null]));
}

describe('DEFAULT_TEMPLATE', () => {
  it('checks against the catalogue: every component after those it reads, in the declared order', () => {
    const check = checkTemplate(defaultTemplateDefinitions(), testCatalogue(STATUTORY_DATA));
    expect(check.errors.map((e) => e.message.en)).toEqual([]);
    // declared in an order that computes: the dependency order leaves it as it is
    expect(check.order).toEqual(DEFAULT_TEMPLATE.components.map((_, i) => i));
    const compiled = compileTemplate(check);
    expect([...compiled.tables].sort()).toEqual(['LTT_VUNG', 'THUE_TNCN']);
    // only agreed variables and the statutory parameters: nothing else to provide
    expect(compiled.inputs).toEqual([]);
  });

  it('shows on the payslip only its own components, each once', () => {
    const shown = DEFAULT_TEMPLATE.payslip.flatMap((group) => group.components);
    expect(new Set(shown).size).toBe(shown.length);
    for (const code of shown) expect(DEFAULT_TEMPLATE.components).toContain(code);
    for (const group of DEFAULT_TEMPLATE.payslip) expect(group.title.vi && group.title.en).toBeTruthy();
  });
});

describe("issue 32's official examples, through DEFAULT_TEMPLATE", () => {
  it('March 2026, gross 20,000,000, no dependant: insurance 2,100,000, income tax 120,000', () => {
    const slip = payslip('2026-03-31', monthOf({ LUONG_HOP_DONG: 20_000_000 }));
    expect(slip).toMatchObject({
      TONG_THU_NHAP: 20_000_000,
      TONG_BH_NLD: 2_100_000,
      TIEN_THUE_TNCN: 120_000,
    });
    expect(slip.THUC_LINH).toBe(17_780_000);
  });

  it('March 2026, gross 25,000,000, one dependant: income tax 33,750', () => {
    const slip = payslip('2026-03-31', monthOf({ LUONG_HOP_DONG: 25_000_000, SO_NGUOI_PHU_THUOC: 1 }));
    expect(slip).toMatchObject({ TONG_BH_NLD: 2_625_000, TN_TINH_THUE: 675_000, TIEN_THUE_TNCN: 33_750 });
  });

  it('2025 rules, gross 20,000,000, one dependant: income tax 125,000', () => {
    const slip = payslip('2025-12-31', monthOf({ LUONG_HOP_DONG: 20_000_000, SO_NGUOI_PHU_THUOC: 1 }));
    expect(slip).toMatchObject({
      GIAM_TRU_GIA_CANH: 15_400_000,
      TN_TINH_THUE: 2_500_000,
      TIEN_THUE_TNCN: 125_000,
    });
  });
});

describe('the switches, through DEFAULT_TEMPLATE', () => {
  it('December 2025 and January 2026: 7 bands and 11,000,000 / 4,400,000, then 5 bands and 15,500,000 / 6,200,000', () => {
    const worker = monthOf({ LUONG_HOP_DONG: 30_000_000, SO_NGUOI_PHU_THUOC: 1 });
    expect(payslip('2025-12-31', worker)).toMatchObject({
      GIAM_TRU_GIA_CANH: 15_400_000,
      TN_TINH_THUE: 11_450_000,
      TIEN_THUE_TNCN: 967_500,
    });
    expect(payslip('2026-01-31', worker)).toMatchObject({
      GIAM_TRU_GIA_CANH: 21_700_000,
      TN_TINH_THUE: 5_150_000,
      TIEN_THUE_TNCN: 257_500,
    });
  });

  it('June and July 2026: the base salary of 2,530,000 raises the caps', () => {
    const worker = monthOf({ LUONG_HOP_DONG: 60_000_000, DOAN_VIEN: 1 });
    expect(payslip('2026-06-30', worker)).toMatchObject({
      MUC_DONG_BHXH: 46_800_000,
      BHXH_NLD: 3_744_000,
      DOAN_PHI: 234_000,
      MUC_DONG_BHTN: 60_000_000,
    });
    expect(payslip('2026-07-31', worker)).toMatchObject({
      MUC_DONG_BHXH: 50_600_000,
      BHXH_NLD: 4_048_000,
      DOAN_PHI: 253_000,
    });
  });
});

describe('overtime and night pay: the tax exemption in both regimes', () => {
  // 26,000,000 over 26 days: 1,000,000 a day, 125,000 an hour
  const worker = monthOf({
    LUONG_HOP_DONG: 26_000_000,
    GIO_LAM_DEM: 8, // 8 × 125,000 × 30 % = 300,000
    GIO_TC_NGAY_THUONG: 10, // × 150 % = 1,875,000 (normal part 1,250,000)
    GIO_TC_DEM_NGAY_LE: 2, // × 390 % = 975,000 (normal part 250,000)
  });

  it('to 2025: only the part above the normal hourly pay (and the night premium) is exempt', () => {
    const slip = payslip('2025-12-31', worker);
    expect(slip).toMatchObject({
      LUONG_GIO: 125_000,
      TIEN_LAM_DEM: 300_000,
      TC_NGAY_THUONG: 1_875_000,
      TC_DEM_NGAY_LE: 975_000,
      TONG_TIEN_TC: 2_850_000,
      TIEN_TC_GIO_BT: 1_500_000,
      TN_TC_MIEN_THUE: 1_650_000, // 300,000 + 2,850,000 − 1,500,000
      TONG_THU_NHAP: 29_150_000,
      TN_CHIU_THUE: 27_500_000,
    });
    expect(referencePayslip(rulesOn(STATUTORY_DATA, '2025-12-31'), worker)).toEqual(slip);
  });

  it('from 2026: all of it is exempt', () => {
    const slip = payslip('2026-01-31', worker);
    expect(slip).toMatchObject({ TN_TC_MIEN_THUE: 3_150_000, TN_CHIU_THUE: 26_000_000 });
    expect(referencePayslip(rulesOn(STATUTORY_DATA, '2026-01-31'), worker)).toEqual(slip);
  });

  it('pays night overtime at 210, 270 and 390 % of the hourly rate', () => {
    const slip = payslip(
      '2026-03-31',
      monthOf({
        LUONG_HOP_DONG: 26_000_000,
        GIO_TC_DEM_NGAY_THUONG: 1,
        GIO_TC_DEM_NGHI_TUAN: 1,
        GIO_TC_NGHI_TUAN: 1,
        GIO_TC_NGAY_LE: 1,
      }),
    );
    expect(slip).toMatchObject({
      TC_DEM_NGAY_THUONG: 262_500,
      TC_DEM_NGHI_TUAN: 337_500,
      TC_NGHI_TUAN: 250_000,
      TC_NGAY_LE: 375_000,
    });
  });
});

describe('the month itself', () => {
  it('pays by days worked and paid leave; a month without standard days pays nothing rather than failing', () => {
    const part = payslip(
      '2026-03-31',
      monthOf({ LUONG_HOP_DONG: 20_000_000, CONG_THUC_TE: 20.5, NGHI_CO_LUONG: 1 }),
    );
    expect(part.LUONG_THEO_CONG).toBe(16_538_462); // 20,000,000 / 26 × 21.5 = 16,538,461.54
    const none = payslip('2026-03-31', monthOf({ CONG_CHUAN: 0, CONG_THUC_TE: 0 }));
    expect(none).toMatchObject({ LUONG_THEO_CONG: 0, LUONG_GIO: 0, TONG_THU_NHAP: 0 });
  });

  it('no insurance, fee or dues in a month of 14 or more days without work and pay', () => {
    const month = (worked: number) => payslip('2026-03-31', monthOf({ CONG_THUC_TE: worked, DOAN_VIEN: 1 }));
    expect(month(13)).toMatchObject({
      DONG_BAO_HIEM: 1,
      TONG_BH_NLD: 2_100_000,
      KPCD: 400_000,
      DOAN_PHI: 200_000,
    });
    expect(month(12)).toMatchObject({ DONG_BAO_HIEM: 0, TONG_BH_NLD: 0, TONG_DN_DONG: 0, DOAN_PHI: 0 });
  });

  it('a non-resident pays 20 % of the taxable income, no deduction', () => {
    const slip = payslip('2026-03-31', monthOf({ CU_TRU: 0, SO_NGUOI_PHU_THUOC: 2 }));
    expect(slip).toMatchObject({
      TN_TINH_THUE: 20_000_000,
      TIEN_THUE_TNCN: 4_000_000,
      THUC_LINH: 13_900_000,
    });
  });

  it('binds the band table version and region wages of the day', () => {
    expect(formulaTablesOn(STATUTORY_DATA, '2025-12-31').THUE_TNCN?.rows).toHaveLength(7);
    expect(formulaTablesOn(STATUTORY_DATA, '2026-01-31').THUE_TNCN?.rows[0]).toEqual({
      upTo: 10_000_000,
      values: { THUE_SUAT: 0.05, GIAM_TRU: 0 },
    });
    expect(formulaTablesOn(STATUTORY_DATA, '2025-12-31').LTT_VUNG?.rows[0]).toEqual({
      key: 'I',
      values: { LUONG_TOI_THIEU: 4_960_000 },
    });
  });
});

describe('the reference and the template agree', () => {
  it('on 1,000 generated worker-months, every component to the đồng', () => {
    const random = seededRandom(32);
    const rules = new Map<string, ReturnType<typeof rulesOn>>();
    let taxed = 0;
    for (let i = 0; i < 1_000; i++) {
      const { date, inputs } = generatedWorker(random);
      const slip = payslip(date, inputs);
      const day = rules.get(date) ?? rulesOn(STATUTORY_DATA, date);
      rules.set(date, day);
      expect(referencePayslip(day, inputs), `${date} ${JSON.stringify(inputs)}`).toEqual(slip);
      if ((slip.TIEN_THUE_TNCN as number) > 0) taxed++;
    }
    // the cases reach the tax (and so every band set), not only the insurance
    expect(taxed).toBeGreaterThan(300);
    expect(rules.size).toBeGreaterThan(20);
  });

  it('names every default component in the reference', () => {
    const slip = referencePayslip(rulesOn(STATUTORY_DATA, '2026-03-31'), monthOf());
    expect(Object.keys(slip)).toEqual(DEFAULT_COMPONENTS.map((c) => c.code));
  });
});
