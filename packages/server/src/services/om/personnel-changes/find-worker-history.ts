import type { AnyResourceContract, Label } from '@hcm/contracts/resource';
import { workerContract } from '@hcm/contracts/workers';
import { laborContractContract } from '@hcm/contracts/labor-contracts';
import {
  benefitContract,
  disciplineContract,
  displacementContract,
  resignationContract,
  rewardContract,
  salaryReviewContract,
  type ApprovalStatus,
  type HistoryKind,
  type WorkerHistoryEntry,
} from '@hcm/contracts/personnel-changes';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';

type Language = 'vi' | 'en';
type Row = Record<string, unknown> & {
  id: string;
  number: string | null;
  effective_date: string;
  approval_status: ApprovalStatus | null;
  applied_at: string | null;
};

interface HistorySource {
  readonly kind: HistoryKind;
  readonly contract: AnyResourceContract;
  /** the kind's rows of one worker, with the columns its summary needs (names joined) */
  readonly rows: (workerId: string) => SQL;
  readonly summary: (row: Row, words: Words) => string;
}

/** How money, coefficients and labels are written in the caller's language. */
class Words {
  constructor(readonly language: Language) {}
  money(value: unknown): string | null {
    if (value == null) return null;
    return new Intl.NumberFormat(this.language === 'vi' ? 'vi-VN' : 'en-US', {
      style: 'currency',
      currency: 'VND',
    }).format(Number(value));
  }
  number(value: unknown): string | null {
    if (value == null) return null;
    return new Intl.NumberFormat(this.language === 'vi' ? 'vi-VN' : 'en-US').format(Number(value));
  }
  label(text: Label): string {
    return text[this.language];
  }
  /** "from → to" when something moved, "to" alone when there was no "from" */
  move(from: string | null, to: string | null): string | null {
    if (to === null) return null;
    return from === null || from === to ? to : `${from} → ${to}`;
  }
}

/** The parts that say something, each once (a reward of type "Giấy khen" in the form "Giấy khen"). */
const join = (...parts: (string | null | undefined | false)[]) =>
  [...new Set(parts.filter((part): part is string => typeof part === 'string' && part.length > 0))].join(
    ' · ',
  );
const text = (value: unknown) => (value == null ? null : String(value));

/** The columns every decision's rows give, from its shared columns (migration 0034). */
const decisionColumns = (alias: string) =>
  sql.raw(`${alias}.id, ${alias}.decision_number as number, ${alias}.effective_date::text as effective_date,
    ${alias}.approval_status, ${alias}.applied_at::text as applied_at, ${alias}.created_at`);

const SOURCES: readonly HistorySource[] = [
  {
    kind: 'contract',
    contract: laborContractContract,
    rows: (workerId) => sql`
      select c.id, c.number, c.effective_date::text as effective_date, c.approval_status,
        null as applied_at, c.created_at, t.name as type_name, c.salary, c.parent_contract_id
      from labor_contracts c join contract_types t on t.id = c.contract_type_id
      where c.worker_id = ${workerId}`,
    summary: (row, w) =>
      join(
        row.parent_contract_id != null && w.label(laborContractContract.fields.parentContractId.label),
        text(row.type_name),
        w.money(row.salary),
      ),
  },
  {
    kind: 'displacement',
    contract: displacementContract,
    rows: (workerId) => sql`
      select ${decisionColumns('d')}, d.assignment_type, fu.name as from_unit, tu.name as to_unit,
        fp.name as from_position, tp.name as to_position, tj.name as to_title
      from displacements d
        join organization_units tu on tu.id = d.to_unit_id
        left join organization_units fu on fu.id = d.from_unit_id
        left join positions fp on fp.id = d.from_position_id
        left join positions tp on tp.id = d.to_position_id
        left join job_titles tj on tj.id = d.to_job_title_id
      where d.worker_id = ${workerId}`,
    summary: (row, w) => {
      const types = displacementContract.fields.assignmentType.valueLabels as Record<string, Label>;
      const type = types[String(row.assignment_type)];
      return join(
        type && w.label(type),
        w.move(text(row.from_unit), text(row.to_unit)),
        w.move(text(row.from_position), text(row.to_position)),
        text(row.to_title),
      );
    },
  },
  {
    kind: 'resignation',
    contract: resignationContract,
    rows: (workerId) => sql`
      select ${decisionColumns('r')}, r.reason, h.full_name as handover_to
      from resignations r left join workers h on h.id = r.handover_worker_id
      where r.worker_id = ${workerId}`,
    summary: (row, w) =>
      join(
        w.label(resignationContract.title),
        text(row.reason),
        row.handover_to != null &&
          `${w.label(resignationContract.fields.handoverWorkerId.label)}: ${String(row.handover_to)}`,
      ),
  },
  {
    kind: 'reward',
    contract: rewardContract,
    rows: (workerId) => sql`
      select ${decisionColumns('r')}, t.name as type_name, r.form, r.amount
      from rewards r join reward_types t on t.id = r.reward_type_id
      where r.worker_id = ${workerId}`,
    summary: (row, w) => join(text(row.type_name), text(row.form), w.money(row.amount)),
  },
  {
    kind: 'discipline',
    contract: disciplineContract,
    rows: (workerId) => sql`
      select ${decisionColumns('d')}, t.name as type_name, d.form, d.amount
      from disciplines d join discipline_types t on t.id = d.discipline_type_id
      where d.worker_id = ${workerId}`,
    summary: (row, w) => join(text(row.type_name), text(row.form), w.money(row.amount)),
  },
  {
    kind: 'benefit',
    contract: benefitContract,
    rows: (workerId) => sql`
      select ${decisionColumns('b')}, b.name, b.amount from benefits b where b.worker_id = ${workerId}`,
    summary: (row, w) => join(text(row.name), w.money(row.amount)),
  },
  {
    kind: 'salaryReview',
    contract: salaryReviewContract,
    rows: (workerId) => sql`
      select ${decisionColumns('s')}, fg.name as from_grade, tg.name as to_grade,
        s.from_coefficient, s.to_coefficient, s.from_salary, s.to_salary
      from salary_reviews s
        left join salary_grades fg on fg.id = s.from_salary_grade_id
        left join salary_grades tg on tg.id = s.to_salary_grade_id
      where s.worker_id = ${workerId}`,
    summary: (row, w) => {
      return join(
        w.move(text(row.from_grade), text(row.to_grade)),
        row.to_coefficient != null &&
          `${w.label(workerContract.fields.salaryCoefficient.label)}: ${w.move(w.number(row.from_coefficient), w.number(row.to_coefficient))}`,
        w.move(w.money(row.from_salary), w.money(row.to_salary)),
      );
    },
  },
];

/**
 * A worker's history (issue 11 item 5): their contracts and decisions of the `kinds` the caller
 * may view, oldest effective first (then oldest written), each with its summary in `language`.
 * The rows are the transaction's tenant's only (row-level security).
 */
export async function findWorkerHistory(
  tx: Tx,
  workerId: string,
  kinds: ReadonlySet<HistoryKind>,
  language: Language,
): Promise<WorkerHistoryEntry[]> {
  const words = new Words(language);
  const entries: (WorkerHistoryEntry & { createdAt: number })[] = [];
  for (const source of SOURCES) {
    if (!kinds.has(source.kind)) continue;
    const result = (await tx.execute(source.rows(workerId))) as unknown as { rows: Row[] };
    for (const row of result.rows)
      entries.push({
        kind: source.kind,
        id: row.id,
        number: row.number,
        effectiveDate: row.effective_date,
        approvalStatus: row.approval_status,
        appliedAt: row.applied_at === null ? null : new Date(row.applied_at).toISOString(),
        summary: source.summary(row, words),
        route: `${source.contract.route}/${encodeURIComponent(row.id)}/detail`,
        createdAt: new Date(String(row.created_at)).getTime(),
      });
  }
  entries.sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate) || a.createdAt - b.createdAt);
  return entries.map(({ createdAt: _createdAt, ...entry }) => entry);
}

/** The permission each kind is viewed with (a kind the caller may not view is left out). */
export const HISTORY_PERMISSIONS: Readonly<Record<HistoryKind, string>> = Object.fromEntries(
  SOURCES.map((source) => [source.kind, `${source.contract.permission}.view`]),
) as Record<HistoryKind, string>;
