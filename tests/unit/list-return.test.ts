import { describe, expect, it } from 'vitest'

import { listReturnTo, withChanged, withReturnTo } from '~/utils/list-return'

describe('listReturnTo', () => {
  it('keeps the truck list with its filters, sort and page', () => {
    expect(listReturnTo('/dashboard/trucks/list?q=T-01&status=maintenance&sort=make&dir=desc&page=3')).toBe(
      '/dashboard/trucks/list?q=T-01&status=maintenance&sort=make&dir=desc&page=3',
    )
    expect(listReturnTo('/dashboard/trucks/list')).toBe('/dashboard/trucks/list')
  })

  it('drops the previous change mark and nested returnTo', () => {
    expect(listReturnTo('/dashboard/trucks/list?q=a&changed=abc&returnTo=%2Fx')).toBe('/dashboard/trucks/list?q=a')
  })

  it.each([
    ['another host', 'https://evil.example/dashboard/trucks/list'],
    ['a protocol-relative URL', '//evil.example/dashboard/trucks/list'],
    ['a tab that browsers drop', '/\t/evil.example/dashboard/trucks/list'],
    ['a backslash', '/dashboard/trucks/list\\..\\..\\evil'],
    ['another page of the app', '/dashboard/users/list'],
    ['a longer path', '/dashboard/trucks/listing'],
    ['a path that climbs out', '/dashboard/trucks/list/../../../auth/logout'],
    ['a NUL byte', '/dashboard/trucks/list?q=\u0000'],
    ['nothing', null],
    ['a number', 42],
  ])('refuses %s and falls back to the plain list', (_, value) => {
    expect(listReturnTo(value)).toBe('/dashboard/trucks/list')
  })

  it('encodes what a header cannot carry', () => {
    expect(listReturnTo('/dashboard/trucks/list?q=xe tải')).toBe('/dashboard/trucks/list?q=xe+t%E1%BA%A3i')
  })
})

describe('withChanged and withReturnTo', () => {
  it('marks the changed row and links back to the list', () => {
    expect(withChanged('/dashboard/trucks/list?q=a', 'id1')).toBe('/dashboard/trucks/list?q=a&changed=id1')
    expect(withReturnTo('/dashboard/trucks/id1/edit', '/dashboard/trucks/list')).toBe('/dashboard/trucks/id1/edit')
    expect(withReturnTo('/dashboard/trucks/id1/edit', '/dashboard/trucks/list?q=a&page=2')).toBe(
      '/dashboard/trucks/id1/edit?returnTo=%2Fdashboard%2Ftrucks%2Flist%3Fq%3Da%26page%3D2',
    )
  })
})

describe('another entity’s list', () => {
  const TRAILERS = '/dashboard/trailers/list'
  it('accepts only that list’s own path, and links back to its plain form without a query', () => {
    expect(listReturnTo('/dashboard/trailers/list?type=reefer&page=2', TRAILERS)).toBe('/dashboard/trailers/list?type=reefer&page=2')
    expect(listReturnTo('/dashboard/trucks/list?q=a', TRAILERS)).toBe(TRAILERS)
    expect(withReturnTo('/dashboard/trailers/id1/edit', listReturnTo(TRAILERS, TRAILERS))).toBe('/dashboard/trailers/id1/edit')
    expect(withReturnTo('/dashboard/trailers/id1/edit', `${TRAILERS}?q=a`)).toBe('/dashboard/trailers/id1/edit?returnTo=%2Fdashboard%2Ftrailers%2Flist%3Fq%3Da')
  })
})
