import type { PasswordResetError } from './password-reset.machine'

const failure = (f: PasswordResetError['failure']): PasswordResetError => ({ failure: f })

/** Sample events for path tests of the password reset machine (SPEC §4, §5, §8). */
export const passwordResetSamples = {
  'password.changed': [
    { type: 'password.changed', value: 'abc' },
    { type: 'password.changed', value: 'secret-1' },
  ],
  'repeat.changed': [{ type: 'repeat.changed', value: 'secret-1' }],
  submit: [{ type: 'submit' }],
  retry: [{ type: 'retry' }],
  'xstate.done.actor.verifyResetCode': [{ type: 'xstate.done.actor.verifyResetCode', output: 'owner@example.com' }],
  'xstate.error.actor.verifyResetCode': [
    { type: 'xstate.error.actor.verifyResetCode', error: failure('expiredLink') },
    { type: 'xstate.error.actor.verifyResetCode', error: failure('unknown') },
  ],
  'xstate.done.actor.confirmReset': [{ type: 'xstate.done.actor.confirmReset', output: undefined }],
  'xstate.error.actor.confirmReset': [
    { type: 'xstate.error.actor.confirmReset', error: failure('weakPassword') },
    { type: 'xstate.error.actor.confirmReset', error: new Error('Failed to fetch') },
    { type: 'xstate.error.actor.confirmReset', error: failure('expiredLink') },
  ],
}
