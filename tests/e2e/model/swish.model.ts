/**
 * Swish as a browser model (SPEC §2 "Payment method sections", §4 "Mobile payment"; sandbox
 * README "Outcomes"): on a desktop the customer types a phone number and approves in the app;
 * on a phone the page opens the Swish app by deep link and offers 'Open Swish' again; after a
 * reload on a phone it does not open the app by itself. The session poll is held while each
 * state is checked, so the payment does not complete under the step (the sandbox pays on the
 * 3rd poll); how it ends is the checkout's (checkout.model.ts).
 */
import { swishPaymentMachine } from '@machines/payment/providers/swish.machine'
import type { BrowserModel } from '@tests/harness/model'
import { cafeOpenWords, cafeProvider, openCafeCart } from './payment-inputs'
import { all, causes, click, held, sample, sees, user } from './causes'
import { reloadCountingOnePoll, methodButton, PHONES, sessionUrl } from './shop-steps'

const appOpened = all(sees.button('Open Swish'), sees.status('Waiting for the payment to be approved in Swish…'))

export const swishModel: BrowserModel = {
  name: 'swishPayment',
  machine: swishPaymentMachine,
  starts: [
    {
      name: 'desktop',
      holdAfterOpening: true,
      input: cafeProvider({ isMobile: false }),
      open: user(`${cafeOpenWords}, click 'Swish', type ${PHONES.paid} in Phone number, click 'Start payment'`, async (run) => {
        await openCafeCart(run)
        await methodButton(run.page, 'Swish').click()
        await run.page.getByRole('textbox', { name: 'Phone number' }).fill(PHONES.paid)
        await run.page.getByRole('button', { name: 'Start payment' }).click()
      }),
    },
    {
      name: 'phone',
      viewport: 'phone',
      holdAfterOpening: true,
      input: cafeProvider({ isMobile: true }),
      open: user(`on a phone: ${cafeOpenWords}, click 'Swish' (the page opens the Swish app by deep link)`, async (run) => {
        await openCafeCart(run)
        await methodButton(run.page, 'Swish').click()
      }),
    },
    {
      name: 'phone, reloaded',
      viewport: 'phone',
      holdAfterOpening: true,
      input: cafeProvider({ isMobile: true, resumed: true }),
      open: user(`on a phone: ${cafeOpenWords}, click 'Swish', reload once the payment started`, async (run) => {
        await openCafeCart(run)
        const reload = await reloadCountingOnePoll(run.page, 'cafe')
        await methodButton(run.page, 'Swish').click()
        await run.page.getByRole('button', { name: 'Open Swish' }).waitFor({ timeout: 10_000 })
        await reload(() => run.page.getByRole('button', { name: 'Open Swish' }).waitFor({ timeout: 10_000 }))
      }),
    },
  ],
  events: {
    'app.open': causes(sample({ type: 'app.open' }, click('button', 'Open Swish'))),
  },
  states: {
    appOpened: held(sessionUrl('cafe'), appOpened, 'GET'),
    awaitingApproval: held(sessionUrl('cafe'), sees.status('Open the Swish app and approve the payment'), 'GET'),
  },
}
