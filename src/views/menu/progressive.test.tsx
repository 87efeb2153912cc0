import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import type { Article, CartItem, Category, ShopData } from '@/domain/types'
import { article, shopData } from '@tests/fixtures/shop'
import { TestProvider } from '@tests/test-provider'
import { MenuView, menuSections, visibleSections } from './menu.view'
import { MENU_BATCHES, useProgressiveLimit } from '@/perf/progressive'

// Outside act(): act would flush every queued transition at once and hide the batches.
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined
}
let previousActEnvironment: boolean | undefined
let container: HTMLDivElement
let root: Root
beforeEach(() => {
  previousActEnvironment = globalThis.IS_REACT_ACT_ENVIRONMENT
  globalThis.IS_REACT_ACT_ENVIRONMENT = false
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})
afterEach(() => {
  flushSync(() => root.unmount())
  container.remove()
  globalThis.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment
  window.history.replaceState(null, '', '/')
})

/** A NO_IMAGE shop with `categories` categories of `perCategory` articles each (`c{i}-a{j}`). */
function bigShop(categories: number, perCategory: number): ShopData {
  const cats: Category[] = []
  const articles: Record<string, Article> = {}
  for (let c = 0; c < categories; c++) {
    const ids: string[] = []
    for (let a = 0; a < perCategory; a++) {
      const id = `c${c}-a${a}`
      ids.push(id)
      articles[id] = article({ id, title: `Article ${c}.${a}`, category: `c${c}` })
    }
    cats.push({ id: `c${c}`, name: `Category ${c}`, sortedProducts: ids })
  }
  const base = shopData()
  return shopData({ shop: { ...base.shop, displayType: 'NO_IMAGE' }, categories: cats, articles })
}

function renderMenu(data: ShopData, cart: CartItem[] = []): void {
  flushSync(() =>
    root.render(
      <TestProvider>
        <MenuView
          shopId="cafe"
          shopData={data}
          cart={cart}
          cartSummary={{ count: 0, total: 0, tabCount: 0, tabTotal: 0, currency: 'SEK' }}
          onSelectProduct={() => {}}
        />
      </TestProvider>,
    ),
  )
}

const cardCount = () => container.querySelectorAll('main li, section li').length

describe('useProgressiveLimit', () => {
  function Probe({ total }: { total: number }) {
    const { limit } = useProgressiveLimit(total, { whole: 2, first: 3, step: 2 })
    return <output>{limit}</output>
  }

  it('shows the first batch in the first commit, then grows step by step to the total', async () => {
    const seen: number[] = []
    const observer = new MutationObserver(() => seen.push(Number(container.textContent)))
    observer.observe(container, { subtree: true, characterData: true, childList: true })
    flushSync(() => root.render(<Probe total={8} />))
    expect(container.textContent).toBe('3')
    await waitFor(() => expect(container.textContent).toBe('8'))
    observer.disconnect()
    expect(seen.filter((n, i) => n !== seen[i - 1])).toEqual([3, 5, 7, 8])
  })

  it('waits for an idle moment (the first paint) before the first later batch, and for the next idle moment before each further one', async () => {
    const idle: (() => void)[] = []
    const original = { request: window.requestIdleCallback, cancel: window.cancelIdleCallback }
    window.requestIdleCallback = ((task: () => void) => idle.push(task)) as typeof window.requestIdleCallback
    window.cancelIdleCallback = () => undefined
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
    try {
      flushSync(() => root.render(<Probe total={8} />))
      await settle()
      expect(container.textContent).toBe('3')
      expect(idle).toHaveLength(1)
      // Idle work queued meanwhile (the footer, the popup) runs between two batches.
      for (const [index, shown] of [[0, '5'], [1, '7'], [2, '8']] as const) {
        idle[index]?.()
        await waitFor(() => expect(container.textContent).toBe(shown))
        await settle()
        expect(idle).toHaveLength(Math.min(index + 2, 3))
      }
    } finally {
      window.requestIdleCallback = original.request
      window.cancelIdleCallback = original.cancel
    }
  })

  it('renders a list of at most `whole` items in the first commit, and never more than the total', () => {
    flushSync(() => root.render(<Probe total={2} />))
    expect(container.textContent).toBe('2')
    flushSync(() => root.render(<Probe total={1} />))
    expect(container.textContent).toBe('1')
  })
})

describe('MenuView progressive render (issue 6)', () => {
  it('commits a menu of up to MENU_BATCHES.whole articles whole, headings in order', () => {
    renderMenu(bigShop(4, 12))
    expect(MENU_BATCHES.whole).toBe(48)
    expect(cardCount()).toBe(48)
    expect([...container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Category 0', 'Category 1', 'Category 2', 'Category 3'])
  })

  it('commits the first articles of a longer menu at once and the rest in later batches', async () => {
    renderMenu(bigShop(10, 10))
    expect(cardCount()).toBe(MENU_BATCHES.first)
    // Every category is in the bar from the start.
    expect(container.querySelectorAll('nav a')).toHaveLength(10)
    expect(container.querySelectorAll('section')).toHaveLength(Math.ceil(MENU_BATCHES.first / 10))
    await waitFor(() => expect(cardCount()).toBe(100))
    expect([...container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(Array.from({ length: 10 }, (_, i) => `Category ${i}`))
  })

  it('a cart change updates the stock markers of the sections it touches, and leaves the other cards as they were', async () => {
    const data = bigShop(3, 4)
    data.articles['c2-a1'] = { ...data.articles['c2-a1']!, count: 1, limitStock: true }
    renderMenu(data)
    await waitFor(() => expect(cardCount()).toBe(12))
    const untouched = container.querySelector('section li')
    expect(container.textContent).not.toContain('Out of stock')
    renderMenu(data, [{ id: 'l1', productId: 'c2-a1', count: 1, deviations: [], description: '' }])
    await waitFor(() => expect(container.querySelectorAll('section')[2]?.textContent).toContain('Out of stock'))
    expect(container.textContent?.match(/Out of stock/g)).toHaveLength(1)
    expect(container.querySelector('section li')).toBe(untouched)
  })

  it('an anchor click on a category not rendered yet renders up to it before the browser follows the link', () => {
    renderMenu(bigShop(10, 10))
    expect(document.getElementById('category-c8')).toBeNull()
    const link = [...container.querySelectorAll('nav a')].find((a) => a.textContent === 'Category 8')
    if (!(link instanceof HTMLAnchorElement)) throw new Error('no link')
    let targetAtDefaultAction: Element | null = null
    // The default action (following the fragment) runs after every click listener.
    document.addEventListener('click', () => (targetAtDefaultAction = document.getElementById('category-c8')), { once: true })
    link.click()
    expect(targetAtDefaultAction).not.toBeNull()
    expect(document.getElementById('category-c8')?.closest('section')?.querySelectorAll('li')).toHaveLength(10)
  })

  it('a #category fragment on arrival renders that category in the first commit and scrolls to it', () => {
    window.history.replaceState(null, '', '/cafe#category-c7')
    const scrolled: string[] = []
    const original = Element.prototype.scrollIntoView
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id)
    }
    try {
      renderMenu(bigShop(10, 10))
    } finally {
      Element.prototype.scrollIntoView = original
    }
    expect(document.getElementById('category-c7')).not.toBeNull()
    expect(scrolled).toEqual(['category-c7'])
  })
})

describe('visibleSections', () => {
  const sections = menuSections(
    shopData({
      categories: [
        { id: 'a', name: 'A', sortedProducts: ['bun', 'pie'] },
        { id: 'empty', name: 'Empty', sortedProducts: [] },
        { id: 'b', name: 'B', sortedProducts: ['cappuccino', 'bun', 'pie'] },
      ],
    }),
  )
  const shape = (limit: number) => visibleSections(sections, limit).map((s) => `${s.category.id}:${s.articles.length}`)

  it('cuts the section the limit falls in and leaves later ones out', () => {
    expect(shape(0)).toEqual([])
    expect(shape(1)).toEqual(['a:1'])
    expect(shape(2)).toEqual(['a:2', 'empty:0'])
    expect(shape(4)).toEqual(['a:2', 'empty:0', 'b:2'])
    expect(shape(99)).toEqual(['a:2', 'empty:0', 'b:3'])
  })

  it('keeps whole sections as the same objects, so their memoised views do not re-render', () => {
    const [first] = visibleSections(sections, 4)
    expect(first).toBe(sections[0])
  })
})
