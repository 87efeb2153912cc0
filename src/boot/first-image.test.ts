import { afterEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import * as v from 'valibot'
import { shopResponseSchema } from '@/api/schemas/shop.schema'
import { shopWire } from '@/api/testing/wire-samples'
import { firstMenuImages } from '@/domain/menu'
import { firstImageOfWire, preloadImage } from './first-image'

const template = shopWire()
const articleTemplate = Object.values(template.articles ?? {})[0] as Record<string, unknown>
const IDS = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']

/** A shop answer in any of the wire forms the schema accepts (and some it does not). */
const wireArb = fc
  .record({
    displayType: fc.constantFrom<string | undefined>('NO_IMAGE', 'SMALL_IMAGE', 'LARGE_IMAGE', 'ODD', undefined),
    images: fc.array(fc.constantFrom<string | null>(null, '', 'https://cdn.example/a.png', '/sandbox/img/b.png', 'https://cdn.example/a.png'), { minLength: 6, maxLength: 6 }),
    numericIds: fc.boolean(),
    articlesAsList: fc.boolean(),
    articleIdsOmitted: fc.boolean(),
    categories: fc.array(fc.array(fc.constantFrom(...IDS, 'missing'), { maxLength: 5 }), { maxLength: 4 }),
    categoriesAsMap: fc.boolean(),
  })
  .map((w) => {
    const idOf = (i: number) => (w.numericIds ? i + 1 : IDS[i]!)
    const articles = IDS.map((_, i) => ({ ...articleTemplate, id: idOf(i), image: w.images[i] ?? null }))
    const categories = w.categories.map((products, i) => ({ id: `c${i}`, name: `Category ${i}`, sortedProducts: products.map((id) => (w.numericIds && id !== 'missing' ? IDS.indexOf(id) + 1 : id)) }))
    return {
      ...template,
      shop: { ...template.shop, displayType: w.displayType },
      articles: w.articlesAsList
        ? articles
        : Object.fromEntries(articles.map((a) => [String(a.id), w.articleIdsOmitted ? { ...a, id: undefined } : a])),
      categories: w.categoriesAsMap ? Object.fromEntries(categories.map((c) => [c.id, { ...c, id: undefined }])) : categories,
    }
  })

describe('firstImageOfWire (issue 6: the boot script preloads the image the menu shows first)', () => {
  it('names the same image as the app does after parsing the answer', () => {
    let parsedCount = 0
    fc.assert(
      fc.property(wireArb, (wire) => {
        const parsed = v.safeParse(shopResponseSchema, wire)
        if (!parsed.success) return
        parsedCount++
        expect(firstImageOfWire(wire)).toBe(firstMenuImages(parsed.output)[0]?.image ?? null)
      }),
      { numRuns: 300 },
    )
    expect(parsedCount).toBeGreaterThan(100)
  })

  it('skips articles without an image or without an article', () => {
    const wire = {
      ...template,
      shop: { ...template.shop, displayType: 'SMALL_IMAGE' },
      categories: [{ id: 'c1', name: 'Drinks', sortedProducts: ['x', 'a1', 'a2', 'a3'] }],
      articles: Object.fromEntries(['a1', 'a2', 'a3'].map((id) => [id, { ...articleTemplate, id, image: id === 'a1' ? '' : `https://cdn.example/${id}.png` }])),
    }
    expect(firstImageOfWire(wire)).toBe('https://cdn.example/a2.png')
  })

  it.each([null, undefined, 42, 'shop', [], {}, { shop: null }, { shop: {}, categories: 'x', articles: 7 }, { shop: {}, categories: [null, 1], articles: { a: null } }])(
    'answers null for %j',
    (wire) => {
      expect(firstImageOfWire(wire)).toBeNull()
    },
  )
})

const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => link.getAttribute('href'))

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove()
})

describe('preloadImage (issue 6: the first image before the menu renders)', () => {
  it('adds one high-priority image preload, resolved against the page', () => {
    preloadImage('/sandbox/img/a.svg')
    expect(preloads()).toEqual([new URL('/sandbox/img/a.svg', document.baseURI).href])
    expect(document.head.querySelector('link[rel="preload"]')?.getAttribute('fetchpriority')).toBe('high')
  })

  it.each([null, 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'http://[bad'])('skips %j', (url) => {
    preloadImage(url)
    expect(preloads()).toEqual([])
  })
})
