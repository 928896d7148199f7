import { checkTemplate, compileTemplate, type ComponentDefinition } from '@hcm/formula';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPONENTS, STATUTORY_DATA } from '../statutory/data/index.ts';
import { grossOfNet, rulesOn } from '../statutory/reference.ts';
import {
  defaultTemplateDefinitions,
  formulaParametersOn,
  formulaTablesOn,
  testCatalogue,
} from '../statutory/testing.ts';
import { computeWorker, workerInputs } from './compute-worker.ts';
import { decimalText, linesOf, shownComputed } from './lines.ts';
import { solveGross } from './net-to-gross.ts';
import { componentIndex, runPlanOf, type RunComponent, type RunPlan } from './run-plan.ts';

/*
 * One worker of a run, pure (no database): the statutory default template (services/pm/statutory,
 * DEFAULT_TEMPLATE) as the run compiles it, a net contract's gross against the statutory reference
 * (grossOfNet), and the values kept as result lines. The database side is pay-periods.test.ts.
 */

const MARCH_2026 = '2026-03-31';

function planOf(date: string, extra: readonly RunComponent[] = []): RunPlan {
  const byCode = new Map(DEFAULT_COMPONENTS.map((c) => [c.code, c]));
  const components: RunComponent[] = [
    ...defaultTemplateDefinitions().map((definition: ComponentDefinition) => {
      const own = byCode.get(definition.code);
      return {
        ...definition,
        name: own?.name ?? definition.code,
        nameEn: own?.nameEn ?? null,
        source: (own?.source ?? 'FORMULA') as 'INPUT' | 'FORMULA',
        category: own?.category ?? 'INFORMATION',
      };
    }),
    ...extra,
  ];
  const check = checkTemplate(components, testCatalogue(STATUTORY_DATA));
  if (!check.ok) throw new Error(check.errors.map((e) => e.message.en).join('; '));
  const bound = compileTemplate(check).bind(formulaTablesOn(STATUTORY_DATA, date));
  if (!bound.ok) throw new Error(bound.error.message.en);
  return runPlanOf({ id: 'template', version: 1, fingerprint: 'f' }, components, check, bound.template);
}

/** A factory worker of March 2026: a full month of 26 days, no allowances, resident, region I. */
function worker(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...formulaParametersOn(STATUTORY_DATA, MARCH_2026),
    LUONG_HOP_DONG: 20_000_000,
    LUONG_DONG_BH: 20_000_000,
    PHU_CAP_HOP_DONG: 0,
    VUNG: 'I',
    SO_NGUOI_PHU_THUOC: 0,
    CU_TRU: 1,
    HOP_DONG_NET: 0,
    DOAN_VIEN: 0,
    CONG_CHUAN: 26,
    CONG_THUC_TE: 26,
    NGHI_CO_LUONG: 0,
    NGHI_KHONG_LUONG: 0,
    GIO_LAM_DEM: 0,
    GIO_TC_NGAY_THUONG: 0,
    GIO_TC_NGHI_TUAN: 0,
    GIO_TC_NGAY_LE: 0,
    GIO_TC_DEM_NGAY_THUONG: 0,
    GIO_TC_DEM_NGHI_TUAN: 0,
    GIO_TC_DEM_NGAY_LE: 0,
    KPI: 0,
    THU_NHAP_KHAC: 0,
    THU_NHAP_KHAC_CHIU_THUE: 0,
    KHAU_TRU_KHAC: 0,
    TAM_UNG: 0,
    ...overrides,
  };
}

const valueOf = (plan: RunPlan, values: readonly unknown[], code: string) =>
  values[componentIndex(plan, code)];

describe('one worker of a pay period', () => {
  const plan = planOf(MARCH_2026);

  it('computes the official March 2026 examples through the default template', () => {
    const first = computeWorker(plan, workerInputs(plan, worker()));
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(valueOf(plan, first.values, 'TONG_BH_NLD')).toBe(2_100_000);
    expect(valueOf(plan, first.values, 'TIEN_THUE_TNCN')).toBe(120_000);
    const second = computeWorker(
      plan,
      workerInputs(
        plan,
        worker({ LUONG_HOP_DONG: 25_000_000, LUONG_DONG_BH: 25_000_000, SO_NGUOI_PHU_THUOC: 1 }),
      ),
    );
    expect(second.ok && valueOf(plan, second.values, 'TIEN_THUE_TNCN')).toBe(33_750);
  });

  it('finds a net contract’s gross to the đồng, as the statutory reference does', () => {
    const rules = rulesOn(STATUTORY_DATA, MARCH_2026);
    let exact = 0;
    // agreed nets across the bands, the caps and the regions, with 0–3 dependants
    for (let i = 0; i < 120; i++) {
      const agreedNet = 4_000_000 + ((i * 7_919_371) % 90_000_000) + (i % 7);
      const dependants = i % 4;
      const region = (['I', 'II', 'III', 'IV'] as const)[i % 4] as 'I' | 'II' | 'III' | 'IV';
      const inputs = workerInputs(
        plan,
        worker({
          HOP_DONG_NET: 1,
          LUONG_HOP_DONG: agreedNet,
          LUONG_DONG_BH: agreedNet,
          SO_NGUOI_PHU_THUOC: dependants,
          VUNG: region,
        }),
      );
      const solved = solveGross(plan, inputs);
      expect(solved.ok).toBe(true);
      if (!solved.ok) continue;
      expect(solved.solution.gross, `net ${agreedNet}, ${dependants} dependants, region ${region}`).toBe(
        grossOfNet(rules, agreedNet, { region, dependants, resident: true }),
      );
      if (solved.solution.exact) exact++;
    }
    expect(exact).toBe(120);
  });

  it('computes a net contract’s real month with the gross found, and pays the agreed net for a full month', () => {
    const inputs = workerInputs(
      plan,
      worker({ HOP_DONG_NET: 1, LUONG_HOP_DONG: 17_000_000, LUONG_DONG_BH: 17_000_000 }),
    );
    const full = computeWorker(plan, inputs);
    expect(full.ok).toBe(true);
    if (!full.ok) return;
    expect(full.net?.exact).toBe(true);
    expect(valueOf(plan, full.values, 'THUC_LINH')).toBe(17_000_000);
    expect(valueOf(plan, full.values, 'LUONG_THEO_CONG')).toBe(full.net?.gross);
    // 20 of 26 days worked: the same gross, paid by the days
    const partial = computeWorker(plan, { ...inputs, CONG_THUC_TE: 20 });
    expect(partial.ok && partial.net?.gross).toBe(full.net?.gross);
    expect(partial.ok && valueOf(plan, partial.values, 'LUONG_THEO_CONG')).toBe(
      Math.round(((full.net?.gross ?? 0) / 26) * 20),
    );
  });

  it('leaves union dues out of the agreed net: the real month deducts them from it', () => {
    const rules = rulesOn(STATUTORY_DATA, MARCH_2026);
    const member = computeWorker(
      plan,
      workerInputs(
        plan,
        worker({ HOP_DONG_NET: 1, LUONG_HOP_DONG: 17_000_000, LUONG_DONG_BH: 17_000_000, DOAN_VIEN: 1 }),
      ),
    );
    expect(member.ok).toBe(true);
    if (!member.ok) return;
    expect(member.net?.gross).toBe(
      grossOfNet(rules, 17_000_000, { region: 'I', dependants: 0, resident: true }),
    );
    const dues = valueOf(plan, member.values, 'DOAN_PHI');
    expect(dues).toBeGreaterThan(0);
    expect(valueOf(plan, member.values, 'THUC_LINH')).toBe(17_000_000 - Number(dues));
  });

  it('reports a net contract the template cannot solve, naming why, and never a half answer', () => {
    const noDays = computeWorker(
      plan,
      workerInputs(plan, worker({ HOP_DONG_NET: 1, LUONG_HOP_DONG: 10_000_000, CONG_CHUAN: 0 })),
    );
    expect(noDays).toMatchObject({ ok: false, error: { code: 'netUnreachable' } });
    if (!noDays.ok) expect(noDays.error.message.vi).toContain('10000000');
  });

  it('reports a failing formula with its component, code and words, the other workers unaffected', () => {
    const broken = planOf(MARCH_2026, [
      {
        code: 'LUONG_NGAY',
        type: 'MONEY',
        formula: 'LUONG_HOP_DONG / CONG_CHUAN',
        name: 'Lương ngày',
        nameEn: 'Daily pay',
        source: 'FORMULA',
        category: 'INFORMATION',
      },
    ]);
    const failed = computeWorker(broken, workerInputs(broken, worker({ CONG_CHUAN: 0 })));
    expect(failed).toMatchObject({ ok: false, error: { component: 'LUONG_NGAY', code: 'divisionByZero' } });
    if (!failed.ok) expect(failed.error.message.vi).toContain('Chia cho 0');
    expect(computeWorker(broken, workerInputs(broken, worker())).ok).toBe(true);
  });

  it('reads a typed INPUT value, and 0 for a numeric input nobody typed', () => {
    const withBonus = planOf(MARCH_2026, [
      {
        code: 'THUONG',
        type: 'MONEY',
        formula: null,
        name: 'Thưởng',
        nameEn: 'Bonus',
        source: 'INPUT',
        category: 'EARNING',
      },
      {
        code: 'THUC_LINH_CO_THUONG',
        type: 'MONEY',
        formula: 'THUC_LINH + THUONG',
        name: 'Thực lĩnh có thưởng',
        nameEn: 'Net with bonus',
        source: 'FORMULA',
        category: 'INFORMATION',
      },
    ]);
    const none = computeWorker(withBonus, workerInputs(withBonus, worker()));
    const typed = computeWorker(withBonus, workerInputs(withBonus, worker(), { THUONG: '1500000' }));
    expect(none.ok && typed.ok).toBe(true);
    if (!none.ok || !typed.ok) return;
    expect(valueOf(withBonus, none.values, 'THUONG')).toBe(0);
    expect(
      Number(valueOf(withBonus, typed.values, 'THUC_LINH_CO_THUONG')) -
        Number(valueOf(withBonus, none.values, 'THUC_LINH_CO_THUONG')),
    ).toBe(1_500_000);
  });

  it('keeps money as whole đồng, numbers to 4 decimals and text as text', () => {
    const outcome = computeWorker(plan, workerInputs(plan, worker({ CONG_THUC_TE: 25.5 })));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const kept = linesOf(plan, { periodMonth: '2026-03-01', runId: 'r', workerId: 'w' }, outcome.values);
    expect(kept.ok).toBe(true);
    if (!kept.ok) return;
    const byCode = new Map(kept.lines.map((line) => [line.componentCode, line]));
    expect(byCode.get('NGAY_HUONG_LUONG')).toMatchObject({ valueType: 'NUMBER', quantity: '25.5' });
    expect(byCode.get('LUONG_THEO_CONG')).toMatchObject({ valueType: 'AMOUNT', amount: 19_615_385 });
    expect(byCode.get('DONG_BAO_HIEM')).toMatchObject({ valueType: 'NUMBER', quantity: '1' });
    expect(kept.lines).toHaveLength(plan.components.length);
    expect(decimalText(1 / 3)).toBe('0.3333');
    expect(decimalText(-0.00001)).toBe('0');
    expect(decimalText(2.00005)).toBe('2.0001');
    expect(shownComputed('MONEY', 1234.5)).toBe(1235);
    expect(shownComputed('TEXT', 'II')).toBe('II');
    const huge = linesOf(
      plan,
      { periodMonth: '2026-03-01', runId: 'r', workerId: 'w' },
      outcome.values.map((value, index) => (index === 0 ? 1e15 : value)),
    );
    expect(huge).toMatchObject({ ok: false, error: { code: 'valueTooLarge' } });
  });
});
