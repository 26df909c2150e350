import type { IconName } from '~/components/ui/icons'
import { can, type Action, type Entity, type Role } from '~/utils/permissions'

export type NavItem = {
  /** i18n key */
  title: string
  path: string
  icon: IconName
  /** What the role needs; items it cannot use are hidden. */
  permission?: [Action, Entity]
  /** Shown only to these roles, with the "only admin" caption. */
  roles?: Role[]
  caption?: string
  children?: Array<{ title: string; path: string; permission?: [Action, Entity] }>
}

export type NavSection = { subheader: string; items: NavItem[] }

/** Section and item labels follow the spec's menu labels (general, management, app ...). */
export const NAV: NavSection[] = [
  {
    subheader: 'nav.general',
    items: [
      { title: 'nav.app', path: '/dashboard/app', icon: 'dashboard', permission: ['read', 'dashboard'] },
      { title: 'nav.analytics', path: '/dashboard/analytics', icon: 'chart', permission: ['read', 'analytics'] },
    ],
  },
  {
    subheader: 'nav.operations',
    items: [
      {
        title: 'nav.loads',
        path: '/dashboard/loads',
        icon: 'package',
        permission: ['read', 'load'],
        roles: ['admin', 'dispatcher', 'accountant', 'viewer'],
        children: [
          { title: 'nav.list', path: '/dashboard/loads/list' },
          { title: 'nav.create', path: '/dashboard/loads/new', permission: ['create', 'load'] },
        ],
      },
      // Drivers have their own page: their loads, stop buttons and papers.
      { title: 'nav.myLoads', path: '/dashboard/loads/mine', icon: 'package', permission: ['update', 'loadStop'], roles: ['driver'] },
      // Drivers have their own loads list, not the organization's board.
      {
        title: 'nav.kanban',
        path: '/dashboard/kanban',
        icon: 'board',
        permission: ['read', 'load'],
        roles: ['admin', 'dispatcher', 'accountant', 'viewer'],
      },
      { title: 'nav.calendar', path: '/dashboard/calendar', icon: 'calendar', permission: ['read', 'calendarEvent'] },
    ],
  },
  {
    subheader: 'nav.money',
    items: [
      {
        title: 'nav.invoices',
        path: '/dashboard/invoice',
        icon: 'invoice',
        permission: ['read', 'invoice'],
        children: [
          { title: 'nav.list', path: '/dashboard/invoice/list' },
          { title: 'nav.create', path: '/dashboard/invoice/new', permission: ['create', 'invoice'] },
        ],
      },
      { title: 'nav.banking', path: '/dashboard/banking', icon: 'bank', permission: ['read', 'banking'] },
    ],
  },
  {
    subheader: 'nav.management',
    items: [
      {
        title: 'nav.trucks',
        path: '/dashboard/trucks',
        icon: 'truck',
        permission: ['read', 'truck'],
        children: [
          { title: 'nav.list', path: '/dashboard/trucks/list' },
          { title: 'nav.create', path: '/dashboard/trucks/new', permission: ['create', 'truck'] },
        ],
      },
      {
        title: 'nav.trailers',
        path: '/dashboard/trailers',
        icon: 'trailer',
        permission: ['read', 'trailer'],
        children: [
          { title: 'nav.list', path: '/dashboard/trailers/list' },
          { title: 'nav.create', path: '/dashboard/trailers/new', permission: ['create', 'trailer'] },
        ],
      },
      {
        title: 'nav.brokers',
        path: '/dashboard/brokers',
        icon: 'broker',
        permission: ['read', 'broker'],
        children: [
          { title: 'nav.list', path: '/dashboard/brokers/list' },
          { title: 'nav.create', path: '/dashboard/brokers/new', permission: ['create', 'broker'] },
        ],
      },
      {
        title: 'nav.companies',
        path: '/dashboard/companies',
        icon: 'building',
        permission: ['read', 'company'],
        children: [
          { title: 'nav.list', path: '/dashboard/companies/list' },
          { title: 'nav.create', path: '/dashboard/companies/new', permission: ['create', 'company'] },
        ],
      },
      {
        title: 'nav.customFields',
        path: '/dashboard/customfields',
        icon: 'settings',
        permission: ['update', 'customField'],
        roles: ['admin'],
        caption: 'nav.onlyAdminCanSee',
        children: [
          { title: 'nav.list', path: '/dashboard/customfields/list' },
          { title: 'nav.create', path: '/dashboard/customfields/new', permission: ['create', 'customField'] },
        ],
      },
      {
        title: 'nav.users',
        path: '/dashboard/user',
        icon: 'users',
        permission: ['read', 'user'],
        children: [
          { title: 'nav.list', path: '/dashboard/user/list' },
          { title: 'nav.cards', path: '/dashboard/user/cards' },
          { title: 'nav.create', path: '/dashboard/user/new', permission: ['create', 'user'] },
        ],
      },
      // The organization's own details: admins edit them, viewers read them.
      { title: 'nav.organization', path: '/dashboard/organization', icon: 'mapPin', permission: ['read', 'organization'] },
    ],
  },
  {
    subheader: 'nav.other',
    items: [
      { title: 'nav.audit', path: '/dashboard/audit', icon: 'history', permission: ['read', 'audit'] },
      {
        title: 'nav.itemByRoles',
        path: '/dashboard/permission-denied',
        icon: 'lock',
        roles: ['admin'],
        caption: 'nav.onlyAdminCanSee',
      },
    ],
  },
]

export function navForRole(role: Role): NavSection[] {
  const allowed = (permission?: [Action, Entity]) => !permission || can(role, permission[0], permission[1])
  return NAV.map((section) => ({
    ...section,
    items: section.items
      .filter((item) => allowed(item.permission) && (!item.roles || item.roles.includes(role)))
      .map((item) => ({ ...item, children: item.children?.filter((child) => allowed(child.permission)) })),
  })).filter((section) => section.items.length > 0)
}

/**
 * Whether the page shown is at `item.path`, or below it unless `end` (as NavLink decides its
 * `aria-current="page"`); a trailing slash on the page's path does not count.
 */
export function isActive(pathname: string, item: { path: string }, end = false) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return path === item.path || (!end && path.startsWith(`${item.path}/`))
}

/** Where an item with children leads when clicked: its first child. */
export function itemHref(item: NavItem) {
  return item.children?.[0]?.path ?? item.path
}
