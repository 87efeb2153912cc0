/**
 * The bookkeeping callback pages as a browser model (SPEC §2 `/integrateFortnox`,
 * `/integrateVisma`, §4 "Bookkeeping callback", §8 "Integration"): one start per query the
 * provider may send back. The sandbox connects any authorization code but one starting with
 * `fail` (400 'The authorization code was rejected'); a callback without a code or a web state
 * is the mobile app's (its custom-scheme link does nothing in the browser). A success page
 * reloaded starts connected, its code not sent again.
 */
import type { AnyMachineSnapshot } from 'xstate'
import { bookkeepingCallbackMachine, type BookkeepingCallbackInput } from '@machines/bookkeeping-callback/bookkeeping-callback.machine'
import { callbackInputs, encodeState } from '@machines/bookkeeping-callback/bookkeeping-callback.samples'
import type { BrowserModel, ModelStart } from '@tests/harness/model'
import { all, causes, click, held, open, platform, sample, sees, shows, user } from './causes'

const INTEGRATE = '**/api/v1/webshop/bookkeeping/*/integrate/**'
const refused = (s: AnyMachineSnapshot) => String(s.context.code).startsWith('fail')
const names = { fortnox: 'Fortnox', visma: 'Visma', stripe: 'Stripe' } as const
const nameOf = (s: AnyMachineSnapshot) => names[(s.context as BookkeepingCallbackInput).provider]

/** A start that opens the provider's callback page with this input as its query. */
function callback(name: string, input: BookkeepingCallbackInput): ModelStart {
  const query = new URLSearchParams()
  if (input.code !== null) query.set('code', input.code)
  if (input.state !== null) query.set('state', input.state)
  if (input.error !== null) query.set('error', input.error)
  if (input.errorDescription !== null) query.set('error_description', input.errorDescription)
  const path = `/integrate${names[input.provider]}?${query.toString()}`
  return { name, input, open: open(path) }
}

/**
 * The success page reloaded: this tab linked the code already, so the page starts connected
 * without sending the one-time code again.
 */
function reloadedAfterSuccess(name: string, input: BookkeepingCallbackInput): ModelStart {
  const first = callback(name, { ...input, linkedBefore: false })
  const opened = user(`${first.open.words}, see it connected, reload`, async (ctx) => {
    await first.open.act?.(ctx)
    await ctx.page.getByRole('heading', { name: `${names[input.provider]} is now connected` }).waitFor()
    await ctx.page.reload()
  })
  return { name, input: { ...input, linkedBefore: true }, open: opened }
}

const event = (type: string, rest: Record<string, unknown> = {}) => ({ type, ...rest })

export const bookkeepingCallbackModel: BrowserModel = {
  name: 'bookkeepingCallback',
  machine: bookkeepingCallbackMachine,
  starts: [
    callback('a web-started Fortnox link', callbackInputs.web),
    callback('a refused Visma code', { ...callbackInputs.web, provider: 'visma', code: 'fail-model' }),
    callback('the provider refused access', { ...callbackInputs.providerError, state: encodeState({ isWeb: true, companyID: 'cafe', scopeState: 'bookkeeping' }) }),
    callback('an app-started link', callbackInputs.appStarted),
    reloadedAfterSuccess('the connected Fortnox page reloaded', { ...callbackInputs.web, code: 'reload-model' }),
  ],
  events: {
    'app.open': causes(sample(event('app.open'), click('link', 'Open the app'))),
    'xstate.done.actor.integrateBookkeeping': causes(
      sample(event('xstate.done.actor.integrateBookkeeping', { output: undefined }), platform('connects the bookkeeping', (s) => !refused(s))),
    ),
    'xstate.error.actor.integrateBookkeeping': causes(
      sample(
        event('xstate.error.actor.integrateBookkeeping', { error: { kind: 'badRequest', status: 400, serverMessage: '{"name":"The authorization code was rejected"}' } }),
        platform("refuses a code starting with 'fail' (400)", refused),
      ),
    ),
  },
  states: {
    providerError: shows((s) => all(sees.heading(`The connection to ${nameOf(s)} failed`), sees.alert('You did not allow the connection.'), sees.text('The user denied access'))),
    openingApp: shows((s) =>
      all(sees.heading('Opening the app…'), sees.text(`The app finishes connecting ${nameOf(s)}.`), sees.text('If nothing happens, the app may not be installed'), sees.link('Open the app')),
    ),
    integrating: held(INTEGRATE, (s) => all(sees.heading(`Connecting to ${nameOf(s)}…`), sees.status(`Connecting to ${nameOf(s)}`)), 'POST'),
    integrated: shows((s) => all(sees.heading(`${nameOf(s)} is now connected`), sees.text('The integration is done. You can close this page.'))),
    failed: shows((s) => all(sees.heading(`The connection to ${nameOf(s)} failed`), sees.alert(`The integration with ${nameOf(s)} failed: The authorization code was rejected`))),
  },
}
