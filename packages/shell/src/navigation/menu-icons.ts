import { createElement } from 'react';
import {
  AlertRegular,
  CalendarClockRegular,
  HomeRegular,
  MoneyRegular,
  OrganizationRegular,
  ServerRegular,
  SettingsRegular,
  TargetArrowRegular,
  type FluentIcon,
} from '@hcm/ui';

/**
 * The icon of each first-level node of the menu (groups, and the dashboard entry), shown in the
 * sidebar (alone when it is collapsed) and on the dashboard's quick links. Deeper levels have
 * none: their group's icon already says where they are.
 */
export const MENU_ICONS: Readonly<Record<string, FluentIcon>> = {
  dashboard: HomeRegular,
  organisation: OrganizationRegular,
  assignmentKpi: TargetArrowRegular,
  timekeeping: CalendarClockRegular,
  salary: MoneyRegular,
  admin: SettingsRegular,
  system: ServerRegular,
  notifications: AlertRegular,
};

/** A group added to the menu before its icon is chosen still gets one. */
export const menuIconOf = (key: string): FluentIcon => MENU_ICONS[key] ?? SettingsRegular;

/** The icon of a first-level menu node, as decoration (its label is always said beside or for it). */
export function MenuIcon({ menuKey, className }: { menuKey: string; className?: string }) {
  return createElement(menuIconOf(menuKey), { className, 'aria-hidden': true });
}
