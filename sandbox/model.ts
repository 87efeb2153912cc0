import { randomBytes } from 'node:crypto'
import type { ReceiptWire } from '@/api/schemas/receipt.schema'
import type { PutCartBody, SessionResponseWire, StartPaymentBody } from '@/api/schemas/session.schema'
import type { PaymentMethodType, PaymentStatus } from '@/domain/types'
import type { ActiveTabWire, DemoShop, TabLineWire } from './fixtures/types'

/** How a simulated Swish payment ends (SPEC §4; outcome chosen by phone number). */
export interface SwishScript {
  status: Extract<PaymentStatus, 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'ERROR'>
  /** The poll (GET …/cart while STARTED) on which the outcome appears, 1-based. */
  afterPolls: number
  message: string | null
}

/** The payment under way in a session, per method type. */
type PaymentFlow =
  | { type: 'SWISH_TRADE'; script: SwishScript; polls: number; amount: number }
  | { type: 'STRIPE'; clientSecret: string; completeOnNextPoll: boolean; amount: number }
  | { type: 'VIVA_WALLET_WEB'; orderCode: string; amount: number }

/** One server session, keyed by (sid cookie, shop id). Money in minor units. */
export interface SandboxSession {
  key: string
  shopId: string
  cart: PutCartBody['cart']
  tabItems: PutCartBody['tabItems']
  /** The open tab picked by `?tabId=`, or null. */
  tabId: string | null
  /** Units of each tab line already paid in this session. */
  tabPaid: Record<string, number>
  orderReference: string | null
  paymentStatus: PaymentStatus
  paymentId: string | null
  paymentIntentId: string | null
  paymentMethodId: string | null
  receiptId: string | null
  message: string | null
  customerInfo: StartPaymentBody['customerInfo'] | null
  flow: PaymentFlow | null
}

/** A fresh session with an empty cart and no payment. */
export function newSession(key: string, shopId: string): SandboxSession {
  return {
    key,
    shopId,
    cart: [],
    tabItems: [],
    tabId: null,
    tabPaid: {},
    orderReference: null,
    paymentStatus: 'NOT_STARTED',
    paymentId: null,
    paymentIntentId: null,
    paymentMethodId: null,
    receiptId: null,
    message: null,
    customerInfo: null,
    flow: null,
  }
}

/** The session's open tab with paid units taken off; null when none or fully paid. */
export function activeTabOf(shop: DemoShop, session: SandboxSession): ActiveTabWire | null {
  const tab = session.tabId === null ? undefined : shop.tabs?.[session.tabId]
  if (!tab) return null
  const lines = (tab.cart ?? []).flatMap((line): TabLineWire[] => {
    const left = line.count - (session.tabPaid[String(line.id)] ?? 0)
    return left > 0 ? [{ ...line, count: left }] : []
  })
  return lines.length === 0 ? null : { ...tab, cart: lines }
}

/** The session as GET …/cart answers it (SPEC §3 "Session response"). */
export function sessionWire(shop: DemoShop, session: SandboxSession): SessionResponseWire {
  return {
    cart: session.cart,
    tabItems: session.tabItems,
    activeTab: activeTabOf(shop, session),
    paymentStatus: session.paymentStatus,
    paymentId: session.paymentId,
    paymentIntentId: session.paymentIntentId,
    receiptId: session.receiptId,
    paymentMethodId: session.paymentMethodId,
    message: session.message,
    orderReference: session.orderReference,
  }
}

/** Unit price of a cart line: article price plus its deviations, minor units. Unknown ids count 0. */
function cartLineUnitPrice(shop: DemoShop, line: PutCartBody['cart'][number]): number {
  const article = shop.response.articles[line.productId]
  const deviations = shop.response.deviations
  const extras = line.deviations.reduce((sum, id) => sum + (deviations[id]?.price ?? 0), 0)
  return (article?.price ?? 0) + extras
}

/**
 * Unit price of a tab line (SPEC §9 "Item total"): the line's own price plus its deviations'
 * prices, minor units. Not product.price: the line's price is what the tab charges.
 */
function tabLineUnitPrice(line: TabLineWire): number {
  return line.price + (line.deviations ?? []).reduce((sum, d) => sum + (d.price ?? 0), 0)
}

/** What the session's cart plus chosen tab items cost, minor units. */
export function sessionAmount(shop: DemoShop, session: SandboxSession): number {
  const cart = session.cart.reduce((sum, line) => sum + cartLineUnitPrice(shop, line) * line.count, 0)
  const tab = activeTabOf(shop, session)?.cart ?? []
  const tabSum = session.tabItems.reduce((sum, item) => {
    const line = tab.find((l) => String(l.id) === item.id)
    return sum + (line ? tabLineUnitPrice(line) * item.count : 0)
  }, 0)
  return cart + tabSum
}

/**
 * Units over stock per limited article (limitStock not false and a `count`), as the OUT_OF_STOCK answer lists them (SPEC §8):
 * `stock` is the units remaining. Empty when the cart fits.
 */
export function stockShortfalls(
  shop: DemoShop,
  cart: PutCartBody['cart'],
  stockOf: (articleId: string, initial: number) => number,
): { id: string; stock: number }[] {
  const wanted = new Map<string, number>()
  for (const line of cart) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.count)
  const out: { id: string; stock: number }[] = []
  for (const [id, count] of wanted) {
    const article = shop.response.articles[id]
    // Only a counted article is limited (CONTRACT.md "Wire shapes").
    if (!article || article.limitStock === false || typeof article.count !== 'number') continue
    const stock = stockOf(id, article.count ?? 0)
    if (count > stock) out.push({ id, stock })
  }
  return out
}

/** Digits of a phone number, with a leading Swedish country code turned into 0. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.startsWith('0046')) return `0${digits.slice(4)}`
  if (digits.startsWith('46') && digits.length === 11) return `0${digits.slice(2)}`
  return digits
}

/**
 * Swish outcomes by phone number (desktop flow). Numbers not listed, and every mobile
 * payment, complete after 3 polls. 0700000004 is refused at startPayment (not here).
 */
export const swishScripts: Readonly<Record<string, SwishScript>> = {
  '0700000001': { status: 'FAILED', afterPolls: 2, message: 'Declined by payer' },
  '0700000002': { status: 'CANCELLED', afterPolls: 2, message: null },
  '0700000003': { status: 'ERROR', afterPolls: 2, message: 'Swish did not answer' },
}
/** Phone number that is "not connected to Swish": startPayment answers 400 SWISH_NOT_ENROLLED. */
export const SWISH_NOT_ENROLLED_PHONE = '0700000004'
export const swishCompleted: SwishScript = { status: 'COMPLETED', afterPolls: 3, message: null }

/** Receipt payment type per method type (SPEC §3 Receipt payment method). */
export const receiptPaymentType: Readonly<Record<PaymentMethodType, string>> = {
  SWISH_TRADE: 'SWISH',
  STRIPE: 'CARD',
  VIVA_WALLET_WEB: 'VIVA_WALLET',
}

/** Lowercase hex of `bytes` random bytes. */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex')
}

/** Random alphanumeric string, as card-provider ids look (`pi_…`). */
export function randomAlnum(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = randomBytes(length)
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
}

/** A 16-digit Viva order code (first digit non-zero). */
export function vivaOrderCode(): string {
  const digits = Array.from(randomBytes(16), (b) => String(b % 10))
  if (digits[0] === '0') digits[0] = '7'
  return digits.join('')
}

type ReceiptProductWire = ReceiptWire['products'][number]

/**
 * Receipt lines for a session's cart and chosen tab items (SPEC §3 Receipt product):
 * `price` is the article's unit price (a tab line's own price); deviations are listed with
 * their own unit price and a count per unit, so each line totals as SPEC §9 says; the note
 * becomes the description; tax by article kind.
 */
export function receiptProducts(shop: DemoShop, session: SandboxSession): ReceiptProductWire[] {
  const deviations = shop.response.deviations
  const fromCart = session.cart.flatMap((line): ReceiptProductWire[] => {
    const article = shop.response.articles[line.productId]
    if (!article) return []
    const counted = new Map<string, number>()
    for (const id of line.deviations) counted.set(id, (counted.get(id) ?? 0) + 1)
    return [
      {
        id: line.productId,
        title: article.title,
        count: line.count,
        price: article.price,
        description: line.description.trim() === '' ? null : line.description,
        deviations: [...counted].map(([id, count]) => ({ id, name: deviations[id]?.name ?? id, count, price: deviations[id]?.price ?? 0 })),
        sizeOfItem: 1,
        discount: null,
        tax: shop.merchandiseArticleIds.includes(line.productId) ? shop.vat.merchandise : shop.vat.food,
      },
    ]
  })
  const tab = activeTabOf(shop, session)?.cart ?? []
  const fromTab = session.tabItems.flatMap((item): ReceiptProductWire[] => {
    const line = tab.find((l) => String(l.id) === item.id)
    if (!line || item.count <= 0) return []
    return [
      {
        id: line.product.id ?? null,
        title: line.product.title ?? '',
        count: item.count,
        price: line.price,
        description: line.description ? line.description : null,
        deviations: (line.deviations ?? []).map((d) => ({ id: d.id ?? null, name: d.name ?? '', count: 1, price: d.price ?? 0 })),
        sizeOfItem: 1,
        discount: null,
        tax: shop.vat.food,
      },
    ]
  })
  return [...fromCart, ...fromTab]
}
