/** Loads for e2e specs, made through the API in the spec's own organization. */
import type { APIRequestContext } from '@playwright/test'

import { apiTrailer, apiTruck, apiUser, expect, type TestOrganization, uniqueId } from './fixtures'

export function day(offset: number) {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

export async function api(request: APIRequestContext, org: TestOrganization, path: string, data: Record<string, unknown>, expected = 201) {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${org.accessToken}` }, data })
  expect(response.status(), await response.text()).toBe(expected)
  return (await response.json()).data as { id: string; version: number } & Record<string, unknown>
}

/** A broker, truck, trailer and a driver whose license and medical card are valid for years. */
export async function fleet(request: APIRequestContext, org: TestOrganization) {
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics` })
  const truck = await apiTruck(request, org, { unitNumber: uniqueId('T'), status: 'available' })
  const trailer = await apiTrailer(request, org, { unitNumber: uniqueId('TR') })
  const driver = await apiUser(request, org, {
    role: 'driver',
    firstName: 'Dana',
    lastName: 'Wheeler',
    driverProfile: { licenseNumber: 'DL-5521', licenseExpiry: day(700), medicalCardExpiry: day(500) },
  })
  return { broker, truck, trailer, driver }
}

export async function apiLoad(request: APIRequestContext, org: TestOrganization, data: Record<string, unknown>) {
  return (await api(request, org, '/api/loads', {
    linehaulCents: 240_000,
    loadedMiles: 800,
    stops: [
      { type: 'pickup', facilityName: 'Trinity Cold Storage', city: 'Dallas', state: 'TX', windowStart: `${day(10)}T08:00` },
      { type: 'delivery', facilityName: 'Delta Grocers', city: 'Memphis', state: 'TN', windowStart: `${day(11)}T14:00` },
    ],
    ...data,
  })) as { id: string; version: number; loadNumber: string }
}
