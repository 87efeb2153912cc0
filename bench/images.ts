import type { BrowserContext, Page } from 'playwright-core'
import { BENCH_SHOP, firstProduct, openMenu, productDialog } from './menu'

/** An `<img>` as laid out on the page (CSS px; `top` from the document's top). */
interface ImageBox {
  src: string
  widthAttr: string | null
  heightAttr: string | null
  loading: string
  top: number
  width: number
  height: number
  /** Where it sits: the page header (logo), a dialog, the footer, or the content. */
  place: 'header' | 'dialog' | 'footer' | 'content'
}

/** Every `<img>` of the page with its box; `viewportHeight` is the first screen's height. */
async function imageBoxes(page: Page): Promise<{ images: ImageBox[]; viewportHeight: number }> {
  return page.evaluate(() => ({
    viewportHeight: window.innerHeight,
    images: [...document.images].map((img) => {
      const r = img.getBoundingClientRect()
      const place: 'header' | 'dialog' | 'footer' | 'content' = img.closest('dialog')
        ? 'dialog'
        : img.closest('header')
          ? 'header'
          : img.closest('footer')
            ? 'footer'
            : 'content'
      return {
        src: img.getAttribute('src') ?? '',
        widthAttr: img.getAttribute('width'),
        heightAttr: img.getAttribute('height'),
        loading: img.getAttribute('loading') ?? 'eager',
        top: r.top + window.scrollY,
        width: r.width,
        height: r.height,
        place,
      }
    }),
  }))
}

/** Findings of {@link checkImages}; counts are `ok / total`. */
export interface ImageReport {
  withSize: { ok: number; total: number }
  lazyBelowFold: { ok: number; total: number }
  eagerAboveFold: { ok: number; total: number }
  /** SMALL_IMAGE menu cards: rendered 150×150. */
  small: { ok: number; total: number; seen: string }
  /** The popup image: 300 px wide. */
  popup: { ok: boolean; seen: string }
  /** LARGE_IMAGE menu cards (kahvila): square. */
  large: { ok: number; total: number; seen: string }
  /** The header logo: at most 200×100. */
  logo: { ok: boolean; seen: string }
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1
const box = (i: ImageBox) => `${Math.round(i.width)}×${Math.round(i.height)}`
const distinct = (list: ImageBox[]) => [...new Set(list.map(box))].slice(0, 4).join(', ') || 'none'

/**
 * Waits until the page's `<main>` has held the same number of images for `quietMs` (the
 * progressive render has got past the first screen's batches), `timeoutMs` at most.
 * @returns that number of images
 */
async function untilImageCountSettles(page: Page, quietMs = 500, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs
  let count = -1
  let since = Date.now()
  while (Date.now() < deadline) {
    const now = await page.locator('main img').count()
    if (now !== count) {
      count = now
      since = Date.now()
    } else if (Date.now() - since >= quietMs) break
    await page.waitForTimeout(100)
  }
  return count
}

/**
 * Image checks of issue 6 on a phone-sized screen: every image has width and height
 * attributes (no layout shift), images below the first screen load lazily and those on it
 * do not, SMALL_IMAGE cards show 150 px images, the popup a 300 px one, LARGE_IMAGE cards
 * (the `kahvila` demo shop) square ones, and the logo fits 200×100.
 * @throws when the menus or the dialog do not render
 */
export async function checkImages(context: BrowserContext): Promise<ImageReport> {
  const page = await context.newPage()
  try {
    await openMenu(page, BENCH_SHOP)
    // The menu renders its first articles at once and the rest in batches once the browser is
    // idle (src/perf/progressive.ts): check the cards of those batches too.
    await untilImageCountSettles(page)
    // Boxes before any scrolling: the first screen is what the customer sees on arrival.
    const { images, viewportHeight } = await imageBoxes(page)
    const sized = images.filter((i) => i.widthAttr !== null && i.heightAttr !== null)
    const content = images.filter((i) => i.place === 'content')
    const below = content.filter((i) => i.top >= viewportHeight)
    const above = content.filter((i) => i.top < viewportHeight)
    const small = content
    const logo = images.find((i) => i.place === 'header')

    await firstProduct(page).click()
    await productDialog(page).waitFor({ state: 'visible' })
    await page.waitForTimeout(300)
    const popupImages = (await imageBoxes(page)).images.filter((i) => i.place === 'dialog')
    const popup = popupImages[0]

    await openMenu(page, 'kahvila')
    const largeAll = (await imageBoxes(page)).images
    const large = largeAll.filter((i) => i.place === 'content')
    const allImages = [...images, ...popupImages, ...largeAll]
    const allSized = [...sized, ...popupImages.filter((i) => i.widthAttr && i.heightAttr), ...largeAll.filter((i) => i.widthAttr && i.heightAttr)]

    return {
      withSize: { ok: allSized.length, total: allImages.length },
      lazyBelowFold: { ok: below.filter((i) => i.loading === 'lazy').length, total: below.length },
      eagerAboveFold: { ok: above.filter((i) => i.loading !== 'lazy').length, total: above.length },
      small: { ok: small.filter((i) => near(i.width, 150) && near(i.height, 150)).length, total: small.length, seen: distinct(small) },
      popup: popup
        ? { ok: near(popup.width, 300), seen: `${box(popup)}${popup.widthAttr ? ` (attrs ${popup.widthAttr}×${popup.heightAttr})` : ' (no size attrs)'}` }
        : { ok: false, seen: 'no image in the dialog' },
      large: { ok: large.filter((i) => i.width > 0 && near(i.width, i.height)).length, total: large.length, seen: distinct(large) },
      logo: logo
        ? { ok: logo.width <= 200 && logo.height <= 100 && logo.width > 0, seen: box(logo) }
        : { ok: false, seen: 'no logo image in the header' },
    }
  } finally {
    await page.close()
  }
}
