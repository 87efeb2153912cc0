import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { CartItem, DisplayType, ShopData } from '@/domain/types'
import type { CartSummary } from '@/views/shop/cart-summary'
import { article, shopData } from '@tests/fixtures/shop'
import { renderInShop } from '@/views/shop/shop-view.samples'
import { MenuView, menuSections, stockMarkerKeys } from './menu.view'

function menuShop(displayType: DisplayType): ShopData {
  const base = shopData()
  return shopData({
    shop: { ...base.shop, displayType, description: 'Fresh every morning.\nOrder at the counter.' },
    categories: [
      { id: 'drinks', name: 'Drinks', sortedProducts: ['tea', 'missing', 'cappuccino'] },
      { id: 'bakery', name: 'Bakery', sortedProducts: ['pie', 'bun', 'roll', 'cake'] },
    ],
    articles: {
      ...base.articles,
      tea: article({ id: 'tea', title: 'Green tea', price: 2500, image: 'https://img.example/tea.jpg', tags: ['vegan', 'unknown'], description: 'Sencha.' }),
      cappuccino: article({ id: 'cappuccino', title: 'Cappuccino', price: 4500, image: 'https://img.example/cap.jpg' }),
      roll: article({ id: 'roll', title: 'Roll', image: 'https://img.example/roll.jpg' }),
      cake: article({ id: 'cake', title: 'Cake', image: 'https://img.example/cake.jpg' }),
      bun: article({ id: 'bun', title: 'Cinnamon bun', price: 3000, count: 2, limitStock: true, image: 'https://img.example/bun.jpg' }),
    },
    tags: { vegan: { id: 'vegan', tag: 'Vegan', color: '#1b5e20' } },
  })
}

const summary: CartSummary = { count: 2, total: 9000, tabCount: 0, tabTotal: 0, currency: 'SEK' }

async function renderMenu(data: ShopData, cart: CartItem[] = [], onSelectProduct = vi.fn()) {
  await renderInShop(<MenuView shopId="cafe" shopData={data} cart={cart} cartSummary={summary} onSelectProduct={onSelectProduct} />)
  await screen.findByRole('navigation', { name: 'Categories' })
  return onSelectProduct
}

describe('MenuView (SPEC §2 "Menu page")', () => {
  it('shows the categories in order, each an h2 with an anchor in the sticky bar, products in sorted order', async () => {
    await renderMenu(menuShop('SMALL_IMAGE'))
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Drinks', 'Bakery'])
    const nav = screen.getByRole('navigation', { name: 'Categories' })
    const anchors = within(nav).getAllByRole('link')
    expect(anchors.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Drinks', '#category-drinks'],
      ['Bakery', '#category-bakery'],
    ])
    expect(document.getElementById('category-bakery')).toHaveTextContent('Bakery')
    const drinks = screen.getByRole('region', { name: 'Drinks' })
    // 'missing' has no article and is skipped.
    expect(within(drinks).getAllByRole('button').map((b) => b.textContent)).toEqual(['Green tea', 'Cappuccino'])
    const bakery = screen.getByRole('region', { name: 'Bakery' })
    expect(within(bakery).getAllByRole('button').map((b) => b.textContent)).toEqual(['Blueberry pie', 'Cinnamon bun', 'Roll', 'Cake'])
    expect(screen.getByText(/Fresh every morning\.\s+Order at the counter\./)).toBeInTheDocument()
  })

  it('SMALL_IMAGE: buttons named by the title with price, tags, description and a 150px image; later images lazy', async () => {
    const onSelect = await renderMenu(menuShop('SMALL_IMAGE'))
    const tea = screen.getByRole('button', { name: 'Green tea' })
    expect(tea).toHaveAccessibleDescription(/25,00\skr/)
    expect(tea).toHaveAccessibleDescription(/Vegan/)
    expect(tea).toHaveAccessibleDescription(/Sencha\./)
    expect(within(cardOf(tea)).getByText('Vegan')).toHaveStyle({ backgroundColor: '#1b5e20' })
    const img = within(cardOf(tea)).getByRole('img', { name: 'Green tea' })
    expect(img).toHaveAttribute('width', '150')
    expect(img).toHaveAttribute('height', '150')
    expect(img).toHaveAttribute('loading', 'eager')
    // The fifth image on the page loads lazily.
    expect(within(cardOf(screen.getByRole('button', { name: 'Cake' }))).getByRole('img')).toHaveAttribute('loading', 'lazy')
    await userEvent.setup().click(tea)
    expect(onSelect).toHaveBeenCalledWith('tea')
  })

  it('loads the first image at high priority and names it for Element Timing, the rest of the first screen at low priority, the others lazily (issue 6)', async () => {
    await renderMenu(menuShop('SMALL_IMAGE'))
    const images = screen.getAllByRole('img')
    expect(images.length).toBeGreaterThan(3)
    expect(images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority'), img.getAttribute('elementtiming')])).toEqual([
      ['eager', 'high', 'menu-first-image'],
      ['eager', 'low', null],
      ['eager', 'low', null],
      ...images.slice(3).map(() => ['lazy', null, null]),
    ])
  })

  it('says when there is nothing to order: no category, or only empty ones (each still a heading)', async () => {
    await renderInShop(<MenuView shopId="cafe" shopData={shopData({ categories: [] })} cart={[]} cartSummary={summary} onSelectProduct={vi.fn()} />)
    expect(await screen.findByText('There is nothing on the menu right now.')).toBeInTheDocument()
    cleanup()
    await renderMenu(shopData({ categories: [{ id: 'soon', name: 'Soon', sortedProducts: ['gone'] }] }))
    expect(screen.getByRole('heading', { level: 2, name: 'Soon' })).toBeInTheDocument()
    expect(screen.getByText('There is nothing on the menu right now.')).toBeInTheDocument()
    cleanup()
    await renderMenu(menuShop('NO_IMAGE'))
    expect(screen.queryByText('There is nothing on the menu right now.')).toBeNull()
  })

  it('NO_IMAGE: compact buttons without images', async () => {
    await renderMenu(menuShop('NO_IMAGE'))
    expect(screen.getByRole('button', { name: 'Cappuccino' })).toBeInTheDocument()
    expect(screen.queryAllByRole('img')).toHaveLength(0)
  })

  it('LARGE_IMAGE: links to the product page with a square image', async () => {
    await renderMenu(menuShop('LARGE_IMAGE'))
    expect(screen.queryByRole('button', { name: 'Cappuccino' })).toBeNull()
    const link = screen.getByRole('link', { name: 'Cappuccino' })
    expect(link).toHaveAttribute('href', '/cafe/products/cappuccino')
    const img = within(cardOf(link)).getByRole('img', { name: 'Cappuccino' })
    expect(img).toHaveAttribute('width', '400')
    expect(img).toHaveAttribute('height', '400')
  })

  it('marks the platform out-of-stock flag and leaves articles with stock left unmarked', async () => {
    const cart: CartItem[] = [{ id: 'l1', productId: 'bun', count: 1, deviations: [], description: '' }]
    const data = menuShop('SMALL_IMAGE')
    await renderMenu(data, cart)
    expect(within(cardOf(screen.getByRole('button', { name: 'Blueberry pie' }))).getByText('Out of stock')).toBeInTheDocument()
    expect(within(cardOf(screen.getByRole('button', { name: 'Cinnamon bun' }))).queryByText('Out of stock')).toBeNull()
    expect(within(cardOf(screen.getByRole('button', { name: 'Cappuccino' }))).queryByText('Out of stock')).toBeNull()
  })

  it('marks a limited article out of stock once the cart holds all of it', async () => {
    const cart: CartItem[] = [{ id: 'l1', productId: 'bun', count: 2, deviations: [], description: '' }]
    await renderMenu(menuShop('NO_IMAGE'), cart)
    expect(screen.getByRole('button', { name: 'Cinnamon bun' })).toHaveAccessibleDescription(/Out of stock/)
  })
})

describe('stockMarkerKeys (SPEC §5 stock markers, per section)', () => {
  const sections = menuSections(menuShop('SMALL_IMAGE'))
  const line = (productId: string, count: number): CartItem => ({ id: `l-${productId}`, productId, count, deviations: [], description: '' })

  it('lists, per section, the articles shown out of stock', () => {
    // Blueberry pie carries the platform's flag; the bun (2 in stock) runs out with 2 in the cart.
    expect(stockMarkerKeys(sections, [])).toEqual(['', 'pie'])
    expect(stockMarkerKeys(sections, [line('bun', 2)])).toEqual(['', 'pie\u0000bun'])
  })

  it('keeps a section key when a cart change leaves its markers as they were', () => {
    const before = stockMarkerKeys(sections, [line('bun', 1)])
    const after = stockMarkerKeys(sections, [line('bun', 1), line('tea', 3)])
    expect(after).toEqual(before)
  })
})

describe('MenuView: the sticky category bar (SPEC §2 "Menu page")', () => {
  /**
   * The IntersectionObservers the menu starts (the bar's, and the one that watches sections
   * come near), driven by the test as the browser would be; `observed` is the bar's.
   */
  let observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = []
  let observed: { callback: IntersectionObserverCallback; target: Element | null } | null = null
  class FakeObserver {
    private readonly record: { callback: IntersectionObserverCallback; targets: Element[] }
    constructor(callback: IntersectionObserverCallback, readonly options: IntersectionObserverInit) {
      this.record = { callback, targets: [] }
      observers.push(this.record)
    }
    observe(target: Element) {
      this.record.targets.push(target)
      if (target.tagName === 'NAV') observed = { callback: this.record.callback, target }
    }
    unobserve(target: Element) {
      this.record.targets = this.record.targets.filter((t) => t !== target)
    }
    disconnect() {}
  }
  afterEach(() => {
    vi.unstubAllGlobals()
    observed = null
    observers = []
  })

  /** Reports the bar as the browser does: cut by the 1px inset at the top edge when stuck. */
  function scrolled(stuck: boolean) {
    const entry = { intersectionRatio: stuck ? 0.98 : 1, boundingClientRect: { top: stuck ? 0 : 180 } } as IntersectionObserverEntry
    act(() => observed?.callback([entry], {} as IntersectionObserver))
  }

  it('shows the cart summary link with the header\'s numbers only while stuck', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    await renderMenu(menuShop('SMALL_IMAGE'))
    const nav = screen.getByRole('navigation', { name: 'Categories' })
    expect(observed?.target).toBe(nav)
    expect(within(nav).queryByRole('link', { name: /Cart/ })).toBeNull()

    scrolled(true)
    const cart = within(nav).getByRole('link', { name: /Cart/ })
    expect(cart).toHaveAccessibleName(/^Cart,\s?2 items,\s?90,00\skr$/)
    expect(cart).toHaveAttribute('href', '/cafe/cart')

    scrolled(false)
    expect(within(nav).queryByRole('link', { name: /Cart/ })).toBeNull()
  })
})

describe('menuSections', () => {
  it('keeps every category, skips unknown and repeated ids, and is safe for odd ids', () => {
    const data = shopData({
      categories: [
        { id: 'a b', name: 'A', sortedProducts: ['bun', 'constructor', 'bun', 'pie'] },
        { id: 'empty', name: 'Empty', sortedProducts: [] },
      ],
    })
    const sections = menuSections(data)
    expect(sections.map((s) => [s.anchor, s.articles.map((a) => a.id)])).toEqual([
      ['category-a_b', ['bun', 'pie']],
      ['category-empty', []],
    ])
  })
})

/** The card around a product's button or link. */
function cardOf(el: HTMLElement): HTMLElement {
  const card = el.closest('li')
  if (!card) throw new Error('not in a card')
  return card
}

describe('MenuView: images of sections far from the screen', () => {
  const sections: { callback: IntersectionObserverCallback; targets: Element[] }[] = []
  class FakeObserver {
    private readonly record: { callback: IntersectionObserverCallback; targets: Element[] }
    constructor(callback: IntersectionObserverCallback) {
      this.record = { callback, targets: [] }
      sections.push(this.record)
    }
    observe(target: Element) {
      this.record.targets.push(target)
    }
    unobserve(target: Element) {
      this.record.targets = this.record.targets.filter((t) => t !== target)
    }
    disconnect() {}
  }
  afterEach(() => {
    vi.unstubAllGlobals()
    sections.length = 0
  })

  it('shows a box of the image size until the section comes near, then the lazy image', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    await renderMenu(menuShop('SMALL_IMAGE'))
    const bakery = screen.getByRole('region', { name: 'Bakery' })
    const watcher = sections.find((s) => s.targets.includes(bakery))
    if (!watcher) throw new Error('the Bakery section is not watched')
    // The first screen's images are there at once; Cake (lazy, in a far section) is not yet.
    expect(within(cardOf(screen.getByRole('button', { name: 'Green tea' }))).getByRole('img')).toHaveAttribute('loading', 'eager')
    expect(within(cardOf(screen.getByRole('button', { name: 'Cake' }))).queryByRole('img')).toBeNull()
    act(() => watcher.callback([{ target: bakery, isIntersecting: true } as unknown as IntersectionObserverEntry], {} as IntersectionObserver))
    expect(within(cardOf(screen.getByRole('button', { name: 'Cake' }))).getByRole('img', { name: 'Cake' })).toHaveAttribute('loading', 'lazy')
    expect(watcher.targets).not.toContain(bakery)
  })
})
