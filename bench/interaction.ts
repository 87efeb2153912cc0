import type { BrowserContext, Locator, Page } from 'playwright-core'
import { BENCH_SHOP, addButton, firstProduct, openMenu, productDialog, waitForWholeMenu } from './menu'

/** One Event Timing entry of an interaction (`interactionId` > 0), times in ms. */
export interface EventEntry {
  name: string
  interactionId: number
  duration: number
  startTime: number
  processingStart: number
  processingEnd: number
}

/** One interaction: its events and its latency (the longest event duration, as INP takes it). */
export interface Interaction {
  interactionId: number
  events: string[]
  latencyMs: number
  /**
   * Where the latency went, ms, split as web-vitals' INP attribution does for its longest
   * event: input delay (the event's time stamp to its handlers' start), processing (the
   * handlers) and presentation (from their end to the paint that ends the latency). Event
   * Timing rounds durations to 8 ms, so presentation is a rounded remainder.
   */
  phases: { inputDelayMs: number; processingMs: number; presentationMs: number }
}

/**
 * Groups Event Timing entries into interactions (by `interactionId`, in order of start);
 * each interaction's latency is its longest entry's duration (web-vitals' INP definition).
 */
export function interactionsOf(entries: readonly EventEntry[]): Interaction[] {
  const byId = new Map<number, EventEntry[]>()
  for (const e of entries) if (e.interactionId > 0) byId.set(e.interactionId, [...(byId.get(e.interactionId) ?? []), e])
  const startOf = (list: readonly EventEntry[]) => Math.min(...list.map((e) => e.startTime))
  return [...byId.entries()]
    .sort((a, b) => startOf(a[1]) - startOf(b[1]))
    .map(([interactionId, list]) => {
      const longest = list.reduce((max, e) => (e.duration > max.duration ? e : max))
      // Events dispatched after the longest one whose handlers ended before its paint (a
      // pointerup's click) share its frame: processing lasts until the last of them ends.
      const paint = longest.startTime + longest.duration
      const handlersEnd = Math.max(...list.filter((e) => e.startTime >= longest.startTime && e.processingEnd <= paint).map((e) => e.processingEnd))
      const inputDelayMs = Math.max(0, longest.processingStart - longest.startTime)
      const processingMs = Math.max(0, handlersEnd - longest.processingStart)
      return {
        interactionId,
        events: [...new Set(list.map((e) => e.name))],
        latencyMs: longest.duration,
        phases: { inputDelayMs, processingMs, presentationMs: Math.max(0, longest.duration - inputDelayMs - processingMs) },
      }
    })
}

/** How long each interaction is left to settle before the bench looks at the page, ms. */
const SETTLE_MS = 1000

/** How long the pointer rests on a control before pressing it, ms: hover effects are done. */
const REST_MS = 300

/**
 * Presses the middle of `target` as a person with a mouse does: the pointer moves onto it,
 * rests for {@link REST_MS}, then the button goes down and up. The events come from Chromium's
 * input pipeline (CDP `Input.dispatchMouseEvent`); nothing else runs in the page. Playwright's
 * `click()` first runs its own scripts in the page (actionability and hit-target checks:
 * `elementsFromPoint`, a capturing `pointerdown` listener) and moves the pointer in the same
 * moment as the press: under 4× CPU slowdown that took 20–35 ms of the very task that handles
 * the press, counted as the app's input delay. The element must be visible (the caller waits).
 * @throws when `target` has no box (not rendered)
 */
async function press(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded()
  const box = await target.boundingBox()
  if (!box) throw new Error('the element to press is not rendered')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.waitForTimeout(REST_MS)
  await page.mouse.down()
  await page.mouse.up()
}

/** Result of {@link measureInteraction}. */
export interface InteractionResult {
  /** The longest interaction, ms (INP for fewer than 50 interactions); 0 when none took ≥ 16 ms. */
  inpMs: number
  openMs: number | null
  addMs: number | null
  interactions: Interaction[]
}

declare global {
  interface Window {
    __benchEvents?: EventEntry[]
  }
}

/** How long the menu may take to show at the slowed CPU, ms (2,000 articles on a loaded machine). */
const MENU_TIMEOUT_MS = 45_000

/**
 * With Chromium's CPU slowed `cpuSlowdown` times (CDP `Emulation.setCPUThrottlingRate`) from
 * the navigation on, as a phone loads the page slowly too: opens `/{shop}` (a bench menu),
 * waits until the whole menu has rendered and its first load's network work is done, then
 * presses the first product (its dialog opens), then Add (see {@link press}).
 * Reads the Event Timing API (`PerformanceObserver` type `event`, `durationThreshold` 16 ms,
 * the API's minimum): the interaction latency is the longest event of each interaction.
 * Interactions below 16 ms leave no entry and count as 0.
 * @throws when the menu or dialog controls are not found
 */
export async function measureInteraction(context: BrowserContext, shop: string = BENCH_SHOP, cpuSlowdown = 4): Promise<InteractionResult> {
  const page = await context.newPage()
  try {
    await page.addInitScript(() => {
      const store: EventEntry[] = []
      window.__benchEvents = store
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          if (entry.interactionId > 0) {
            const { name, interactionId, duration, startTime, processingStart, processingEnd } = entry
            store.push({ name, interactionId, duration, startTime, processingStart, processingEnd })
          }
        }
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
    })
    // Set on the blank page before the navigation: Chromium keeps the rate for the page's
    // later documents (also across a renderer process swap).
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    await openMenu(page, shop, MENU_TIMEOUT_MS)
    // Let the first load's work finish: the progressive render's last batch (at 4× CPU the
    // 2,000-article menu renders for seconds), then the idle work (lazy chunks, images).
    await waitForWholeMenu(page, shop, MENU_TIMEOUT_MS)
    await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined)
    const read = () => page.evaluate(() => window.__benchEvents?.slice() ?? [])
    const countBefore = (await read()).length

    // After each press the page is left alone for SETTLE_MS before anything is checked:
    // Playwright's waits poll the DOM inside the page's animation frames, and under 4× CPU
    // slowdown a poll over the 500-article menu lands in the very frame being measured
    // (up to ~50 ms of the tool's own queries counted as the app's latency).
    await press(page, firstProduct(page))
    await page.waitForTimeout(SETTLE_MS)
    await productDialog(page).waitFor({ state: 'visible' })
    const afterOpen = (await read()).length
    const add = addButton(page)
    await add.waitFor({ state: 'visible' })
    await press(page, add)
    await page.waitForTimeout(SETTLE_MS)
    await productDialog(page).waitFor({ state: 'hidden' })
    const all = await read()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })

    const openEntries = interactionsOf(all.slice(countBefore, afterOpen))
    const addEntries = interactionsOf(all.slice(afterOpen))
    const interactions = interactionsOf(all.slice(countBefore))
    const longest = (list: Interaction[]) => list.reduce((m, i) => Math.max(m, i.latencyMs), 0)
    return { inpMs: longest(interactions), openMs: longest(openEntries), addMs: longest(addEntries), interactions }
  } finally {
    await page.close()
  }
}

/**
 * The median of `values` (the lower middle for an even count); null when none is a number.
 * Each round of {@link measureInteraction} is one page's interactions, and one round's figure
 * moves by tens of ms between rounds on the same build: the bench reports the median round
 * and prints every round beside it, as it does for Lighthouse.
 */
export function medianOf(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b)
  return sorted.length === 0 ? null : (sorted[Math.floor((sorted.length - 1) / 2)] ?? null)
}

/** The largest of `values` (the worst round); null when none is a number. */
export function worstOf(values: readonly (number | null)[]): number | null {
  const numbers = values.filter((v): v is number => v !== null && Number.isFinite(v))
  return numbers.length === 0 ? null : Math.max(...numbers)
}

/** `input delay X + processing Y + presentation Z` of an interaction, whole ms. */
export function phasesText({ phases }: Interaction): string {
  const r = (n: number) => Math.round(n)
  return `input delay ${r(phases.inputDelayMs)} + processing ${r(phases.processingMs)} + presentation ${r(phases.presentationMs)} ms`
}
