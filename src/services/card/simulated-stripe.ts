import { platformHttp } from '@/api/client'
import { createCardSandboxApi, type CardSandboxApi } from '@/api/endpoints/card-sandbox'
import { attemptStorage } from '../storage-attempt'

/**
 * A stand-in for Stripe.js used when no publishable key is configured (CONTRACT.md "External
 * services without keys"). It implements the part of Stripe.js that `@stripe/react-stripe-js`
 * checks and calls (`elements`, `createToken`, `createPaymentMethod`, `confirmCardPayment`, the
 * elements group and a payment element, whose `elements.update({locale})` relabels it in place
 * and whose `readOnly` option, at creation or through `element.update`, disables its inputs)
 * plus what the card form calls itself (`confirmPayment`, `elements.submit()`,
 * `retrievePaymentIntent`). Each confirmation is decided here, in the browser, from the typed
 * card number (Stripe's test cards, SPEC §4 "Card"), so the built app works against any
 * platform (CONTRACT.md "Build and serve"). The intent's new status is recorded at
 * `POST /sandbox/card/intent`, where Stripe would keep it (and where `retrievePaymentIntent`
 * reads it after a reload; this browser keeps a copy for a platform without that endpoint),
 * and the sandbox is notified of the outcome at
 * `POST /sandbox/card/confirm {clientSecret, status, message}`, as Stripe's webhook notifies the
 * real platform; neither changes the verdict, and the card number never leaves the page. Nothing
 * is loaded from Stripe.
 */

/** A Stripe-shaped error; only `message` is read by the app. */
interface SimulatedStripeError {
  type: 'card_error' | 'validation_error' | 'api_error'
  message?: string
}

/** What confirmPayment / confirmCardPayment answer: an intent status, or an error. */
type SimulatedConfirmResult =
  | { paymentIntent: { id: string | null; status: 'succeeded' | 'requires_action' | 'processing'; client_secret: string }; error?: undefined }
  | { error: SimulatedStripeError; paymentIntent?: undefined }

type Listener = (payload: unknown) => void

/** The payment element: mounts real inputs into the node React gives it. */
interface SimulatedElement {
  mount(target: HTMLElement | string): void
  unmount(): void
  destroy(): void
  /** Takes Stripe's updatable options; only `readOnly` means anything here. */
  update(options: { readOnly?: boolean }): void
  on(event: string, handler: Listener): SimulatedElement
  off(event: string, handler?: Listener): SimulatedElement
  once(event: string, handler: Listener): SimulatedElement
  focus(): void
  blur(): void
  clear(): void
  collapse(): void
}

/** The elements group created by `stripe.elements(options)`. */
interface SimulatedElements {
  create(type: string, options?: { readOnly?: boolean }): SimulatedElement
  getElement(type: string): SimulatedElement | null
  /** Takes a new `locale` as Stripe's does: mounted elements speak it, typed data stays. */
  update(options: { locale?: string }): Promise<void>
  fetchUpdates(): Promise<{ error?: undefined }>
  submit(): Promise<{ error?: SimulatedStripeError; selectedPaymentMethod?: string }>
}

/** The simulated Stripe object; structurally what `<Elements stripe>` validates. */
export interface SimulatedStripe {
  /** Always true: lets the UI show its "Test mode" marker. */
  readonly simulated: true
  elements(options?: { locale?: string; clientSecret?: string }): SimulatedElements
  createToken(): Promise<{ error: SimulatedStripeError }>
  createPaymentMethod(): Promise<{ error: SimulatedStripeError }>
  confirmPayment(options: { elements?: SimulatedElements; clientSecret?: string; redirect?: 'if_required' | 'always' }): Promise<SimulatedConfirmResult>
  confirmCardPayment(clientSecret: string): Promise<SimulatedConfirmResult>
  retrievePaymentIntent(clientSecret: string): Promise<SimulatedRetrieveResult>
}

/** What retrievePaymentIntent answers: the intent as the sandbox recorded it, or an error. */
type SimulatedRetrieveResult =
  | { paymentIntent: { id: string | null; status: string; client_secret: string }; error?: undefined }
  | { error: SimulatedStripeError; paymentIntent?: undefined }

/** Options of {@link createSimulatedStripe}. */
export interface SimulatedStripeOptions {
  /** The sandbox calls that record, notify and read intents (tests pass their own); default over the app's HTTP layer. */
  sandbox?: CardSandboxApi
  /** Longest wait for the sandbox's record and notification before answering anyway, in ms; default {@link NOTIFY_BOUND_MS}. */
  notifyBoundMs?: number
  /**
   * This browser's copy of each intent's status (default localStorage), read when the sandbox's
   * record cannot be (a platform without the sandbox's card endpoints): a reload after Pay
   * still finds the card charged instead of offering Pay again.
   */
  browserRecord?: () => Storage | undefined
}

/** How long a confirmation waits for the sandbox's record and notification (ms): long enough for a local server, short for a missing one. */
const NOTIFY_BOUND_MS = 2_000

/** Stripe's documented test cards with an outcome other than success (digits); README "Triggering each sandbox outcome". */
const TEST_CARDS = {
  requiresAction: '4000002500003155',
  /** Authentication asked for, then declined ('card_declined' after 3-D Secure). */
  authenticateThenDecline: '4000008400001629',
  declined: '4000000000000002',
  failsWithoutMessage: '4000000000009995',
} as const

type Labels = { cardNumber: string; expiry: string; expiryFormat: string; cvc: string; hint: string; incomplete: string; declined: string; invalid: string }
/** Labels of the simulated inputs and its refusals in the element's locale, as Stripe localises its own. */
const labels: Record<'en' | 'sv' | 'fi', Labels> = {
  en: {
    cardNumber: 'Card number',
    expiry: 'Expiry date',
    expiryFormat: 'MM / YY',
    cvc: 'CVC',
    hint: 'Test card: 4242 4242 4242 4242',
    incomplete: 'Your card number is incomplete.',
    declined: 'Your card was declined.',
    invalid: 'Your card number is invalid.',
  },
  sv: {
    cardNumber: 'Kortnummer',
    expiry: 'Utgångsdatum',
    expiryFormat: 'MM / ÅÅ',
    cvc: 'CVC',
    hint: 'Testkort: 4242 4242 4242 4242',
    incomplete: 'Kortnumret är ofullständigt.',
    declined: 'Ditt kort nekades.',
    invalid: 'Kortnumret är ogiltigt.',
  },
  fi: {
    cardNumber: 'Kortin numero',
    expiry: 'Voimassaolo',
    expiryFormat: 'KK / VV',
    cvc: 'CVC',
    hint: 'Testikortti: 4242 4242 4242 4242',
    incomplete: 'Kortin numero on puutteellinen.',
    declined: 'Korttisi hylättiin.',
    invalid: 'Kortin numero on virheellinen.',
  },
}

function labelsFor(locale: string | undefined) {
  const lang = (locale ?? 'en').slice(0, 2)
  return lang === 'sv' || lang === 'fi' ? labels[lang] : labels.en
}

const digits = (s: string) => s.replace(/\D/g, '')

/** The intent id of a client secret: Stripe client secrets are `{intent id}_secret_{…}`. */
const intentId = (clientSecret: string) => (clientSecret.includes('_secret_') ? (clientSecret.split('_secret_')[0] ?? null) : null)

let elementSeq = 0

/** The simulated payment element, with what its elements group needs of it. */
type SimulatedPaymentElement = SimulatedElement & {
  cardNumber(): string
  /** The locale the element speaks (its refusals too). */
  locale(): string | undefined
  /** Relabels the element in `locale` in place, keeping what was typed. */
  setLocale(locale: string | undefined): void
}

function createPaymentElement(initialLocale: string | undefined, initialReadOnly: boolean): SimulatedPaymentElement {
  const listeners = new Map<string, Set<Listener>>()
  let locale = initialLocale
  // Stripe's `readOnly`: the details stay as typed and take no edits.
  let readOnly = initialReadOnly
  let container: HTMLElement | null = null
  let cardInput: HTMLInputElement | null = null
  let inputs: HTMLInputElement[] = []
  // The texts shown in the element's locale, by what they say.
  let texts: { cardNumber: HTMLElement; expiry: HTMLElement; expiryInput: HTMLInputElement; cvc: HTMLElement; hint: HTMLElement } | null = null
  let ready = false
  const seq = ++elementSeq

  function emit(event: string, payload: unknown) {
    // A copy: a handler may unsubscribe itself while the event is handed out.
    for (const handler of Array.from(listeners.get(event) ?? [])) handler(payload)
  }

  function field(label: string, id: string, attrs: Partial<HTMLInputElement>): { wrapper: HTMLElement; label: HTMLElement; input: HTMLInputElement } {
    const wrapper = document.createElement('div')
    wrapper.style.display = 'flex'
    wrapper.style.flexDirection = 'column'
    wrapper.style.gap = '4px'
    const labelEl = document.createElement('label')
    labelEl.htmlFor = id
    labelEl.textContent = label
    const input = document.createElement('input')
    input.id = id
    Object.assign(input, attrs)
    input.style.minHeight = '44px'
    input.style.padding = '8px 12px'
    input.style.font = 'inherit'
    input.style.border = '1px solid #767676'
    input.style.borderRadius = '8px'
    wrapper.append(labelEl, input)
    return { wrapper, label: labelEl, input }
  }

  const element: SimulatedPaymentElement = {
    mount(target) {
      const node = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target
      if (!node) throw new Error(`simulated Stripe: no element to mount into (${String(target)})`)
      container = node
      const text = labelsFor(locale)
      const root = document.createElement('div')
      root.style.display = 'grid'
      root.style.gap = '8px'
      const number = field(text.cardNumber, `sim-card-number-${seq}`, {
        type: 'text',
        inputMode: 'numeric',
        autocomplete: 'cc-number',
        name: 'cardnumber',
        placeholder: '1234 1234 1234 1234',
      })
      const expiry = field(text.expiry, `sim-card-expiry-${seq}`, { type: 'text', inputMode: 'numeric', autocomplete: 'cc-exp', placeholder: text.expiryFormat })
      const cvc = field(text.cvc, `sim-card-cvc-${seq}`, { type: 'text', inputMode: 'numeric', autocomplete: 'cc-csc', placeholder: '123' })
      const hint = document.createElement('p')
      hint.textContent = text.hint
      hint.style.margin = '0'
      hint.style.fontSize = '0.875rem'
      cardInput = number.input
      inputs = [number.input, expiry.input, cvc.input]
      for (const input of inputs) input.disabled = readOnly
      texts = { cardNumber: number.label, expiry: expiry.label, expiryInput: expiry.input, cvc: cvc.label, hint }
      number.input.addEventListener('input', () => {
        const n = digits(number.input.value)
        emit('change', { elementType: 'payment', empty: n === '', complete: n.length >= 12 && n.length <= 19, value: { type: 'card' } })
      })
      number.input.addEventListener('focus', () => emit('focus', { elementType: 'payment' }))
      number.input.addEventListener('blur', () => emit('blur', { elementType: 'payment' }))
      root.append(number.wrapper, expiry.wrapper, cvc.wrapper, hint)
      node.replaceChildren(root)
      // React attaches `onReady` in an effect after mount, so ready is announced a tick later.
      setTimeout(() => {
        ready = true
        emit('ready', { elementType: 'payment' })
      }, 0)
    },
    unmount() {
      container?.replaceChildren()
      container = null
      cardInput = null
      inputs = []
      texts = null
    },
    destroy() {
      element.unmount()
      listeners.clear()
    },
    update(options) {
      if (typeof options.readOnly !== 'boolean') return
      readOnly = options.readOnly
      for (const input of inputs) input.disabled = readOnly
    },
    on(event, handler) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)?.add(handler)
      // A listener attached after `ready` fired still hears it, so a late `onReady` is not lost.
      if (event === 'ready' && ready) setTimeout(() => handler({ elementType: 'payment' }), 0)
      return element
    },
    off(event, handler) {
      if (handler) listeners.get(event)?.delete(handler)
      else listeners.delete(event)
      return element
    },
    once(event, handler) {
      const wrapped: Listener = (payload) => {
        element.off(event, wrapped)
        handler(payload)
      }
      return element.on(event, wrapped)
    },
    focus() {
      cardInput?.focus()
    },
    blur() {
      cardInput?.blur()
    },
    clear() {
      if (cardInput) cardInput.value = ''
    },
    collapse() {},
    cardNumber() {
      return cardInput ? digits(cardInput.value) : ''
    },
    locale: () => locale,
    setLocale(next) {
      locale = next
      if (!texts) return
      const text = labelsFor(locale)
      texts.cardNumber.textContent = text.cardNumber
      texts.expiry.textContent = text.expiry
      texts.expiryInput.placeholder = text.expiryFormat
      texts.cvc.textContent = text.cvc
      texts.hint.textContent = text.hint
    },
  }
  return element
}

/**
 * Builds a simulated Stripe.js object. Verdicts, decided locally from the card digits (the
 * sandbox's table in sandbox/routes/providers.ts): 4242424242424242 succeeds; 4000002500003155
 * answers requires_action on its first confirmation of a client secret and succeeds on the next
 * (4000008400001629 likewise, then is declined: 'Your card was declined.');
 * 4000000000000002 is declined ('Your card was declined.'); 4000000000009995 fails without a
 * message; fewer than 12 or more than 19 digits is 'Your card number is invalid.'; any other
 * number succeeds. Refusals speak the element's locale, as Stripe's do ('Ditt kort nekades.'). Every verdict is recorded as the intent's status (`succeeded`,
 * `requires_action`, or `requires_payment_method` after a refusal) and sent to the sandbox as a
 * notification (it marks declines FAILED and successes paid, like the real platform's webhook);
 * their answers or failures (404 on another server, 500, dropped connection) are ignored, and
 * both are awaited at most `notifyBoundMs` together. Refusals resolve as
 * `{error: {type: 'card_error'}}`. `retrievePaymentIntent` answers the recorded status, or
 * `{error: {type: 'api_error'}}` when the sandbox cannot tell (another server, a failure);
 * nothing here throws.
 */
export function createSimulatedStripe(options: SimulatedStripeOptions = {}): SimulatedStripe {
  const sandbox = options.sandbox ?? createCardSandboxApi(platformHttp)
  const notifyBoundMs = options.notifyBoundMs ?? NOTIFY_BOUND_MS
  const browserRecord = options.browserRecord ?? (() => (typeof localStorage === 'undefined' ? undefined : localStorage))
  const recordKey = (clientSecret: string) => `storefront.simulatedCardIntent.${clientSecret}`
  // Storage forbidden: the sandbox's record is the only one.
  const keep = (clientSecret: string, status: string) => attemptStorage(browserRecord, (store) => store?.setItem(recordKey(clientSecret), status), undefined)
  const kept = (clientSecret: string) => attemptStorage(browserRecord, (store) => store?.getItem(recordKey(clientSecret)) ?? null, null)
  // The card number of the last mounted payment element; confirmCardPayment has no elements argument.
  let lastElement: SimulatedPaymentElement | null = null
  // Client secrets whose confirmation already asked for action: the next one decides, as after 3-D Secure.
  const actionRequested = new Set<string>()

  /**
   * The local verdict on `cardNumber` (digits) for `clientSecret`, refusals in `text`'s language;
   * remembers a requested action.
   */
  function verdict(clientSecret: string, cardNumber: string, text: Labels): SimulatedConfirmResult {
    const id = intentId(clientSecret)
    if (cardNumber === TEST_CARDS.declined) return { error: { type: 'card_error', message: text.declined } }
    if (cardNumber === TEST_CARDS.failsWithoutMessage) return { error: { type: 'card_error' } }
    if (cardNumber.length < 12 || cardNumber.length > 19) return { error: { type: 'card_error', message: text.invalid } }
    const asksForAction = cardNumber === TEST_CARDS.requiresAction || cardNumber === TEST_CARDS.authenticateThenDecline
    if (asksForAction && !actionRequested.has(clientSecret)) {
      actionRequested.add(clientSecret)
      return { paymentIntent: { id, status: 'requires_action', client_secret: clientSecret } }
    }
    if (cardNumber === TEST_CARDS.authenticateThenDecline) return { error: { type: 'card_error', message: text.declined } }
    return { paymentIntent: { id, status: 'succeeded', client_secret: clientSecret } }
  }

  /**
   * Records the intent's status and tells the sandbox about a confirmation, as two requests (the
   * provider's own record, then its webhook to the platform); settles within `notifyBoundMs`,
   * never rejects.
   */
  async function tellSandbox(clientSecret: string, result: SimulatedConfirmResult, status: string): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, notifyBoundMs)
    })
    // Any answer or failure is ignored: the local verdict alone decides (CONTRACT.md "Build and serve").
    const ignoring = (call: () => Promise<void>) => Promise.resolve().then(call).catch(() => undefined)
    const sent = Promise.all([
      ignoring(() => sandbox.recordSimulatedCardIntent(clientSecret, status)),
      ignoring(() =>
        sandbox.notifySimulatedCard(clientSecret, {
          status: result.error ? 'failed' : result.paymentIntent.status === 'requires_action' ? 'requires_action' : 'succeeded',
          message: result.error?.message ?? null,
        }),
      ),
    ])
    await Promise.race([sent, bound])
    clearTimeout(timer)
  }

  async function confirm(clientSecret: string, element: SimulatedPaymentElement | null): Promise<SimulatedConfirmResult> {
    const cardNumber = element?.cardNumber() ?? ''
    const result = verdict(clientSecret, cardNumber, labelsFor(element?.locale()))
    const status = result.paymentIntent?.status ?? 'requires_payment_method'
    keep(clientSecret, status)
    // Awaited so the sandbox has recorded the outcome before the app's session poll starts.
    await tellSandbox(clientSecret, result, status)
    return result
  }

  async function retrieve(clientSecret: string): Promise<SimulatedRetrieveResult> {
    try {
      const { status } = await sandbox.getSimulatedCardIntent(clientSecret)
      return { paymentIntent: { id: intentId(clientSecret), status, client_secret: clientSecret } }
    } catch (error) {
      const status = kept(clientSecret)
      if (status !== null) return { paymentIntent: { id: intentId(clientSecret), status, client_secret: clientSecret } }
      return { error: { type: 'api_error', message: error instanceof Error && error.message ? error.message : 'The payment intent could not be read' } }
    }
  }

  const unsupported = (what: string) => Promise.resolve({ error: { type: 'validation_error' as const, message: `${what} is not simulated` } })

  return {
    simulated: true,
    elements(elementsOptions = {}) {
      const created = new Map<string, SimulatedPaymentElement>()
      let locale = elementsOptions.locale
      return {
        create(type, options = {}) {
          if (type !== 'payment') throw new Error(`simulated Stripe: element type '${type}' is not simulated`)
          const element = createPaymentElement(locale, options.readOnly === true)
          created.set(type, element)
          lastElement = element
          return element
        },
        getElement(type) {
          return created.get(type) ?? null
        },
        update(options) {
          if (options.locale !== undefined) {
            locale = options.locale
            for (const element of created.values()) element.setLocale(locale)
          }
          return Promise.resolve()
        },
        fetchUpdates: () => Promise.resolve({}),
        submit() {
          const element = created.get('payment')
          const n = element?.cardNumber() ?? ''
          if (n === '') return Promise.resolve({ error: { type: 'validation_error', message: labelsFor(locale).incomplete } })
          return Promise.resolve({ selectedPaymentMethod: 'card' })
        },
      }
    },
    createToken: () => unsupported('createToken'),
    createPaymentMethod: () => unsupported('createPaymentMethod'),
    confirmPayment({ elements, clientSecret }) {
      const element = (elements?.getElement('payment') as SimulatedPaymentElement | null) ?? lastElement
      if (!clientSecret) return Promise.resolve({ error: { type: 'validation_error', message: 'clientSecret is required' } })
      return confirm(clientSecret, element)
    },
    confirmCardPayment(clientSecret) {
      return confirm(clientSecret, lastElement)
    },
    retrievePaymentIntent: retrieve,
  }
}
