import { fromCallback, fromPromise } from 'xstate'

/**
 * Placeholders for side effects a machine names but does not implement (DESIGN.md): the live
 * implementation comes from `src/services` through `machine.provide(...)`, tests pass fakes.
 * An actor that was never provided throws when it runs, so a missing wire-up fails loudly; an
 * action or a listener is a silent no-op (a machine's own default, such as the popup's
 * `followCart`, may rely on that).
 */
class NotProvidedError extends Error {
  constructor(name: string) {
    super(`"${name}" is not provided: pass it through machine.provide()`)
    this.name = 'NotProvidedError'
  }
}

/** A promise actor placeholder with typed input and output. */
export function promiseNotProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new NotProvidedError(name)
  })
}

/** A callback actor placeholder with typed input: throws when started unprovided. */
export function callbackNotProvided<TInput>(name: string) {
  return fromCallback<{ type: string }, TInput>(() => {
    throw new NotProvidedError(name)
  })
}

/**
 * A callback actor placeholder for a listener whose events are optional (the page leaving):
 * it listens to nothing until provided, so a machine run in tests or traversal keeps going.
 */
export function listenerNotProvided<TInput = void>() {
  return fromCallback<{ type: string }, TInput>(() => undefined)
}

/** An action placeholder: does nothing until provided (effects such as navigation are optional in tests). */
export function actionNotProvided(): void {}
