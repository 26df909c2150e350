import { useRouteLoaderData } from 'react-router'

/** The dashboard layout's route id: its loader sends the organization's time zone to every page of the office. */
const DASHBOARD_LAYOUT = 'routes/dashboard/layout'

/**
 * The organization's time zone, from the dashboard layout's loader (the signed-in session knows
 * it): every moment a page of the office shows is in it. Outside the dashboard, UTC; public pages
 * choose the visitor's zone themselves and say which.
 */
export function useTimeZone() {
  return (useRouteLoaderData(DASHBOARD_LAYOUT) as { timeZone?: string } | undefined)?.timeZone ?? 'UTC'
}
