import type { Tone } from '~/components/ui/badge'
import type { TruckStatus } from '~/schemas/truck-options'

export const TRUCK_STATUS_TONE: Record<TruckStatus, Tone> = {
  available: 'success',
  dispatched: 'info',
  maintenance: 'warning',
  out_of_service: 'error',
  inactive: 'default',
}
