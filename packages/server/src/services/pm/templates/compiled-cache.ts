import type { Database, Tx } from '../../../db/database.ts';
import { loadCompiledTemplate, type CompiledPayrollTemplate } from './compiled-template.ts';

/** The channel of migration 0073's triggers: a tenant's components or templates changed. */
export const PAYROLL_TEMPLATE_SIGNAL = 'hcm_payroll_templates';

export interface CompiledTemplateCacheOptions {
  /** templates kept at most; the least recently used goes first */
  maxEntries: number;
}

/**
 * The payroll templates this process has checked and compiled, by tenant and template (issue 32
 * item 3: "compile a template once per run"; catalogues §4's cache pattern): a payroll run, its
 * recomputation of one worker and "try it on a worker" take the compiled template from here
 * instead of reading and checking it again.
 *
 * Kept until the tenant's components or templates change: a write to salary_components,
 * payroll_templates or a template's components or payslip raises the signal (migration 0073)
 * with the statement's tenant, and every process forgets that tenant's templates — this one
 * before the writing transaction returns (NOTICE), the others when the NOTIFY arrives after the
 * commit; a statement with no tenant forgets every tenant's. A template read while a signal for
 * its tenant came is not kept, nor one that does not check (the catalogue may yet gain the name
 * it lacks). While the listening connection is lost, nothing is kept or served. The scheme of
 * services/tm/work-shifts/shift-plan-cache.ts.
 */
export class CompiledTemplateCache {
  private readonly kept = new Map<string, CompiledPayrollTemplate>();
  private readonly tenantEpochs = new Map<string, number>();
  private epoch = 0;
  private deaf = true;
  /** templates served from the cache, and compiled (tests, the benchmark) */
  readonly counts = { hits: 0, misses: 0 };

  constructor(private readonly options: CompiledTemplateCacheOptions) {}

  /** Listens for the signal; the cache serves once listening. The function stops it. */
  async watch(database: Pick<Database, 'watchSignal'>): Promise<() => Promise<void>> {
    const stop = await database.watchSignal(PAYROLL_TEMPLATE_SIGNAL, {
      changed: (payload) => this.forget(payload),
      deaf: (deaf) => {
        this.deaf = deaf;
        this.forget(undefined);
      },
    });
    this.deaf = false;
    return async () => {
      this.deaf = true;
      this.forget(undefined);
      await stop();
    };
  }

  /**
   * Template `templateId` of `tenantId` compiled: the kept one, or read, checked and compiled in
   * the caller's transaction (in the tenant's scope). Null when the tenant has no such template.
   */
  async template(tx: Tx, tenantId: string, templateId: string): Promise<CompiledPayrollTemplate | null> {
    const key = `${tenantId}|${templateId}`;
    const kept = this.deaf ? undefined : this.kept.get(key);
    if (kept) {
      // the most recently used last: eviction takes from the front
      this.kept.delete(key);
      this.kept.set(key, kept);
      this.counts.hits++;
      return kept;
    }
    this.counts.misses++;
    const since = this.stamp(tenantId);
    const compiled = await loadCompiledTemplate(tx, tenantId, templateId);
    if (compiled?.compiled && !this.deaf && this.stamp(tenantId) === since) this.keep(key, compiled);
    return compiled;
  }

  /** how many templates are kept (tests) */
  get size(): number {
    return this.kept.size;
  }

  private keep(key: string, template: CompiledPayrollTemplate): void {
    this.kept.set(key, template);
    while (this.kept.size > this.options.maxEntries) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
  }

  private stamp(tenantId: string): string {
    return `${this.epoch}:${this.tenantEpochs.get(tenantId) ?? 0}`;
  }

  /** Forgets a tenant's templates ('' or undefined: every tenant's). */
  private forget(tenantId: string | undefined): void {
    if (!tenantId) {
      this.epoch++;
      this.kept.clear();
      return;
    }
    this.tenantEpochs.set(tenantId, (this.tenantEpochs.get(tenantId) ?? 0) + 1);
    const prefix = `${tenantId}|`;
    for (const key of [...this.kept.keys()]) if (key.startsWith(prefix)) this.kept.delete(key);
  }
}
