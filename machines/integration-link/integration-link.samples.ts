import type { IntegrationLinkInput } from './integration-link.machine'

/** A valid Fortnox link of company `cafe` (SPEC §2). */
export const linkInput: IntegrationLinkInput = { bookkeeper: 'fortnox', companyId: 'cafe', authCode: 'abc', companyName: 'Café Söder' }

/** Sample events for path tests of the integration link machine. */
export const integrationLinkSamples = {
  continue: [{ type: 'continue' }],
  retry: [{ type: 'retry' }],
  'xstate.done.actor.fetchIntegrationUrl': [{ type: 'xstate.done.actor.fetchIntegrationUrl', output: 'https://apps.fortnox.se/oauth-v1/auth?x=1' }],
  'xstate.error.actor.fetchIntegrationUrl': [
    { type: 'xstate.error.actor.fetchIntegrationUrl', error: { kind: 'unauthorized', status: 401, serverMessage: 'UNAUTHORIZED' } },
    { type: 'xstate.error.actor.fetchIntegrationUrl', error: { kind: 'server', status: 500, serverMessage: null } },
  ],
}
