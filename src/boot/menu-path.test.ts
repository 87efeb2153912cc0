import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SINGLE_SEGMENT_ROUTES, menuShopId } from './menu-path'

describe('menuShopId (the boot script guess, issue 6)', () => {
  it('reads the shop id of a menu URL', () => {
    expect(menuShopId('/cafe')).toBe('cafe')
    expect(menuShopId('/cafe/')).toBe('cafe')
    expect(menuShopId('/bar.2_x-y')).toBe('bar.2_x-y')
  })

  it('guesses nothing for other pages, invalid ids and single-segment routes', () => {
    for (const path of ['/', '', '/cafe/cart', '/cafe/nope', '/cafe/products/bun', '/company/c/payment/p', '/caf%C3%A9', '/%E0%A4%A', '/a b', `/${'x'.repeat(65)}`]) {
      expect(menuShopId(path), path).toBeNull()
    }
    for (const route of SINGLE_SEGMENT_ROUTES) expect(menuShopId(`/${route}`), route).toBeNull()
  })

  it('knows every single-segment route of the route tree', () => {
    const tree = readFileSync(join(process.cwd(), 'src/routeTree.gen.ts'), 'utf8')
    const routes = new Set([...tree.matchAll(/fullPath: '\/(\w+)'/g)].map((m) => m[1]))
    expect([...routes].sort()).toEqual([...SINGLE_SEGMENT_ROUTES].sort())
  })
})
