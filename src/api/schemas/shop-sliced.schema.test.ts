import { describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { shopWire } from '../testing/wire-samples'
import { ARTICLE_SLICE, shopResponseSchema, slicedShopParser } from './shop.schema'

/** A wire answer with `count` articles a0…a{count-1}, as an array or a map by id. */
function withArticles(count: number, form: 'array' | 'map') {
  const list = Array.from({ length: count }, (_, i) => ({ id: `a${i}`, title: `Article ${i}`, price: 100 + i }))
  return { ...shopWire(), articles: form === 'array' ? list : Object.fromEntries(list.map((a) => [a.id, a])) }
}

const noWait = () => Promise.resolve()

describe('slicedShopParser (issue 6: the shop answer checked a slice of articles per task)', () => {
  it('gives exactly what shopResponseSchema gives, articles as an array or a map', async () => {
    const parse = slicedShopParser(noWait)
    for (const wire of [shopWire(), withArticles(3 * ARTICLE_SLICE + 5, 'array'), withArticles(3 * ARTICLE_SLICE + 5, 'map')]) {
      expect(await parse(wire)).toEqual({ success: true, output: v.parse(shopResponseSchema, wire) })
    }
  })

  it('yields once before each slice of articles, and not at all for a shop without articles', async () => {
    const yieldToMain = vi.fn(noWait)
    const parse = slicedShopParser(yieldToMain)
    const result = await parse(withArticles(2 * ARTICLE_SLICE + 1, 'array'))
    expect(result.success && Object.keys(result.output.articles)).toHaveLength(2 * ARTICLE_SLICE + 1)
    expect(yieldToMain).toHaveBeenCalledTimes(3)
    yieldToMain.mockClear()
    expect((await parse({ ...shopWire(), articles: null })).success).toBe(true)
    expect(yieldToMain).not.toHaveBeenCalled()
  })

  it('reports the first bad article at the same path and with the same message as shopResponseSchema', async () => {
    const parse = slicedShopParser(noWait)
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
      expect(v.getDotPath(inSlices.issues[0])).toBe(v.getDotPath(whole.issues[0]))
      expect(inSlices.issues[0].message).toBe(whole.issues[0].message)
    }
  })

  it('refuses a bad envelope before any article is checked', async () => {
    const yieldToMain = vi.fn(noWait)
    const result = await slicedShopParser(yieldToMain)({ ...withArticles(10, 'array'), shop: null })
    if (result.success) throw new Error('a shop answer without shop must fail')
    expect(v.getDotPath(result.issues[0])).toBe('shop')
    expect(yieldToMain).not.toHaveBeenCalled()
  })
})
