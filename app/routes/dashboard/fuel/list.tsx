import { href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { useTranslation } from '~/hooks/use-translation'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/list'

/** A stand-in for the fuel purchase list (built beside the import, replaced when both meet): the import's "back to the list" lands here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'read', 'fuelPurchase')
  return null
}

export default function FuelPurchaseList() {
  const { t } = useTranslation()
  return <PageHeader title={t('nav.fuelTax')} crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.fuelTax') }]} />
}
