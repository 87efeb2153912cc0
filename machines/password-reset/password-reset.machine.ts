import { assign, setup, type ActorRefFrom } from 'xstate'
import { promiseNotProvided } from '../shared/not-provided'

/** Minimum length of a new password (SPEC §5, §9). */
const MIN_PASSWORD_LENGTH = 6

/**
 * Why a reset call failed, as the identity service reports it (SPEC §8 "Password reset"):
 * - expiredLink: the code is missing, invalid, expired or already used (passwordReset.linkExpired)
 * - weakPassword: auth/weak-password (passwordTooWeak)
 * - unknown: anything else, network included (error.anErrorOccurred)
 */
export type PasswordResetFailure = 'expiredLink' | 'weakPassword' | 'unknown'

/** What the form shows under the fields: a local rule (SPEC §5) or a failure of the change call. */
export type PasswordFormError = 'tooShort' | 'mismatch' | 'weakPassword' | 'unknown'

/**
 * The error services reject with, so the machine never sees SDK error shapes: `{ failure }`.
 * Anything else that rejects counts as 'unknown'.
 */
export interface PasswordResetError {
  failure: PasswordResetFailure
}

/** Reads the failure code of a rejected reset call; never throws. @internal exported for its tests */
export function resetFailureOf(error: unknown): PasswordResetFailure {
  if (error !== null && typeof error === 'object' && 'failure' in error) {
    const failure = (error as { failure: unknown }).failure
    if (failure === 'expiredLink' || failure === 'weakPassword') return failure
  }
  return 'unknown'
}

/** Input: the `oobCode` query parameter of `/auth/passwordreset` (null when missing). */
export interface PasswordResetInput {
  oobCode: string | null
}

/** The form's state: the e-mail the code names, the two passwords typed and the form's error (SPEC §5). */
export interface PasswordResetContext extends PasswordResetInput {
  /** The account's e-mail, as the verified code names it. */
  email: string | null
  password: string
  repeat: string
  formError: PasswordFormError | null
}

/** The form's typing and submit, and `retry` after a verification that failed (SPEC §4 "Password reset"). */
export type PasswordResetEvent =
  | { type: 'password.changed'; value: string }
  | { type: 'repeat.changed'; value: string }
  | { type: 'submit' }
  | { type: 'retry' }

/**
 * Password reset (SPEC §2, §4 "Password reset", §5, §8): verifies the code on load (missing or
 * invalid → `expired`), then the form (new password at least 6 characters, repeat must match),
 * then `changing` → `changed`. The service's weak-password answer returns to the form with
 * 'weakPassword'; an expired code at that point goes to `expired`. A verification that failed
 * for another reason (network) can be retried.
 *
 * States: `start`, `verifying`, `verifyFailed`, `form`, `changing`, `changed`, `expired`.
 * Events: `password.changed`, `repeat.changed`, `submit` (the form), `retry` (from `verifyFailed`).
 * Actors: `verifyResetCode` ({oobCode} → e-mail), `confirmReset` ({oobCode, password} → void);
 * both reject with {@link PasswordResetError}. Tags: `busy` while a call runs.
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    verifyResetCode: promiseNotProvided<string, { oobCode: string }>('verifyResetCode'),
    confirmReset: promiseNotProvided<void, { oobCode: string; password: string }>('confirmReset'),
  },
  guards: {
    hasCode: ({ context }) => context.oobCode !== null && context.oobCode.trim() !== '',
    isTooShort: ({ context }) => context.password.length < MIN_PASSWORD_LENGTH,
    isMismatch: ({ context }) => context.password !== context.repeat,
    isExpiredLink: ({ event }) => 'error' in event && resetFailureOf(event.error) === 'expiredLink',
  },
  actions: {
    assignCallFailure: assign({
      formError: ({ event }) => ('error' in event && resetFailureOf(event.error) === 'weakPassword' ? 'weakPassword' : 'unknown'),
    }),
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({ ...input, email: null, password: '', repeat: '', formError: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasCode', target: 'verifying' }, { target: 'expired' }],
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyResetCode',
        src: 'verifyResetCode',
        input: ({ context }) => ({ oobCode: context.oobCode ?? '' }),
        onDone: { target: 'form', actions: assign({ email: ({ event }) => event.output }) },
        onError: [{ guard: 'isExpiredLink', target: 'expired' }, { target: 'verifyFailed' }],
      },
    },
    verifyFailed: {
      on: { retry: 'verifying' },
    },
    form: {
      on: {
        // Typing clears the message: it described the previous attempt.
        'password.changed': { actions: assign({ password: ({ event }) => event.value, formError: null }) },
        'repeat.changed': { actions: assign({ repeat: ({ event }) => event.value, formError: null }) },
        submit: [
          { guard: 'isTooShort', actions: assign({ formError: 'tooShort' }) },
          { guard: 'isMismatch', actions: assign({ formError: 'mismatch' }) },
          { target: 'changing', actions: assign({ formError: null }) },
        ],
      },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        id: 'confirmReset',
        src: 'confirmReset',
        input: ({ context }) => ({ oobCode: context.oobCode ?? '', password: context.password }),
        onDone: 'changed',
        onError: [{ guard: 'isExpiredLink', target: 'expired' }, { target: 'form', actions: 'assignCallFailure' }],
      },
    },
    changed: { type: 'final' },
    expired: { type: 'final' },
  },
})

/** A running password reset, as the page's view takes it. */
export type PasswordResetActor = ActorRefFrom<typeof passwordResetMachine>
