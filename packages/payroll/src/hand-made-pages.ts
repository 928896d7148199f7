import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The routes the app draws with pages of its own (no record's generic pages), each its own lazy
 * chunk. The page gets the whole route and every path below it, and reports a path it has no
 * page for (`ReportNotFound` of @hcm/ui). One line each, and the route in PAYROLL_APP
 * (@hcm/contracts micro-apps.ts):
 *
 *   '/pm/pay-period': lazy(() => import('./pay-periods/PayPeriodPages.tsx')),
 *
 * The payroll periods (/pm/pay-period, /pm/detail-payroll: compute, review, trace) come here
 * with their own folder when their pages land.
 */
export const HAND_MADE_PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  // the lookup tables formulas read with LOOKUP(): versions by effective date and their rows
  '/pm/payroll-rules': lazy(() => import('./lookup-tables/LookupTablePages.tsx')),
  // the payroll's parameters by code, each a history of dated values (never edited, a new value added)
  '/pm/default-parameter': lazy(() => import('./default-parameters/DefaultParametersPage.tsx')),
};
