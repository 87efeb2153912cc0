import { describe, expect, it } from 'vitest'
import { checkoutModel } from '../e2e/model/checkout.model'
import { browserModels } from '../e2e/model/models'
import { passwordResetModel } from '../e2e/model/password-reset.model'
import { receiptEmailModel } from '../e2e/model/receipt-email.model'
import type { AnyMachineSnapshot } from 'xstate'
import { back, causes, click, eventNotInBrowser, fault, held, passing, reload, routeAnswer, sample, sees, shows, stateNotInBrowser } from '../e2e/model/causes'
import { SandboxLock } from '../e2e/model/lock'
import { checkCoverage, checkTables, generateModelPaths, heldUrlsOf, machineEvents, modelLine, pathInWords, restingLeaves, type BrowserModel, type Sample, type Via } from './model'

/** A copy of a model without one entry of a table. */
function without(model: BrowserModel, table: 'events' | 'states', key: string): BrowserModel {
  const { [key]: _removed, ...rest } = model[table]
  return { ...model, [table]: rest }
}

describe('browser model tables (DESIGN.md "Testing pyramid" 4)', () => {
  it.each([...browserModels])('$name: every event has a cause and every state a page', (model) => {
    expect(checkTables(model)).toEqual([])
    expect(machineEvents(model.machine).length).toBeGreaterThan(0)
  })

  it('fails naming an event whose "event → cause" entry is deleted', () => {
    expect(checkTables(without(passwordResetModel, 'events', 'retry'))).toEqual([`passwordReset: event 'retry' has no "event → cause" entry`])
    expect(checkTables(without(receiptEmailModel, 'events', 'xstate.error.actor.sendReceipt'))).toEqual([
      `receiptEmail: event 'xstate.error.actor.sendReceipt' has no "event → cause" entry`,
    ])
  })

  it('fails naming a state whose "state → what the page shows" entry is deleted', () => {
    expect(checkTables(without(passwordResetModel, 'states', 'verifyFailed'))).toEqual([
      `passwordReset: state 'verifyFailed' has no "state → what the page shows" entry`,
    ])
    expect(checkTables(without(checkoutModel, 'states', 'started.awaitingReceipt'))).toEqual([
      `checkout: state 'started.awaitingReceipt' has no "state → what the page shows" entry`,
    ])
    expect(checkTables(without(checkoutModel, 'events', 'payment.retry'))).toEqual([`checkout: event 'payment.retry' has no "event → cause" entry`])
  })

  it('wants a reason for what the browser cannot cause or show, and no entry for what the machine lacks', () => {
    const model: BrowserModel = {
      ...passwordResetModel,
      events: { ...passwordResetModel.events, retry: eventNotInBrowser(' '), 'retry.later': eventNotInBrowser('not an event') },
      states: { ...passwordResetModel.states, changed: stateNotInBrowser('') },
    }
    expect(checkTables(model)).toEqual([
      `passwordReset: event 'retry' is marked not in the browser without a reason`,
      `passwordReset: "event → cause" names 'retry.later', which the machine does not handle`,
      `passwordReset: state 'changed' is marked not in the browser without a reason`,
    ])
  })

  it('names the resting leaf states the page must show (not transient ones)', () => {
    expect(restingLeaves(passwordResetModel.machine)).toEqual(['verifying', 'verifyFailed', 'form', 'changing', 'changed', 'expired'])
  })
})

describe('browser model paths', () => {
  const plan = generateModelPaths(passwordResetModel)

  it('generates shortest paths plus coverage paths, and picks a set that takes every transition and checks every state', () => {
    const generated = new Set(plan.generated.flatMap((p) => p.transitions))
    expect(plan.allTransitions.filter((t) => !generated.has(t))).toEqual([])
    expect(new Set(plan.selected.flatMap((p) => p.transitions))).toEqual(generated)
    expect(new Set(plan.selected.flatMap((p) => p.checks))).toEqual(new Set(plan.allStates))
    expect(plan.selected.every((p) => plan.generated.includes(p))).toBe(true)
    expect(plan.selected.length).toBeLessThan(plan.generated.length)
    expect(checkCoverage(plan)).toEqual([])
    expect(modelLine(plan, plan.selected)).toBe(`model paths: passwordReset ${plan.generated.length} generated, ${plan.selected.length} run, browser states 6/6, transitions 14/14`)
    expect(modelLine(plan, [])).toMatch(/, 0 run, browser states 0\/6, transitions 0\/14$/)
  })

  it('sends a platform answer only where the sandbox would give it, and words each path for QA', () => {
    const words = plan.generated.map((p) => pathInWords(passwordResetModel, p))
    expect(words).toContain(
      "open /auth/passwordreset?oobCode=model-ok → platform: accepts the link → type 'password' in New password → type 'password' in Repeat password → click 'Change password' → platform: refuses a common password → sees alert 'Your password is not secure enough', button 'Change password'",
    )
    expect(words.filter((w) => w.includes("'Tr1cky-horse' in Repeat password") && w.includes('refuses a common password'))).toEqual([])
    expect(words.filter((w) => w.includes('oobCode=expired-model') && w.includes('accepts the link'))).toEqual([])
  })

  it('leaves out a cause the table marks not in the browser, and the transitions only it takes', () => {
    const model: BrowserModel = { ...passwordResetModel, events: { ...passwordResetModel.events, retry: eventNotInBrowser('no retry button in this test') } }
    const limited = generateModelPaths(model)
    expect(limited.generated.flatMap((p) => p.transitions)).not.toContain('verifyFailed on retry → verifying')
    expect(modelLine(limited, limited.selected)).toMatch(/transitions 13\/14 \(1 not browser-causable, reasons in the table\)$/)
    expect(checkCoverage(limited)).toEqual([])
  })

  it('fails naming a transition no path takes and nothing explains, and a listed one a path takes', () => {
    const retry = passwordResetModel.events.retry as { samples: Sample[] }
    const never: BrowserModel = {
      ...passwordResetModel,
      events: { ...passwordResetModel.events, retry: causes(...retry.samples.map((s) => ({ ...s, cause: { ...s.cause, when: () => false } }))) },
    }
    expect(checkCoverage(generateModelPaths(never))).toEqual([
      `passwordReset: transition 'verifyFailed on retry → verifying' is never taken in the browser and not listed in transitionsNotInBrowser`,
    ])
    const listed = { ...never, transitionsNotInBrowser: { 'verifyFailed on retry → verifying': 'no retry button in this test' } }
    expect(checkTables(listed)).toEqual([])
    expect(checkCoverage(generateModelPaths(listed))).toEqual([])
    expect(modelLine(generateModelPaths(listed), generateModelPaths(listed).selected)).toMatch(/transitions 13\/14 \(1 not browser-causable/)

    const stale = { ...passwordResetModel, transitionsNotInBrowser: { 'verifyFailed on retry → verifying': 'stale', 'form on kick → changed': ' ' } }
    expect(checkTables(stale)).toEqual([`passwordReset: transition 'form on kick → changed' is listed not in the browser, but the machine has no such transition`])
    expect(checkCoverage(generateModelPaths(stale))).toEqual([`passwordReset: transition 'verifyFailed on retry → verifying' is listed not in the browser, but a path takes it`])
  })

  it('lets one event be caused one way in one state and another way in another', () => {
    const submit = passwordResetModel.events.submit as { samples: Sample[] }
    const event = submit.samples[0]!.event
    const weak = (s: AnyMachineSnapshot) => String(s.context.password).length < 6
    const twoWays: BrowserModel = {
      ...passwordResetModel,
      events: {
        ...passwordResetModel.events,
        submit: causes(sample(event, click('button', 'Change password', weak)), sample(event, { ...click('button', 'Change password', (s) => !weak(s)), words: 'press Enter' })),
      },
    }
    expect(checkTables(twoWays)).toEqual([])
    const words = generateModelPaths(twoWays).generated.map((p) => pathInWords(twoWays, p))
    expect(words.some((w) => w.includes("accepts the link → click 'Change password' → sees alert 'Password must be at least 6 characters'"))).toBe(true)
    expect(words.some((w) => /'(password|Tr1cky-horse)' in New password.*press Enter/.test(w))).toBe(true)
    expect(words.filter((w) => /'abc' in New password.*press Enter/.test(w))).toEqual([])

    const ambiguous = { ...twoWays, events: { ...twoWays.events, submit: causes(sample(event, click('button', 'Change password')), sample(event, click('button', 'Send'))) } }
    expect(checkTables(ambiguous)).toEqual([`passwordReset: event 'submit' has two samples with the same payload, not both with a 'when'`])
  })

  it('with coverSamples, takes every sample and opens every start in the browser, and names a sample no path takes', () => {
    const model: BrowserModel = { ...passwordResetModel, coverSamples: true }
    const plan = generateModelPaths(model)
    expect(checkCoverage(plan)).toEqual([])
    const taken = new Set(plan.selected.flatMap((p) => p.steps.map((s) => s.cause.words)))
    const listed = [...model.starts.map((s) => s.open.words), ...Object.values(model.events).flatMap((e) => ('samples' in e ? e.samples.map((s) => s.cause.words) : []))]
    expect(listed.filter((w) => !taken.has(w))).toEqual([])
    const retry = passwordResetModel.events.retry as { samples: Sample[] }
    const never: BrowserModel = { ...model, events: { ...model.events, retry: causes(...retry.samples.map((s) => ({ ...s, cause: { ...s.cause, when: () => false } }))) } }
    expect(checkCoverage(generateModelPaths(never))).toContain(`passwordReset: sample 'click 'Try again'' of event 'retry' is never taken in the browser`)
  })

  it("checks a state as it was reached: the start and the event hand the entry what it needs", () => {
    const seen: Via[] = []
    const model: BrowserModel = {
      ...passwordResetModel,
      states: { ...passwordResetModel.states, expired: shows((_, via) => (seen.push(via), sees.heading('gone'))) },
    }
    const plan = generateModelPaths(model)
    const path = plan.generated.find((p) => p.start.name === 'an expired link')!
    const last = path.steps.at(-1)!
    expect(pathInWords(model, path)).toContain("sees heading 'gone'")
    expect(seen.at(-1)).toEqual({ start: path.start, event: last.event })
    expect(heldUrlsOf(held((s, via) => [`**/${via.start.name}`, `**/${String(s.value)}`], sees.heading('x'), 'GET'), last.snapshot, { start: path.start, event: last.event })).toEqual(['**/an expired link', '**/expired'])
    expect(held('**/x', sees.heading('x'), 'GET')).toMatchObject({ kind: 'held', url: '**/x', method: 'GET' })
  })
})

describe('cause and page helpers', () => {
  it('word every kind of cause for QA, and say who causes it', () => {
    const all = [reload(), back(), fault({ startPayment: 'error500', times: 1 }, 'startPayment fails once'), routeAnswer('**/x', { status: 500, json: {} }, 'x fails')]
    expect(all.map((c) => [c.by, c.words])).toEqual([
      ['user', 'reload'],
      ['user', 'Back'],
      ['platform', 'platform (sandbox fault): startPayment fails once'],
      ['platform', 'platform (page.route): x fails'],
    ])
    expect(all.map((c) => Boolean(c.arrange))).toEqual([false, false, true, true])
    expect(passing("'Starting payment…' until the platform answers")).toEqual({ kind: 'passing', words: "'Starting payment…' until the platform answers" })
  })
})

describe('sandbox lock of the model runner', () => {
  it('lets shared paths run together and an exclusive one alone, in arrival order', async () => {
    const lock = new SandboxLock()
    const log: string[] = []
    const run = async (name: string, exclusive: boolean, ms: number) => {
      const unlock = await lock.acquire(exclusive)
      log.push(`${name}+`)
      await new Promise((r) => setTimeout(r, ms))
      log.push(`${name}-`)
      unlock()
    }
    await Promise.all([run('a', false, 20), run('b', false, 5), run('x', true, 5), run('c', false, 1)])
    expect(log).toEqual(['a+', 'b+', 'b-', 'a-', 'x+', 'x-', 'c+', 'c-'])
  })
})
