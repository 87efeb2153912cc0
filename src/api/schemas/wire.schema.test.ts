import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { receiptSchema } from './receipt.schema'
import { sessionResponseSchema } from './session.schema'
import { shopResponseSchema } from './shop.schema'
import { integrationUrlResponseSchema } from './bookkeeping.schema'
import { receiptWire, sessionWire, shopWire } from '../testing/wire-samples'

describe('shop answer normalisation (CONTRACT "Wire shapes")', () => {
  it('accepts categories, deviationGroups, paymentMethods and tags as maps by id; items without id (or id null) take the key', () => {
    const wire = shopWire()
    const shop = v.parse(shopResponseSchema, {
      ...wire,
      categories: { c1: { name: 'Drinks', sortedProducts: ['a1'] }, c2: { id: 'c2', name: 'Food' } },
      deviationGroups: { g1: { name: 'Milk', deviationIds: ['d1'] } },
      paymentMethods: { pm1: { type: 'SWISH_TRADE' }, pm2: { type: 'VIVA_WALLET_WEB' } },
      tags: { t1: { id: null, tag: 'Vegan', color: '#00ff00' } },
    })
    expect(shop.categories).toEqual([
      { id: 'c1', name: 'Drinks', sortedProducts: ['a1'] },
      { id: 'c2', name: 'Food', sortedProducts: [] },
    ])
    expect(shop.deviationGroups).toEqual({ g1: { id: 'g1', name: 'Milk', minCount: null, maxCount: null, deviationIds: ['d1'] } })
    expect(shop.paymentMethods.map((m) => [m.id, m.type])).toEqual([
      ['pm1', 'SWISH_TRADE'],
      ['pm2', 'VIVA_WALLET_WEB'],
    ])
    expect(shop.tags).toEqual({ t1: { id: 't1', tag: 'Vegan', color: '#00ff00' } })
  })

  it('accepts articles and deviations as arrays and keys them by id', () => {
    const wire = shopWire()
    const shop = v.parse(shopResponseSchema, {
      ...wire,
      articles: [{ id: 5, title: 'Bun', price: 3000 }],
      deviations: [{ id: 'd1', name: 'Oat milk', price: 500 }],
    })
    expect(Object.keys(shop.articles)).toEqual(['5'])
    expect(shop.articles['5']).toMatchObject({ id: '5', title: 'Bun', price: 3000 })
    expect(shop.deviations).toEqual({ d1: { id: 'd1', name: 'Oat milk', price: 500 } })
  })

  it('keeps the shop open over an odd stock count or group bound: whole units of a fractional count, no limit for one that is not a number', () => {
    const wire = shopWire()
    const shop = v.parse(shopResponseSchema, {
      ...wire,
      articles: [
        { id: 'cheese', title: 'Cheese (kg)', price: 19900, count: 2.5, limitStock: true },
        { id: 'odd', title: 'Odd', price: 100, count: 'many', limitStock: true },
      ],
      deviationGroups: [{ id: 'g1', name: 'Milk', minCount: '1', maxCount: 2, deviationIds: ['d1'] }],
    })
    expect(shop.articles['cheese']).toMatchObject({ count: 2, limitStock: true })
    expect(shop.articles['odd']).toMatchObject({ count: null })
    expect(shop.deviationGroups['g1']).toMatchObject({ minCount: null, maxCount: 2 })
  })

  it('arrays give the same result as maps', () => {
    const wire = shopWire()
    const asArrays = v.parse(shopResponseSchema, wire)
    const asMaps = v.parse(shopResponseSchema, {
      ...wire,
      deviationGroups: Object.fromEntries((wire.deviationGroups as { id: string }[]).map((g) => [g.id, g])),
      tags: Object.fromEntries((wire.tags as { id: string }[]).map((t) => [t.id, t])),
      paymentMethods: Object.fromEntries((wire.paymentMethods as { id: string }[]).map((m) => [m.id, m])),
      categories: Object.fromEntries((wire.categories as { id: string }[]).map((c) => [c.id, c])),
    })
    expect(asMaps).toEqual(asArrays)
  })

  it('applies the article defaults: stock applies unless limitStock is false, not out of stock when absent', () => {
    const shop = v.parse(shopResponseSchema, shopWire())
    expect(shop.articles['a1']).toEqual({
      id: 'a1',
      title: 'Latte',
      description: 'Milk coffee',
      price: 4500,
      image: null,
      tags: ['t1'],
      category: 'c1',
      deviationGroupIds: ['g1'],
      count: 10,
      limitStock: true,
      outOfStock: false,
    })
    expect(shop.articles['a2']).toMatchObject({ limitStock: false, count: null, description: null, deviationGroupIds: [], category: null })
    const noFlag = v.parse(shopResponseSchema, { ...shopWire(), articles: { x: { title: 'X', price: 1 } } })
    expect(noFlag.articles['x']?.limitStock).toBe(true)
  })

  it('defaults missing deviation prices to 0 and leaves out unknown payment method types', () => {
    const shop = v.parse(shopResponseSchema, { ...shopWire(), paymentMethods: [{ id: 'p', type: 'BITCOIN' }, { id: 'q', type: 'STRIPE' }] })
    expect(shop.deviations['d2']?.price).toBe(0)
    expect(shop.paymentMethods).toEqual([{ id: 'q', type: 'STRIPE', stripeAccountId: null }])
  })

  it('shop settings defaults: no customerInputs → null, unknown displayType → SMALL_IMAGE, missing currency → SEK', () => {
    const wire = shopWire()
    const shop = v.parse(shopResponseSchema, {
      ...wire,
      shop: { title: 'T', displayType: 'CAROUSEL' },
      company: { name: 'C' },
    })
    expect(shop.shop).toEqual({
      title: 'T',
      primaryColor: null,
      backgroundColor: null,
      displayType: 'SMALL_IMAGE',
      openHours: null,
      active: true,
      requireReference: false,
      description: null,
      refundPolicy: null,
      customerInputs: null,
    })
    expect(shop.company.currency).toBe('SEK')
    expect(shop.company.street).toBe('')
  })

  it('reads a currency code in any case (ISO 4217 codes are case-insensitive)', () => {
    const wire = shopWire()
    expect(v.parse(shopResponseSchema, { ...wire, company: { ...wire.company, currency: 'eur' } }).company.currency).toBe('EUR')
    expect(v.parse(shopResponseSchema, { ...wire, company: { ...wire.company, currency: 'Sek' } }).company.currency).toBe('SEK')
  })

  it('rejects an unknown currency: amounts would be shown wrong', () => {
    const wire = shopWire()
    expect(v.safeParse(shopResponseSchema, { ...wire, company: { ...wire.company, currency: 'USD' } }).success).toBe(false)
  })

  it("an id '__proto__' stays an own key and does not change the map's prototype", () => {
    const shop = v.parse(shopResponseSchema, { ...shopWire(), deviations: [{ id: '__proto__', name: 'Evil', price: 1 }] })
    expect(Object.getPrototypeOf(shop.deviations)).toBe(Object.prototype)
    expect(Object.keys(shop.deviations)).toEqual(['__proto__'])
  })

  it.each([
    ['"many"', 'many'],
    ['7', 7],
    ['Function', () => 1],
  ])('refuses a collection that is neither an array nor a map, received %s', (received, articles) => {
    const result = v.safeParse(shopResponseSchema, { ...shopWire(), articles })
    if (result.success) throw new Error('must fail')
    expect(v.getDotPath(result.issues[0])).toBe('articles')
    expect(result.issues[0].message).toBe(`Invalid type: Expected (Array | Object) but received ${received}`)
  })

  it('ignores unknown extra fields', () => {
    const shop = v.parse(shopResponseSchema, { ...shopWire(), extra: { nested: true }, shop: { ...shopWire().shop, foo: 1 } })
    expect(shop).not.toHaveProperty('extra')
    expect(shop.shop).not.toHaveProperty('foo')
  })
})

describe('session answer normalisation', () => {
  it('keeps a full session', () => {
    const session = v.parse(sessionResponseSchema, sessionWire())
    expect(session.cart).toEqual([{ id: 'ci1', productId: 'a1', count: 2, deviations: ['d1', 'd1'], description: 'hot' }])
    expect(session.activeTab?.cart[0]?.product).toEqual({ id: 'a1', title: 'Latte', price: 4500 })
    expect(session).toMatchObject({ paymentStatus: 'STARTED', paymentId: 'swish-token', paymentMethodId: 'pm1', orderReference: '4' })
  })

  it('an empty object is an empty session', () => {
    expect(v.parse(sessionResponseSchema, {})).toEqual({
      cart: [],
      tabItems: [],
      activeTab: null,
      paymentStatus: null,
      paymentId: null,
      paymentIntentId: null,
      receiptId: null,
      paymentMethodId: null,
      message: null,
      orderReference: null,
    })
  })

  it("numbers become string ids and '' means none", () => {
    const session = v.parse(sessionResponseSchema, { receiptId: '', paymentId: 77, orderReference: 12, paymentMethodId: 3 })
    expect(session).toMatchObject({ receiptId: null, paymentId: '77', orderReference: '12', paymentMethodId: '3' })
  })

  it('gives a cart line without an id one from its place, the same on every parse', () => {
    const wire = { cart: [{ productId: 'a1', count: 1 }, { id: 'ci9', productId: 'a2', count: 2 }, { id: '', productId: 'a3', count: 3 }] }
    const first = v.parse(sessionResponseSchema, wire)
    expect(first.cart.map((line) => line.id)).toEqual(['line-1', 'ci9', 'line-3'])
    expect(v.parse(sessionResponseSchema, wire).cart).toEqual(first.cart)
    expect(first.cart[0]).toEqual({ id: 'line-1', productId: 'a1', count: 1, deviations: [], description: '' })
  })

  it('drops cart lines and chosen tab items of 0 or fewer units (SPEC §4); the rest keep their place ids', () => {
    const wire = {
      cart: [{ productId: 'a1', count: -3 }, { productId: 'a2', count: 0 }, { productId: 'a3', count: 2 }],
      tabItems: [{ id: 't1', count: 0 }, { id: 't2', count: -1 }, { id: 't3', count: 1 }],
    }
    const session = v.parse(sessionResponseSchema, wire)
    expect(session.cart.map((line) => [line.id, line.count])).toEqual([['line-3', 2]])
    expect(session.tabItems).toEqual([{ id: 't3', count: 1 }])
  })

  it('reads a payment status outside SPEC §4 as none (the shop stays open; a running payment is polled on), and rejects an array', () => {
    expect(v.parse(sessionResponseSchema, { paymentStatus: 'PENDING_SOMETHING', cart: [{ productId: 'a1', count: 1 }] })).toMatchObject({
      paymentStatus: null,
      cart: [{ productId: 'a1', count: 1 }],
    })
    expect(v.parse(sessionResponseSchema, { paymentStatus: 7 }).paymentStatus).toBeNull()
    // Every key may be missing, but an array is not a session (it is not an empty cart).
    expect(v.safeParse(sessionResponseSchema, []).success).toBe(false)
  })
})

describe('receipt answer normalisation', () => {
  it('fills receipt defaults: deviation count 1, sizeOfItem 1, tax 0, AMOUNT discounts', () => {
    const receipt = v.parse(receiptSchema, {
      receiptId: 1042,
      products: [
        { title: 'Bun', count: 1, price: 3000, deviations: [{ name: 'Butter' }], discount: { type: 'FIXED', amount: 500 } },
      ],
      dateCreated: '2024-01-02T03:04:05Z',
    })
    expect(receipt.receiptId).toBe('1042')
    expect(receipt.products[0]).toEqual({
      id: null,
      title: 'Bun',
      count: 1,
      price: 3000,
      description: null,
      deviations: [{ id: null, name: 'Butter', count: 1, price: 0 }],
      sizeOfItem: 1,
      discount: { type: 'AMOUNT', amount: 500 },
      tax: 0,
    })
    expect(receipt.dateCreated).toBe(Date.UTC(2024, 0, 2, 3, 4, 5))
    expect(receipt.paymentMethods).toEqual([])
  })

  it('reads a weighed (1.5) or returned (−1) count; refuses a count that is no finite number', () => {
    const withCount = (count: unknown) => ({ ...receiptWire(), products: [{ title: 'Beans', count, price: 10000 }] })
    expect(v.parse(receiptSchema, withCount(1.5)).products[0]?.count).toBe(1.5)
    expect(v.parse(receiptSchema, withCount(-1)).products[0]?.count).toBe(-1)
    expect(v.safeParse(receiptSchema, withCount(Number.POSITIVE_INFINITY)).success).toBe(false)
    expect(v.safeParse(receiptSchema, withCount('2')).success).toBe(false)
  })

  it('an unparsable or missing date becomes null rather than failing the receipt', () => {
    expect(v.parse(receiptSchema, { ...receiptWire(), dateCreated: 'yesterday' }).dateCreated).toBeNull()
    const { dateCreated: _left, ...withoutDate } = receiptWire()
    expect(v.parse(receiptSchema, withoutDate).dateCreated).toBeNull()
    for (const odd of [true, [], {}, { seconds: 'soon' }, Number.NaN]) {
      expect(v.parse(receiptSchema, { ...receiptWire(), dateCreated: odd }).dateCreated).toBeNull()
    }
  })

  it('reads a creation time in milliseconds, in seconds, or as a Firestore timestamp', () => {
    const at = Date.UTC(2026, 0, 15, 12)
    const read = (dateCreated: unknown) => v.parse(receiptSchema, { ...receiptWire(), dateCreated }).dateCreated
    expect(read(at)).toBe(at)
    // Seconds would be read as January 1970 if taken as milliseconds.
    expect(read(at / 1000)).toBe(at)
    expect(read({ seconds: at / 1000, nanoseconds: 5 })).toBe(at)
    expect(read({ _seconds: at / 1000, _nanoseconds: 0 })).toBe(at)
    // The same numbers sent as text.
    expect(read(String(at))).toBe(at)
    expect(read(` ${at / 1000} `)).toBe(at)
  })

  it('reads an ISO day without a time as that day, and an ISO date before 1973 as milliseconds', () => {
    const read = (dateCreated: unknown) => {
      const r = v.parse(receiptSchema, { ...receiptWire(), dateCreated })
      return [r.dateCreated, r.dateCreatedIsDay]
    }
    expect(read('2026-11-30')).toEqual([Date.UTC(2026, 10, 30), true])
    expect(read(' 2026-11-30 ')[1]).toBe(true)
    expect(read('2026-11-30T10:00:00Z')).toEqual([Date.UTC(2026, 10, 30, 10), false])
    expect(read(Date.UTC(2026, 10, 30))).toEqual([Date.UTC(2026, 10, 30), false])
    // Under 1e11 ms, but a date string is never in seconds.
    expect(read('1970-06-01T12:00:00Z')).toEqual([Date.UTC(1970, 5, 1, 12), false])
    expect(read('2026-13-45')).toEqual([null, false])
  })

  it('rejects a receipt without products', () => {
    const { products: _dropped, ...rest } = receiptWire()
    expect(v.safeParse(receiptSchema, rest).success).toBe(false)
  })
})

describe('integration link answer', () => {
  it('accepts {integrationUrl} or a bare string', () => {
    expect(v.parse(integrationUrlResponseSchema, { integrationUrl: 'https://x' })).toEqual({ integrationUrl: 'https://x' })
    expect(v.parse(integrationUrlResponseSchema, 'https://y')).toEqual({ integrationUrl: 'https://y' })
    expect(v.safeParse(integrationUrlResponseSchema, { url: 'https://x' }).success).toBe(false)
  })
})
