/**
 * The maintenance card of a truck's or trailer's page (ADR 132): whether the unit is out of service
 * and why, in the reader's language, and its latest work orders; null for a role that reads no
 * work orders.
 */
import type { RouterContextProvider } from 'react-router'

import { getInstance } from '~/middleware/i18next'
import { unitMaintenance } from '~/models/maintenance/work-order.server'
import { organizationTimeZone, organizationToday } from '~/models/organization/organization.server'
import type { SessionUser } from '~/models/users/auth.server'
import type { UnitKind } from '~/policies/unit-service'
import { can } from '~/utils/permissions'

export async function unitMaintenanceCard(
  user: SessionUser,
  context: Readonly<RouterContextProvider>,
  kind: UnitKind,
  unit: { id: string; unitNumber: string; inspectionDue: Date | null },
) {
  if (!can(user.role, 'read', 'workOrder')) return null
  const [today, timeZone] = await Promise.all([organizationToday(user.organizationId), organizationTimeZone(user.organizationId)])
  const { notice, orders } = await unitMaintenance(user.organizationId, kind, unit, today)
  const { t } = getInstance(context)
  return { outOfService: notice ? t(notice.key, notice.params) : null, orders, canOpen: can(user.role, 'create', 'workOrder'), timeZone }
}
