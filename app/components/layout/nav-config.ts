import { href } from 'react-router'

import type { IconName } from '~/components/ui/icons'
import { type Action, can, type Entity, type Role } from '~/utils/permissions'

export type NavItem = {
  /** i18n key */
  title: string
  path: string
  icon: IconName
  /** What the role needs; items it cannot use are hidden. */
  permission?: [Action, Entity]
  /** Shown only to these roles, with the "only admin" caption. */
  roles?: Role[]
  /** Shown only to the site organization's admins (maintenance mode stops every organization: ADR 104). */
  siteOnly?: boolean
  caption?: string
  /** The unread count shown beside the item (app/models/nav-badges.server.ts counts them). */
  badge?: NavBadge
  children?: Array<{ title: string; path: string; permission?: [Action, Entity]; roles?: Role[] }>
}

export type NavSection = { subheader: string; items: NavItem[] }

export const NAV_BADGES = ['mail', 'chat', 'bulletins'] as const
export type NavBadge = (typeof NAV_BADGES)[number]
/** Unread counts per badge, from the dashboard layout's loader. */
export type NavCounts = Record<NavBadge, number>

/** Section and item labels follow the spec's menu labels (general, management, app ...). */
export const NAV: NavSection[] = [
  {
    subheader: 'nav.general',
    items: [
      { title: 'nav.app', path: href('/dashboard/app'), icon: 'dashboard', permission: ['read', 'dashboard'] },
      { title: 'nav.analytics', path: href('/dashboard/analytics'), icon: 'chart', permission: ['read', 'analytics'] },
      // The specification's file dashboard: storage by kind and month, and the papers missing on delivered loads.
      { title: 'nav.fileDashboard', path: href('/dashboard/file'), icon: 'folder', permission: ['read', 'file'] },
    ],
  },
  {
    subheader: 'nav.operations',
    items: [
      {
        title: 'nav.loads',
        path: href('/dashboard/loads'),
        icon: 'package',
        permission: ['read', 'load'],
        roles: ['admin', 'dispatcher', 'accountant', 'mechanic', 'viewer'],
        children: [
          { title: 'nav.list', path: href('/dashboard/loads/list') },
          { title: 'nav.create', path: href('/dashboard/loads/new'), permission: ['create', 'load'] },
        ],
      },
      // Drivers have their own page: their loads, stop buttons and papers.
      { title: 'nav.myLoads', path: href('/dashboard/loads/mine'), icon: 'package', permission: ['update', 'loadStop'], roles: ['driver'] },
      // Drivers have their own loads list, not the organization's board.
      {
        title: 'nav.kanban',
        path: href('/dashboard/kanban'),
        icon: 'board',
        permission: ['read', 'load'],
        roles: ['admin', 'dispatcher', 'accountant', 'mechanic', 'viewer'],
      },
      { title: 'nav.calendar', path: href('/dashboard/calendar'), icon: 'calendar', permission: ['read', 'calendarEvent'] },
      // Quote requests from the public /pricing form: the specification's booking dashboard.
      { title: 'nav.bookings', path: href('/dashboard/booking'), icon: 'inbox', permission: ['read', 'quote'] },
    ],
  },
  {
    subheader: 'nav.messages',
    items: [
      { title: 'nav.mail', path: href('/dashboard/mail'), icon: 'mail', permission: ['read', 'mail'], badge: 'mail' },
      { title: 'nav.chat', path: href('/dashboard/chat'), icon: 'chat', permission: ['read', 'chat'], badge: 'chat' },
      // Driver bulletins (the specification's blog): policy and safety notices, some to acknowledge.
      { title: 'nav.bulletins', path: href('/dashboard/blog'), icon: 'info', permission: ['read', 'post'], badge: 'bulletins' },
    ],
  },
  {
    subheader: 'nav.money',
    items: [
      {
        title: 'nav.invoices',
        path: href('/dashboard/invoice'),
        icon: 'invoice',
        permission: ['read', 'invoice'],
        children: [
          { title: 'nav.list', path: href('/dashboard/invoice/list') },
          { title: 'nav.create', path: href('/dashboard/invoice/new'), permission: ['create', 'invoice'] },
        ],
      },
      { title: 'nav.banking', path: href('/dashboard/banking'), icon: 'bank', permission: ['read', 'banking'] },
      // Driver pay: the office's settlements; drivers read their own under "My pay".
      {
        title: 'nav.settlements',
        path: href('/dashboard/settlements/list'),
        icon: 'invoice',
        permission: ['read', 'settlement'],
        roles: ['admin', 'dispatcher', 'accountant', 'viewer'],
      },
      // Factoring: the agreement with the factor and the schedules of invoices sold to it.
      { title: 'nav.factoring', path: href('/dashboard/factoring'), icon: 'bank', permission: ['read', 'factoring'] },
      // Accounting export: the books' account names and the numbered batches for QuickBooks and Xero.
      { title: 'nav.accounting', path: href('/dashboard/accounting'), icon: 'bank', permission: ['read', 'accounting'] },
      // Fuel tax (IFTA): the quarterly return from trips, fuel and rates.
      {
        title: 'nav.fuelTax',
        path: href('/dashboard/ifta'),
        icon: 'invoice',
        permission: ['read', 'trip'],
        roles: ['admin', 'dispatcher', 'accountant', 'viewer'],
        children: [
          { title: 'nav.iftaReturns', path: href('/dashboard/ifta'), permission: ['read', 'iftaReturn'] },
          { title: 'nav.fuel', path: href('/dashboard/fuel/list'), permission: ['read', 'fuelPurchase'] },
          { title: 'nav.trips', path: href('/dashboard/trips/list') },
        ],
      },
      { title: 'nav.myPay', path: href('/dashboard/pay'), icon: 'bank', permission: ['read', 'settlement'], roles: ['driver'] },
      // The company store: what the office sells or issues, charged to a driver, a truck or the company; drivers buy for themselves.
      {
        title: 'nav.store',
        // Every page under it (shop, list, products) opens the item; its link is the first child's.
        path: href('/dashboard/e-commerce'),
        icon: 'package',
        permission: ['read', 'product'],
        children: [
          { title: 'nav.shop', path: href('/dashboard/e-commerce/shop') },
          { title: 'nav.list', path: href('/dashboard/e-commerce/list') },
          // The organization's sales: not drivers', who read only their own orders.
          {
            title: 'nav.storeDashboard',
            path: href('/dashboard/ecommerce'),
            permission: ['read', 'storeOrder'],
            roles: ['admin', 'dispatcher', 'accountant', 'viewer'],
          },
          { title: 'nav.create', path: href('/dashboard/e-commerce/product/new'), permission: ['create', 'product'] },
        ],
      },
    ],
  },
  {
    subheader: 'nav.management',
    items: [
      {
        title: 'nav.trucks',
        path: href('/dashboard/trucks'),
        icon: 'truck',
        permission: ['read', 'truck'],
        children: [
          { title: 'nav.list', path: href('/dashboard/trucks/list') },
          { title: 'nav.create', path: href('/dashboard/trucks/new'), permission: ['create', 'truck'] },
        ],
      },
      {
        title: 'nav.trailers',
        path: href('/dashboard/trailers'),
        icon: 'trailer',
        permission: ['read', 'trailer'],
        children: [
          { title: 'nav.list', path: href('/dashboard/trailers/list') },
          { title: 'nav.create', path: href('/dashboard/trailers/new'), permission: ['create', 'trailer'] },
        ],
      },
      {
        // Driver vehicle inspection reports (ADR 130): drivers see their own and file one; the office certifies.
        title: 'nav.inspections',
        path: href('/dashboard/inspections'),
        icon: 'clipboard',
        permission: ['read', 'inspection'],
        children: [
          { title: 'nav.list', path: href('/dashboard/inspections') },
          { title: 'nav.create', path: href('/dashboard/inspections/new'), permission: ['create', 'inspection'] },
        ],
      },
      {
        // Work orders (ADR 132): repairs, preventive service and annual inspections, parts from the store.
        title: 'nav.workOrders',
        path: href('/dashboard/work-orders'),
        icon: 'settings',
        permission: ['read', 'workOrder'],
        children: [
          { title: 'nav.list', path: href('/dashboard/work-orders') },
          { title: 'nav.create', path: href('/dashboard/work-orders/new'), permission: ['create', 'workOrder'] },
        ],
      },
      {
        // Claims (ADR 142): cargo damage, shortage, loss or property damage against a load.
        title: 'nav.claims',
        path: href('/dashboard/claims'),
        icon: 'invoice',
        permission: ['read', 'claim'],
        children: [
          { title: 'nav.list', path: href('/dashboard/claims') },
          { title: 'nav.create', path: href('/dashboard/claims/new'), permission: ['create', 'claim'] },
        ],
      },
      {
        // Preventive maintenance schedules (ADR 133): under /dashboard/maintenance, whose own page is maintenance mode.
        title: 'nav.schedules',
        path: href('/dashboard/maintenance/schedules'),
        icon: 'calendar',
        permission: ['read', 'maintenanceSchedule'],
        children: [
          { title: 'nav.list', path: href('/dashboard/maintenance/schedules') },
          { title: 'nav.maintenanceDue', path: href('/dashboard/maintenance/due') },
          { title: 'nav.create', path: href('/dashboard/maintenance/schedules/new'), permission: ['create', 'maintenanceSchedule'] },
        ],
      },
      {
        title: 'nav.brokers',
        path: href('/dashboard/brokers'),
        icon: 'broker',
        permission: ['read', 'broker'],
        children: [
          { title: 'nav.list', path: href('/dashboard/brokers/list') },
          { title: 'nav.create', path: href('/dashboard/brokers/new'), permission: ['create', 'broker'] },
        ],
      },
      {
        // EDI (ADR 147): the brokers' trading partners, the tenders their 204s bring, the message log.
        title: 'nav.edi',
        path: href('/dashboard/edi/tenders'),
        icon: 'broker',
        permission: ['read', 'edi'],
        children: [
          { title: 'nav.ediPartners', path: href('/dashboard/edi/partners') },
          { title: 'nav.ediTenders', path: href('/dashboard/edi/tenders') },
          { title: 'nav.ediMessages', path: href('/dashboard/edi/messages') },
        ],
      },
      {
        title: 'nav.companies',
        path: href('/dashboard/companies'),
        icon: 'building',
        permission: ['read', 'company'],
        children: [
          { title: 'nav.list', path: href('/dashboard/companies/list') },
          { title: 'nav.create', path: href('/dashboard/companies/new'), permission: ['create', 'company'] },
        ],
      },
      {
        title: 'nav.customFields',
        path: href('/dashboard/customfields'),
        icon: 'settings',
        permission: ['update', 'customField'],
        roles: ['admin'],
        caption: 'nav.onlyAdminCanSee',
        children: [
          { title: 'nav.list', path: href('/dashboard/customfields/list') },
          { title: 'nav.create', path: href('/dashboard/customfields/new'), permission: ['create', 'customField'] },
        ],
      },
      {
        title: 'nav.users',
        path: href('/dashboard/user'),
        icon: 'users',
        permission: ['read', 'user'],
        children: [
          { title: 'nav.list', path: href('/dashboard/user/list') },
          { title: 'nav.cards', path: href('/dashboard/user/cards') },
          { title: 'nav.create', path: href('/dashboard/user/new'), permission: ['create', 'user'] },
        ],
      },
      // Every stored file of the organization in one list (the specification's files manager).
      { title: 'nav.files', path: href('/dashboard/files-manager'), icon: 'folder', permission: ['read', 'file'] },
      // The organization's own details: admins edit them, viewers read them.
      { title: 'nav.organization', path: href('/dashboard/organization'), icon: 'mapPin', permission: ['read', 'organization'] },
      // The public site's texts (about, FAQ, services, contact, coming-soon date).
      { title: 'nav.site', path: href('/dashboard/site'), icon: 'building', permission: ['update', 'organization'], roles: ['admin'] },
      // Maintenance mode (what `npm run maintenance` does): the site organization's admins only.
      { title: 'nav.maintenance', path: href('/dashboard/maintenance'), icon: 'settings', roles: ['admin'], siteOnly: true },
    ],
  },
  {
    // Safety and compliance: the drivers' qualification files by kind (ADR 140), the accident register (ADR 141).
    subheader: 'nav.safety',
    items: [
      { title: 'nav.accidents', path: href('/dashboard/accidents'), icon: 'alert', permission: ['read', 'accident'] },
      { title: 'nav.compliance', path: href('/dashboard/compliance'), icon: 'clipboard', permission: ['read', 'compliance'] },
    ],
  },
  {
    subheader: 'nav.other',
    items: [
      { title: 'nav.audit', path: href('/dashboard/audit'), icon: 'history', permission: ['read', 'audit'] },
      // Other systems told what happened (signed HTTP calls): admins only.
      { title: 'nav.webhooks', path: href('/dashboard/webhooks'), icon: 'link', permission: ['read', 'webhook'] },
      {
        title: 'nav.itemByRoles',
        path: href('/dashboard/permission-denied'),
        icon: 'lock',
        roles: ['admin'],
        caption: 'nav.onlyAdminCanSee',
      },
    ],
  },
]

/** The items a role sees; `siteAdmin`: the user is an admin of the site organization (app/models/organization/site.server.ts). */
export function navForRole(role: Role, siteAdmin = false): NavSection[] {
  const allowed = (permission?: [Action, Entity]) => !permission || can(role, permission[0], permission[1])
  return NAV.map((section) => ({
    ...section,
    items: section.items
      .filter((item) => allowed(item.permission) && (!item.roles || item.roles.includes(role)) && (!item.siteOnly || siteAdmin))
      .map((item) => ({ ...item, children: item.children?.filter((child) => allowed(child.permission) && (!child.roles || child.roles.includes(role))) })),
  })).filter((section) => section.items.length > 0)
}

/**
 * Whether the page shown is at `item.path`, or below it unless `end` (as NavLink decides its
 * `aria-current="page"`); a trailing slash on the page's path does not count.
 */
export function isActive(pathname: string, item: { path: string; children?: Array<{ path: string }> }, end = false): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (path === item.path || (!end && path.startsWith(`${item.path}/`))) return true
  // A child outside the item's own path (the Store's sales at /dashboard/ecommerce) opens it too.
  return !end && (item.children ?? []).some((child) => isActive(pathname, child))
}

/** Where an item with children leads when clicked: its first child. */
export function itemHref(item: NavItem) {
  return item.children?.[0]?.path ?? item.path
}
