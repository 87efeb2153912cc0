import type { BookkeepingCallbackInput } from './bookkeeping-callback.machine'

/** base64 of the JSON state the platform puts in its provider links (SPEC §3). */
export function encodeState(value: unknown): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
}

/** A web-started Fortnox callback that the page finishes itself. */
export const webCallback: BookkeepingCallbackInput = {
  provider: 'fortnox',
  code: 'auth-code-1',
  state: encodeState({ isWeb: true, companyID: 'cafe', scopeState: 'bookkeeping invoice' }),
  error: null,
  errorDescription: null,
}

/** Inputs that lead to each first state (SPEC §4 "Bookkeeping callback"). */
export const callbackInputs = {
  web: webCallback,
  providerError: { ...webCallback, code: null, error: 'access_denied', errorDescription: 'The user denied access' },
  // The error wins even beside a code and a web state the page could finish with (SPEC §4).
  providerErrorWithCode: { ...webCallback, error: 'access_denied', errorDescription: 'The user denied access' },
  appStarted: { ...webCallback, state: encodeState({ isWeb: false, companyID: 'cafe', scopeState: 'x' }) },
  undecodable: { ...webCallback, state: '%%%not-base64' },
  missingCode: { ...webCallback, code: null },
  /** `?code=` left blank: no code either (SPEC §4). */
  blankCode: { ...webCallback, code: '  ' },
  missingState: { ...webCallback, state: null },
  stripe: { ...webCallback, provider: 'stripe' },
  /** The success page reloaded: this tab linked the code already. */
  linkedBefore: { ...webCallback, linkedBefore: true },
  /** An app-started callback goes to the app whatever this tab linked. */
  linkedBeforeAppStarted: { ...webCallback, state: encodeState({ isWeb: false, companyID: 'cafe', scopeState: 'x' }), linkedBefore: true },
} satisfies Record<string, BookkeepingCallbackInput>

/** Sample events for path tests of the bookkeeping callback machine. */
export const bookkeepingCallbackSamples = {
  'app.open': [{ type: 'app.open' }],
  'xstate.done.actor.integrateBookkeeping': [{ type: 'xstate.done.actor.integrateBookkeeping', output: undefined }],
  'xstate.error.actor.integrateBookkeeping': [
    { type: 'xstate.error.actor.integrateBookkeeping', error: { kind: 'badRequest', status: 400, serverMessage: 'The authorization code was rejected' } },
    { type: 'xstate.error.actor.integrateBookkeeping', error: { kind: 'server', status: 502, serverMessage: '{"name":"Integration service down"}' } },
    { type: 'xstate.error.actor.integrateBookkeeping', error: { kind: 'network', status: null, serverMessage: null } },
  ],
}
