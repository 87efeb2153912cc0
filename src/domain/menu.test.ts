import { describe, expect, it } from 'vitest'
import { article, shopData } from '@tests/fixtures/shop'
import { articleTags, categoryArticles, firstMenuImages } from './menu'

const withImages = shopData({
  categories: [
    { id: 'coffee', name: 'Coffee', sortedProducts: ['plain', 'latte', 'missing', 'latte', 'mocha'] },
    { id: 'bakery', name: 'Bakery', sortedProducts: ['bun', 'pie'] },
  ],
  articles: {
    plain: article({ id: 'plain' }),
    latte: article({ id: 'latte', image: '/img/latte.jpg' }),
    mocha: article({ id: 'mocha', image: '/img/mocha.jpg' }),
    bun: article({ id: 'bun', image: '/img/bun.jpg' }),
    pie: article({ id: 'pie', image: '/img/pie.jpg' }),
  },
})

describe('categoryArticles (SPEC §2 menu order)', () => {
  it('follows sortedProducts, skipping unknown and repeated ids', () => {
    const coffee = withImages.categories[0]
    if (!coffee) throw new Error('fixture')
    expect(categoryArticles(withImages, coffee).map((a) => a.id)).toEqual(['plain', 'latte', 'mocha'])
  })
})

describe('firstMenuImages (issue 6: the images of the first screen)', () => {
  it('takes the first articles with an image in menu order, across categories', () => {
    expect(firstMenuImages(withImages).map((a) => a.id)).toEqual(['latte', 'mocha', 'bun'])
    expect(firstMenuImages(withImages, 4).map((a) => a.id)).toEqual(['latte', 'mocha', 'bun', 'pie'])
  })

  it('takes none for a NO_IMAGE shop', () => {
    expect(firstMenuImages({ ...withImages, shop: { ...withImages.shop, displayType: 'NO_IMAGE' } })).toEqual([])
  })
})

describe('articleTags (SPEC §3 "Tag")', () => {
  const tags = { vegan: { id: 'vegan', tag: 'Vegan', color: '#2e8b57' }, hot: { id: 'hot', tag: 'Hot', color: null } }

  it("keeps the article's order and leaves out ids the shop has no tag for", () => {
    expect(articleTags({ tags: ['hot', 'gone', 'vegan'] }, tags).map((t) => t.id)).toEqual(['hot', 'vegan'])
  })

  it('finds no tag through an inherited property name', () => {
    expect(articleTags({ tags: ['constructor', '__proto__', 'toString'] }, tags)).toEqual([])
  })
})
