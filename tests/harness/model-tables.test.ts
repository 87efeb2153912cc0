import { describe, expect, it } from 'vitest'
import { passwordResetModel } from '../e2e/model/password-reset.model'
import { receiptEmailModel } from '../e2e/model/receipt-email.model'
import { back, eventNotInBrowser, fault, passing, reload, routeAnswer, stateNotInBrowser } from '../e2e/model/causes'
import { SandboxLock } from '../e2e/model/lock'
import { checkTables, generateModelPaths, machineEvents, modelLine, pathInWords, restingLeaves, type BrowserModel } from './model'

/** A copy of a model without one entry of a table. */
function without(model: BrowserModel, table: 'events' | 'states', key: string): BrowserModel {
  const { [key]: _removed, ...rest } = model[table]
  return { ...model, [table]: rest }
}

describe('browser model tables (DESIGN.md "Testing pyramid" 4)', () => {
  it.each([passwordResetModel, receiptEmailModel])('$name: every event has a cause and every state a page', (model) => {
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
    expect(plan.selected.length).toBeLessThan(plan.generated.length / 2)
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
    expect(modelLine(limited, limited.selected)).toMatch(/transitions 13\/14$/)
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
