import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { SINGLE_SEGMENT_ROUTES, menuShopId, sessionQueryGuess } from './menu-path'
import { shopSearchSchema } from '@/api/schemas/route-shop.schema'
import { parseSearch } from '@/search-params'

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

describe('sessionQueryGuess (the boot script guess, issue 6)', () => {
  /** What the app sends: the router's reading of the query, then the route's schema. */
  function appQuery(search: string): string {
    const raw = parseSearch(search)
    const { table, tabId } = v.parse(shopSearchSchema, raw)
    const query = new URLSearchParams(Object.entries({ table, tabId }).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''))
    return query.toString() === '' ? '' : `?${query}`
  }

  it.each(['', '?table=5', '?table=05', '?table=T_5&lang=sv', '?tabId=tab-1&table=12', '?tabId=abc', '?table=-3', '?product=x', '?table=1e3', '?table=true', '?table=null', `?table=${'9'.repeat(20)}`])('guesses %j as the app sends it', (search) => {
    const guess = sessionQueryGuess(search)
    expect(guess).not.toBeNull()
    expect(guess).toBe(appQuery(search))
  })

  it.each(['?table=1&table=2', '?table=1.50', '?table=T%205', '?table=', `?tabId=${'x'.repeat(65)}`])('leaves %j to the app', (search) => {
    expect(sessionQueryGuess(search)).toBeNull()
  })
})
