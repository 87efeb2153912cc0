/**
 * Domain types of the storefront, normalised from the platform's answers (SPEC §3).
 * Money is always an integer amount in minor units (öre, cent). Ids are strings.
 * This module is pure: no imports, no side effects.
 */

export const currencies = ['SEK', 'EUR'] as const
/** Shop currency (SPEC §1). */
export type Currency = (typeof currencies)[number]

/** An amount in minor units with its currency. */
export interface Money {
  amount: number
  currency: Currency
}

export const displayTypes = ['NO_IMAGE', 'SMALL_IMAGE', 'LARGE_IMAGE'] as const
/** Menu layout (SPEC §2 "Menu page"). */
export type DisplayType = (typeof displayTypes)[number]

/** One customer input's configuration (SPEC §3 "Customer inputs"). */
export interface CustomerInputConfig {
  active: boolean
  required: boolean
}

const customerInputKeys = ['nameInput', 'emailInput', 'phoneInput', 'addressInput', 'extraInfoInput'] as const
export type CustomerInputKey = (typeof customerInputKeys)[number]
export type CustomerInputs = Record<CustomerInputKey, CustomerInputConfig>

/** The shop's own settings (SPEC §3 "Shop response" → shop). */
export interface ShopSettings {
  title: string
  primaryColor: string | null
  backgroundColor: string | null
  displayType: DisplayType
  openHours: string | null
  active: boolean
  requireReference: boolean
  description: string | null
  refundPolicy: string | null
  /** null when the shop sends no configuration: email and phone active, others inactive (SPEC §5). */
  customerInputs: CustomerInputs | null
}

/** The merchant company (SPEC §3 "Shop response" → company). */
export interface Company {
  country: string
  currency: Currency
  logo: string | null
  name: string
  organizationnumber: string
  street: string
  postalCode: string
  city: string
  phone: string
  email: string
}

export interface Category {
  id: string
  name: string
  /** Product ids in display order. */
  sortedProducts: string[]
}

/** A sellable article (SPEC §3 "Product/article"). */
export interface Article {
  id: string
  title: string
  description: string | null
  /** Minor units, VAT included. */
  price: number
  image: string | null
  /** Tag ids. */
  tags: string[]
  /** Category id, when the platform gives one. */
  category: string | null
  /** Deviation group ids (the wire's availableDeviations.deviationGroupes). */
  deviationGroupIds: string[]
  /** Units in stock; meaningful only when limitStock is true. */
  count: number | null
  /** Stock applies unless the platform says limitStock: false (CONTRACT.md). */
  limitStock: boolean
  outOfStock: boolean
}

/** An extra or variant (SPEC §3 "Deviation"). Price in minor units, 0 when absent. */
export interface Deviation {
  id: string
  name: string
  price: number
}

/** A set of deviations with selection bounds (SPEC §3, §5). */
export interface DeviationGroup {
  id: string
  name: string
  minCount: number | null
  maxCount: number | null
  deviationIds: string[]
}

export const paymentMethodTypes = ['VIVA_WALLET_WEB', 'SWISH_TRADE', 'STRIPE'] as const
export type PaymentMethodType = (typeof paymentMethodTypes)[number]

export interface PaymentMethod {
  id: string
  type: PaymentMethodType
  stripeAccountId: string | null
}

export interface Tag {
  id: string
  tag: string
  /** null: fall back to the theme's primary colour (SPEC §3). */
  color: string | null
}

/** Everything GET /api/v2/webshop/{shopId} answers, normalised (SPEC §7). */
export interface ShopData {
  shop: ShopSettings
  company: Company
  categories: Category[]
  articles: Record<string, Article>
  deviations: Record<string, Deviation>
  deviationGroups: Record<string, DeviationGroup>
  paymentMethods: PaymentMethod[]
  tags: Record<string, Tag>
}

/** A line of the customer's cart (SPEC §3 "Cart item"). */
export interface CartItem {
  /** Client-generated. */
  id: string
  productId: string
  count: number
  /** Deviation ids; the same id may appear more than once for a counted extra. */
  deviations: string[]
  /** Free-text note (allergies or requests); '' when none. */
  description: string
}

/** A tab line chosen into the cart, as sent to the server (SPEC §3). */
export interface TabItemRef {
  id: string
  count: number
}

/** A line of an open tab (SPEC §3 "Active tab"). Prices in minor units. */
export interface TabLine {
  id: string
  count: number
  /** The line's own unit price, deviations excluded: they add their prices on top (SPEC §9). */
  price: number
  product: { id: string | null; title: string; price: number }
  deviations: { id: string | null; name: string; price: number }[]
  description: string
}

export interface ActiveTab {
  id: string | null
  customerReference: string
  cart: TabLine[]
}

export const paymentStatuses = ['NOT_STARTED', 'LOADING', 'STARTED', 'COMPLETED', 'ERROR', 'FAILED', 'CANCELLED'] as const
/** Payment states (SPEC §4). */
export type PaymentStatus = (typeof paymentStatuses)[number]

/** The server-side session (SPEC §3 "Session response"). */
export interface Session {
  cart: CartItem[]
  tabItems: TabItemRef[]
  activeTab: ActiveTab | null
  paymentStatus: PaymentStatus | null
  paymentId: string | null
  paymentIntentId: string | null
  receiptId: string | null
  paymentMethodId: string | null
  message: string | null
  orderReference: string | null
}

/** Customer info sent with startPayment (SPEC §3). */
export interface CustomerInfo {
  name: string
  email: string
  phone: string
  extraInfo: string
  postalCode: string
  address: string
  city: string
  isMobile: boolean
}

export type CustomerField = Exclude<keyof CustomerInfo, 'isMobile'>
export const customerFields: readonly CustomerField[] = ['name', 'email', 'phone', 'address', 'postalCode', 'city', 'extraInfo']

interface ReceiptDeviation {
  id: string | null
  name: string
  count: number
  price: number
}

interface ReceiptDiscount {
  type: 'PERCENTAGE' | 'AMOUNT'
  /** Percent (0–100) for PERCENTAGE, minor units for AMOUNT. */
  amount: number
}

export interface ReceiptProduct {
  id: string | null
  title: string
  count: number
  /** Unit price, minor units, VAT included. */
  price: number
  description: string | null
  deviations: ReceiptDeviation[]
  sizeOfItem: number
  discount: ReceiptDiscount | null
  /** VAT percent, e.g. 12 or 25.5. */
  tax: number
}

interface ReceiptPaymentMethod {
  id: string | null
  type: string
  /** Minor units. */
  amount: number
}

/** An electronic receipt (SPEC §3 "Receipt"). */
export interface Receipt {
  /** The printed receipt number. */
  receiptId: string
  id: string | null
  name: string
  organizationnumber: string
  street: string
  postalcode: string
  city: string
  phone: string
  products: ReceiptProduct[]
  paymentMethods: ReceiptPaymentMethod[]
  /** Epoch milliseconds. */
  dateCreated: number | null
  /** The platform sent a calendar day without a time of day: `dateCreated` is its UTC midnight, shown as the date alone. */
  dateCreatedIsDay: boolean
  cashRegisterLabel: string | null
  controlUnitSerial: string | null
  controlUnitResponse: string | null
}

/** Units short per article id, from an OUT_OF_STOCK answer (SPEC §8). */
export type ArticleStockErrors = Record<string, number>

/**
 * How a cancelPayment call ended (SPEC §7, §8: 404 and 409 are not errors): the payment was
 * cancelled, there was none ('none', 404), or it had ended and can no longer be ('ended', 409).
 */
export type CancelOutcome = 'cancelled' | 'none' | 'ended'
