import { describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { shopWire } from '../testing/wire-samples'
import { ARTICLE_SLICE, shopResponseInSlices, shopResponseSchema } from './shop.schema'

/** A wire answer with `count` articles a0…a{count-1}, as an array or a map by id. */
function withArticles(count: number, form: 'array' | 'map') {
  const list = Array.from({ length: count }, (_, i) => ({ id: `a${i}`, title: `Article ${i}`, price: 100 + i }))
  return { ...shopWire(), articles: form === 'array' ? list : Object.fromEntries(list.map((a) => [a.id, a])) }
}

const noWait = () => Promise.resolve()

describe('shopResponseInSlices (the one shop schema, a slice of articles per task)', () => {
  it('gives exactly what shopResponseSchema gives, articles as an array or a map', async () => {
    const parse = shopResponseInSlices(noWait)
    for (const wire of [shopWire(), withArticles(3 * ARTICLE_SLICE + 5, 'array'), withArticles(3 * ARTICLE_SLICE + 5, 'map')]) {
      expect(await parse(wire)).toEqual({ success: true, output: v.parse(shopResponseSchema, wire) })
    }
  })

  it('keeps the one-go order and the later duplicate, numeric keys and a __proto__ id included', async () => {
    const list = Array.from({ length: 2 * ARTICLE_SLICE + 3 }, (_, i) => ({ id: i % 7 === 0 ? String(1000 - i) : `a${i}`, title: `Article ${i}`, price: i }))
    list.push({ id: 'a1', title: 'Article 1, again', price: 9 }, { id: '__proto__', title: 'Proto', price: 1 })
    const asMap = Object.fromEntries(list.map((a) => [a.id, a]))
    for (const wire of [{ ...shopWire(), articles: list }, { ...shopWire(), articles: asMap }]) {
      const inSlices = await shopResponseInSlices(noWait)(wire)
      const whole = v.parse(shopResponseSchema, wire)
      expect(inSlices).toEqual({ success: true, output: whole })
      if (!inSlices.success) throw new Error('must parse')
      expect(Object.keys(inSlices.output.articles)).toEqual(Object.keys(whole.articles))
      expect(Object.getPrototypeOf(inSlices.output.articles)).toBe(Object.prototype)
      expect(inSlices.output.articles['a1']?.title).toBe('Article 1, again')
    }
  })

  it('yields before the first check and before each further slice', async () => {
    const yieldToMain = vi.fn(noWait)
    const parse = shopResponseInSlices(yieldToMain)
    const result = await parse(withArticles(2 * ARTICLE_SLICE + 1, 'array'))
    expect(result.success && Object.keys(result.output.articles)).toHaveLength(2 * ARTICLE_SLICE + 1)
    expect(yieldToMain).toHaveBeenCalledTimes(3)
    yieldToMain.mockClear()
    expect((await parse({ ...shopWire(), articles: null })).success).toBe(true)
    expect(yieldToMain).toHaveBeenCalledTimes(1)
  })

  it('reports the first bad article at the same path and with the same message as shopResponseSchema', async () => {
    const parse = shopResponseInSlices(noWait)
    for (const form of ['array', 'map'] as const) {
      const wire = withArticles(3 * ARTICLE_SLICE, form)
      const bad = 2 * ARTICLE_SLICE + 7
      const articles = wire.articles as Record<string, Record<string, unknown>>
      const key = form === 'array' ? String(bad) : `a${bad}`
      articles[key] = { ...articles[key], price: 'free' }
      const whole = v.safeParse(shopResponseSchema, wire)
      const inSlices = await parse(wire)
      if (whole.success || inSlices.success) throw new Error('a bad price must fail both')
      expect(v.getDotPath(inSlices.issues[0])).toBe(`articles.${bad}.price`)
      expect(inSlices.issues).toEqual(whole.issues)
    }
  })

  it('refuses a bad envelope without checking further slices', async () => {
    const yieldToMain = vi.fn(noWait)
    const result = await shopResponseInSlices(yieldToMain)({ ...withArticles(3 * ARTICLE_SLICE, 'array'), shop: null })
    if (result.success) throw new Error('a shop answer without shop must fail')
    expect(v.getDotPath(result.issues[0])).toBe('shop')
    expect(yieldToMain).toHaveBeenCalledTimes(1)
  })

  it.each([null, 'shop', [], [{ id: 'a' }], { ...shopWire(), articles: 'many' }])('answers %j as the schema does', async (wire) => {
    const whole = v.safeParse(shopResponseSchema, wire)
    expect(await shopResponseInSlices(noWait)(wire)).toEqual(whole.success ? { success: true, output: whole.output } : { success: false, issues: whole.issues })
  })
})
