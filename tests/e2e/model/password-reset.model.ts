/**
 * The password reset page as a browser model (SPEC §2, §4 "Password reset", §5, §8;
 * CONTRACT.md "More words"): `/auth/passwordreset?oobCode=…` against the sandbox's identity
 * service (`expired…` code: link expired; a password under 6 characters or a common one: too weak).
 */
import type { AnyMachineSnapshot } from 'xstate'
import { passwordResetMachine, type PasswordFormError } from '@machines/password-reset/password-reset.machine'
import type { BrowserModel } from '@tests/harness/model'
import { all, causes, click, fill, held, open, platform, routeAnswer, sample, sees, shows } from './causes'

const IDENTITY = '**/identitytoolkit.googleapis.com/**'
/** The sandbox's common passwords that we type (sandbox/app.ts `weakPasswords`). */
const COMMON = new Set(['password'])
const weak = (password: string) => password.length < 6 || COMMON.has(password.toLowerCase())
const validCode = (s: AnyMachineSnapshot) => !/^(expired|invalid)/.test(String(s.context.oobCode ?? ''))
const identityError = (message: string, status = 400) => ({ status, json: { error: { code: status, message } } })

const formErrors: Record<PasswordFormError, string> = {
  tooShort: 'Password must be at least 6 characters',
  mismatch: 'Passwords do not match',
  weakPassword: 'Your password is not secure enough',
  unknown: 'An error occurred',
}

const event = (type: string, rest: Record<string, unknown> = {}) => ({ type, ...rest })

export const passwordResetModel: BrowserModel = {
  name: 'passwordReset',
  machine: passwordResetMachine,
  contextKeys: ['formError', 'password', 'repeat'],
  starts: [
    { name: 'a valid link', input: { oobCode: 'model-ok' }, open: open('/auth/passwordreset?oobCode=model-ok') },
    { name: 'an expired link', input: { oobCode: 'expired-model' }, open: open('/auth/passwordreset?oobCode=expired-model') },
    { name: 'a link without a code', input: { oobCode: null }, open: open('/auth/passwordreset') },
  ],
  events: {
    'xstate.done.actor.verifyResetCode': causes(
      sample(event('xstate.done.actor.verifyResetCode', { output: 'owner@example.com' }), platform('accepts the link', validCode)),
    ),
    'xstate.error.actor.verifyResetCode': causes(
      sample(event('xstate.error.actor.verifyResetCode', { error: { failure: 'expiredLink' } }), platform('says the link expired', (s) => !validCode(s))),
      sample(event('xstate.error.actor.verifyResetCode', { error: { failure: 'unknown' } }), routeAnswer(IDENTITY, identityError('INTERNAL_ERROR', 500), 'the identity service fails')),
    ),
    retry: causes(sample(event('retry'), click('button', 'Try again'))),
    'password.changed': causes(
      ...['abc', 'password', 'Tr1cky-horse'].map((value) => sample(event('password.changed', { value }), fill('New password', value))),
    ),
    'repeat.changed': causes(...['password', 'Tr1cky-horse'].map((value) => sample(event('repeat.changed', { value }), fill('Repeat password', value)))),
    submit: causes(sample(event('submit'), click('button', 'Change password'))),
    'xstate.done.actor.confirmReset': causes(
      sample(event('xstate.done.actor.confirmReset', { output: undefined }), platform('changes the password', (s) => !weak(String(s.context.password)))),
    ),
    'xstate.error.actor.confirmReset': causes(
      sample(event('xstate.error.actor.confirmReset', { error: { failure: 'weakPassword' } }), platform('refuses a common password', (s) => weak(String(s.context.password)))),
      sample(event('xstate.error.actor.confirmReset', { error: { failure: 'unknown' } }), routeAnswer(IDENTITY, identityError('INTERNAL_ERROR', 500), 'the identity service fails')),
      sample(event('xstate.error.actor.confirmReset', { error: { failure: 'expiredLink' } }), routeAnswer(IDENTITY, identityError('EXPIRED_OOB_CODE'), 'the link expired meanwhile')),
    ),
  },
  states: {
    verifying: held(IDENTITY, sees.status('Checking the link…')),
    verifyFailed: shows(all(sees.alert('An error occurred'), sees.button('Try again'))),
    form: shows((s) => {
      const error = s.context.formError as PasswordFormError | null
      return error
        ? all(sees.alert(formErrors[error]), sees.button('Change password', { disabled: false }))
        : all(sees.field('New password', { disabled: false }), sees.field('Repeat password', { disabled: false }), sees.no('alert'))
    }),
    changing: held(IDENTITY, all(sees.field('New password', { disabled: true }), sees.button('Change password', { disabled: true }))),
    changed: shows(sees.heading('Your password has been changed')),
    expired: shows(sees.alert('The link is too old. Request a new one in the app.')),
  },
}
