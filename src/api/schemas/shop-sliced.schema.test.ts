import { describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { shopWire } from '../testing/wire-samples'
import { ARTICLE_SLICE, shopResponseSchema, slicedShopResponseSchema } from './shop.schema'

/** A wire answer with `count` articles a0…a{count-1}, as an array or a map by id. */
function withArticles(count: number, form: 'array' | 'map') {
  const list = Array.from({ length: count }, (_, i) => ({ id: `a${i}`, title: `Article ${i}`, price: 100 + i }))
  return { ...shopWire(), articles: form === 'array' ? list : Object.fromEntries(list.map((a) => [a.id, a])) }
}

describe('slicedShopResponseSchema (issue 6: the shop answer validated a slice per task)', () => {
  it('gives exactly what shopResponseSchema gives, articles as an array or a map', async () => {
    const sliced = slicedShopResponseSchema(() => Promise.resolve())
    for (const wire of [shopWire(), withArticles(3 * ARTICLE_SLICE + 5, 'array'), withArticles(3 * ARTICLE_SLICE + 5, 'map')]) {
      expect(await v.parseAsync(sliced, wire)).toEqual(v.parse(shopResponseSchema, wire))
    }
  })

  it('yields once before each slice of articles, and not at all for a shop without articles', async () => {
    const yieldToMain = vi.fn(() => Promise.resolve())
    const sliced = slicedShopResponseSchema(yieldToMain)
    const shop = await v.parseAsync(sliced, withArticles(2 * ARTICLE_SLICE + 1, 'array'))
    expect(Object.keys(shop.articles)).toHaveLength(2 * ARTICLE_SLICE + 1)
    expect(yieldToMain).toHaveBeenCalledTimes(3)
    yieldToMain.mockClear()
    await v.parseAsync(sliced, { ...shopWire(), articles: null })
    expect(yieldToMain).not.toHaveBeenCalled()
  })

  it('reports the first bad article at the same path and with the same message as shopResponseSchema', async () => {
    const sliced = slicedShopResponseSchema(() => Promise.resolve())
    for (const form of ['array', 'map'] as const) {
      const wire = withArticles(3 * ARTICLE_SLICE, form)
      const bad = 2 * ARTICLE_SLICE + 7
      const articles = wire.articles as Record<string, Record<string, unknown>>
      const key = form === 'array' ? String(bad) : `a${bad}`
      articles[key] = { ...articles[key], price: 'free' }
      const whole = v.safeParse(shopResponseSchema, wire)
      const inSlices = await v.safeParseAsync(sliced, wire)
      expect(whole.success).toBe(false)
      expect(inSlices.success).toBe(false)
      expect(v.getDotPath(inSlices.issues![0])).toBe(`articles.${bad}.price`)
      expect(v.getDotPath(inSlices.issues![0])).toBe(v.getDotPath(whole.issues![0]))
      expect(inSlices.issues![0].message).toBe(whole.issues![0].message)
    }
  })

  it('refuses a bad envelope before any article is validated', async () => {
    const yieldToMain = vi.fn(() => Promise.resolve())
    const result = await v.safeParseAsync(slicedShopResponseSchema(yieldToMain), { ...withArticles(10, 'array'), shop: null })
    expect(result.success).toBe(false)
    expect(v.getDotPath(result.issues![0])).toBe('shop')
    expect(yieldToMain).not.toHaveBeenCalled()
  })
})
