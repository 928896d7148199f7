import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The routes the app draws with pages of its own (no record's generic pages), each its own lazy
 * chunk. The page gets the whole route and every path below it, and reports a path it has no
 * page for (`ReportNotFound` of @hcm/ui). One line each, and the route in PAYROLL_APP
 * (@hcm/contracts micro-apps.ts):
 *
 *   '/pm/pay-period': lazy(() => import('./pay-periods/PayPeriodPages.tsx')),
 *
 * Pages over a contract that need more than the generic ones (the approval engine's, a job's
 * progress, a grid) are hand-made too, drawing the kit's pages inside their own.
 */
export const HAND_MADE_PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  // the lookup tables formulas read with LOOKUP(): versions by effective date and their rows
  '/pm/payroll-rules': lazy(() => import('./lookup-tables/LookupTablePages.tsx')),
  // the payroll's parameters by code, each a history of dated values (never edited, a new value added)
  '/pm/default-parameter': lazy(() => import('./default-parameters/DefaultParametersPage.tsx')),
  // the payroll sheets with the approval engine's pages: compute with its progress, lock, the
  // totals and the workers that failed; the detailed table with traces and inputs (docs/payroll-app.md)
  '/pm/pay-period': lazy(() => import('./pay-periods/PayPeriodPages.tsx')),
  '/pm/detail-payroll': lazy(() => import('./pay-periods/DetailPayrollPage.tsx')),
  // the months paid, approved once their sheets are, with their sheets below each
  '/pm/salary-period': lazy(() => import('./salary-periods/SalaryPeriodPages.tsx')),
};
