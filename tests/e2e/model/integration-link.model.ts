/**
 * The integration link page as a browser model (SPEC §2 `/integrate/{bookkeeper}/{companyId}/{authCode}`,
 * §8 "Integration"): the sandbox gives a link for any auth code but `expired` (401), and its link
 * leads straight to the callback page, which connects (sandbox/owner.ts); another bookkeeper or a
 * blank parameter asks the platform nothing. A failed answer (500) is made with page.route.
 */
import type { AnyMachineSnapshot } from 'xstate'
import { integrationLinkMachine } from '@machines/integration-link/integration-link.machine'
import type { BrowserModel } from '@tests/harness/model'
import { all, causes, click, held, open, platform, routeAnswer, sample, sees, shows } from './causes'

const LINK = '**/api/v1/webshop/bookkeeping/integrationUrl/**'
const expiredCode = (s: AnyMachineSnapshot) => s.context.authCode === 'expired'
const names: Record<string, string> = { fortnox: 'Fortnox', visma: 'Visma' }
/** The page's heading: 'Connect {companyName} to {bookkeeper}', or without a company name. */
const connect = (s: AnyMachineSnapshot) => {
  const name = names[String(s.context.bookkeeper)] ?? String(s.context.bookkeeper)
  return s.context.companyName ? `Connect ${String(s.context.companyName)} to ${name}` : `Connect to ${name}`
}

const event = (type: string, rest: Record<string, unknown> = {}) => ({ type, ...rest })

export const integrationLinkModel: BrowserModel = {
  name: 'integrationLink',
  machine: integrationLinkMachine,
  starts: [
    {
      name: 'a Fortnox link',
      input: { bookkeeper: 'fortnox', companyId: 'cafe', authCode: 'model-ok', companyName: 'Café Söder' },
      open: open('/integrate/fortnox/cafe/model-ok?companyName=Caf%C3%A9%20S%C3%B6der'),
    },
    {
      name: 'an expired Visma link',
      input: { bookkeeper: 'visma', companyId: 'cafe', authCode: 'expired', companyName: null },
      open: open('/integrate/visma/cafe/expired'),
    },
    { name: 'another bookkeeper', input: { bookkeeper: 'bokio', companyId: 'cafe', authCode: 'model-ok', companyName: null }, open: open('/integrate/bokio/cafe/model-ok') },
    { name: 'a blank auth code', input: { bookkeeper: 'fortnox', companyId: 'cafe', authCode: ' ', companyName: null }, open: open('/integrate/fortnox/cafe/%20') },
  ],
  events: {
    'xstate.done.actor.fetchIntegrationUrl': causes(
      sample(event('xstate.done.actor.fetchIntegrationUrl', { output: '/integrateFortnox?code=sandbox-code' }), platform('gives the link', (s) => !expiredCode(s))),
    ),
    'xstate.error.actor.fetchIntegrationUrl': causes(
      sample(
        event('xstate.error.actor.fetchIntegrationUrl', { error: { kind: 'unauthorized', status: 401, serverMessage: 'UNAUTHORIZED' } }),
        platform("says the link expired (auth code 'expired', 401)", expiredCode),
      ),
      sample(
        event('xstate.error.actor.fetchIntegrationUrl', { error: { kind: 'server', status: 500, serverMessage: null } }),
        routeAnswer(LINK, { status: 500, json: { name: 'Internal error' } }, 'the link call fails (500)', (s) => !expiredCode(s)),
      ),
    ),
    retry: causes(sample(event('retry'), click('button', 'Try again'))),
    // The sandbox's link is the callback page itself (it skips the provider's consent page).
    continue: causes(
      sample(event('continue'), { ...click('button', 'Continue'), words: "click 'Continue' (the sandbox's link leads to /integrateFortnox)", leavesPage: sees.heading('Fortnox is now connected') }),
    ),
  },
  states: {
    missingParameter: shows(all(sees.heading('Something went wrong'), sees.text('The link is incomplete. Create a new one in the app and try again.'))),
    unsupported: shows(all(sees.heading('Connect your bookkeeping'), sees.alert('Only Visma and Fortnox are supported.'))),
    loading: held(LINK, (s) => all(sees.heading(connect(s)), sees.status('Getting the link…')), 'GET'),
    ready: shows((s) => all(sees.heading(connect(s)), sees.button('Continue'), sees.no('alert'))),
    expired: shows(all(sees.alert('The integration link has expired. Create a new one in the app and try again.'), sees.noText('Continue'))),
    failed: shows(all(sees.alert('Failed to get integration link. Create a new one in the app and try again.'), sees.button('Try again'))),
  },
}
