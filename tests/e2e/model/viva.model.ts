/**
 * Viva Wallet as a browser model (SPEC §2, §4 "Web checkout"; CONTRACT.md: the redirect right
 * after startPayment, with no further click): the page goes to Viva's checkout (the sandbox's
 * simulated page) at once; when the browser blocks that redirect, or the customer comes Back
 * from the checkout page (a new page load: a resumed payment), the cart offers 'Open checkout'.
 * A phone is sent to the checkout with nothing to open again (`redirected`) until it comes Back.
 * How the payment ends is the checkout's (checkout.model.ts: Approve, Decline, Cancel).
 */
import type { AnyMachineSnapshot } from 'xstate'
import { vivaPaymentMachine } from '@machines/payment/providers/viva.machine'
import type { ProviderInput } from '@machines/shared/payment-types'
import type { BrowserModel, Via } from '@tests/harness/model'
import { cafeOpenWords, cafeProvider, openCafeCart } from './payment-inputs'
import { all, causes, click, sample, sees, shows, user } from './causes'
import { blockNextVivaRedirect, methodButton } from './shop-steps'

const REDIRECTED = 'redirected'
const vivaPage = all(sees.heading('Pay Café Söder AB'), sees.button('Approve'))

/** On Viva's page after a redirect; on the cart otherwise (a blocked redirect, or back from Viva). */
function awaitingShows(s: AnyMachineSnapshot, via: Via) {
  if (via.event?.type === 'checkout.open' || via.start.name === REDIRECTED) return vivaPage
  const resumed = (s.context as ProviderInput).resumed
  return all(sees.status(resumed ? 'Waiting for the payment in Viva Wallet…' : 'Redirecting to Viva Wallet…'), sees.button('Open checkout'))
}

export const vivaModel: BrowserModel = {
  name: 'vivaPayment',
  machine: vivaPaymentMachine,
  starts: [
    {
      name: REDIRECTED,
      input: cafeProvider({ methodType: 'VIVA_WALLET_WEB' }),
      open: user(`${cafeOpenWords}, click 'Viva Wallet'`, async (run) => {
        await openCafeCart(run)
        await methodButton(run.page, 'Viva Wallet').click()
      }),
    },
    {
      name: 'redirect blocked',
      input: cafeProvider({ methodType: 'VIVA_WALLET_WEB' }),
      open: user(`${cafeOpenWords}, click 'Viva Wallet' (the browser blocks the redirect)`, async (run) => {
        await openCafeCart(run)
        await blockNextVivaRedirect(run.page)
        await methodButton(run.page, 'Viva Wallet').click()
      }),
    },
    {
      name: 'phone',
      viewport: 'phone',
      input: cafeProvider({ methodType: 'VIVA_WALLET_WEB', isMobile: true }),
      open: user(`on a phone: ${cafeOpenWords}, click 'Viva Wallet'`, async (run) => {
        await openCafeCart(run)
        await methodButton(run.page, 'Viva Wallet').click()
      }),
    },
    {
      name: 'back from Viva',
      input: cafeProvider({ methodType: 'VIVA_WALLET_WEB', resumed: true }),
      open: user(`${cafeOpenWords}, click 'Viva Wallet', Back from Viva's checkout page`, async (run) => {
        await openCafeCart(run)
        await methodButton(run.page, 'Viva Wallet').click()
        await vivaPage.check(run)
        await run.page.goBack()
      }),
    },
  ],
  events: {
    // Viva's own page has no such button: only from the cart.
    'checkout.open': causes(sample({ type: 'checkout.open' }, click('button', 'Open checkout', (_, start) => start.name !== REDIRECTED))),
  },
  states: {
    awaitingResponse: shows(awaitingShows),
    // A phone goes to the checkout at once; its cart would offer no 'Open checkout'.
    redirected: shows(() => vivaPage),
  },
}
