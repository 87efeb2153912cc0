import type { BrowserContext } from 'playwright-core'
import { firstProduct, openMenu, productDialog } from './menu'

/** One Event Timing entry of an interaction (`interactionId` > 0), times in ms. */
export interface EventEntry {
  name: string
  interactionId: number
  duration: number
  startTime: number
}

/** One interaction: its events and its latency (the longest event duration, as INP takes it). */
export interface Interaction {
  interactionId: number
  events: string[]
  latencyMs: number
}

/**
 * Groups Event Timing entries into interactions (by `interactionId`, in order of start);
 * each interaction's latency is its longest entry's duration (web-vitals' INP definition).
 */
export function interactionsOf(entries: readonly EventEntry[]): Interaction[] {
  const byId = new Map<number, { events: Set<string>; latency: number; start: number }>()
  for (const e of entries) {
    if (e.interactionId <= 0) continue
    const found = byId.get(e.interactionId) ?? { events: new Set<string>(), latency: 0, start: e.startTime }
    found.events.add(e.name)
    found.latency = Math.max(found.latency, e.duration)
    found.start = Math.min(found.start, e.startTime)
    byId.set(e.interactionId, found)
  }
  return [...byId.entries()]
    .sort((a, b) => a[1].start - b[1].start)
    .map(([interactionId, v]) => ({ interactionId, events: [...v.events], latencyMs: v.latency }))
}

/** How long each interaction is left to settle before the bench looks at the page, ms. */
const SETTLE_MS = 1000

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

/**
 * Opens the bench menu, then with Chromium's CPU slowed 4× (CDP
 * `Emulation.setCPUThrottlingRate`) opens the first product's dialog and presses Add.
 * Reads the Event Timing API (`PerformanceObserver` type `event`, `durationThreshold` 16 ms,
 * the API's minimum): the interaction latency is the longest event of each interaction.
 * Interactions below 16 ms leave no entry and count as 0.
 * @throws when the menu or dialog controls are not found
 */
export async function measureInteraction(context: BrowserContext, cpuSlowdown = 4): Promise<InteractionResult> {
  const page = await context.newPage()
  try {
    await page.addInitScript(() => {
      const store: EventEntry[] = []
      window.__benchEvents = store
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[]) {
          if (entry.interactionId > 0) {
            store.push({ name: entry.name, interactionId: entry.interactionId, duration: entry.duration, startTime: entry.startTime })
          }
        }
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
    })
    await openMenu(page)
    // Let the idle work of the first load (lazy chunks, image decoding) finish first.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    const read = () => page.evaluate(() => window.__benchEvents?.slice() ?? [])
    const countBefore = (await read()).length

    // After each click the page is left alone for SETTLE_MS before anything is checked:
    // Playwright's waits poll the DOM inside the page's animation frames, and under 4× CPU
    // slowdown a poll over the 500-article menu lands in the very frame being measured
    // (up to ~50 ms of the tool's own queries counted as the app's latency).
    await firstProduct(page).click()
    await page.waitForTimeout(SETTLE_MS)
    await productDialog(page).waitFor({ state: 'visible' })
    const afterOpen = (await read()).length
    const add = productDialog(page).getByRole('button', { name: /^add\b/i })
    await add.waitFor({ state: 'visible' })
    await add.click()
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

