/**
 * Building blocks of the two tables of a browser model (tests/harness/model.ts): causes (how a
 * person or the platform causes a machine event) and expectations (what the page shows, by
 * role and accessible name, in CONTRACT.md's English words). Only Playwright's types are
 * imported, so `npm run flows` can read the tables without a browser.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { Cause, EventEntry, Expectation, RunContext, Sample, Shows, StateEntry, Via } from '@tests/harness/model'
import type { FaultSpec } from '../support/browser'

/** How long a check waits for the page (ms); the shared CI machine is slow at times. */
const CHECK_TIMEOUT_MS = 10_000

// ---- causes -----------------------------------------------------------------------------

/** Opens a path of the app; `path` may use the model's prepared values. */
export function open(path: string | ((vars: Record<string, string>) => string), words?: string): Cause {
  return {
    by: 'user',
    words: words ?? `open ${String(path)}`,
    act: async ({ page, vars }) => void (await page.goto(typeof path === 'function' ? path(vars) : path)),
  }
}

/** Clicks the control with this role and accessible name. */
export function click(role: 'button' | 'link', name: string, when?: Cause['when']): Cause {
  return { by: 'user', words: `click '${name}'`, act: ({ page }) => page.getByRole(role, { name, exact: true }).click(), ...(when ? { when } : {}) }
}

/** Types `value` into the field labelled `label` (one input event, as the machine sees one change). */
export function fill(label: string, value: string, when?: Cause['when']): Cause {
  return { by: 'user', words: `type '${value}' in ${label}`, act: ({ page }) => page.getByLabel(label, { exact: true }).fill(value), ...(when ? { when } : {}) }
}

/** Reloads the page. */
export function reload(): Cause {
  return { by: 'user', words: 'reload', act: async ({ page }) => void (await page.reload()) }
}

/** The browser's Back button. */
export function back(): Cause {
  return { by: 'user', words: 'Back', act: async ({ page }) => void (await page.goBack()) }
}

/** Anything else a person does, in words, e.g. "type 4242 4242 4242 4242 in Card number, click 'Pay'". */
export function user(words: string, act: NonNullable<Cause['act']>, when?: Cause['when']): Cause {
  return { by: 'user', words, act, ...(when ? { when } : {}) }
}

/**
 * The platform answers by itself (the sandbox's rule, a timer); `when` says in which states it
 * answers this way; `more` may name the held request it answers, or what makes it answer so.
 */
export function platform(words: string, when?: Cause['when'], more: Pick<Cause, 'releases' | 'arrange' | 'act'> = {}): Cause {
  return { by: 'platform', words: `platform: ${words}`, ...(when ? { when } : {}), ...more }
}

/**
 * An answer of the platform made with `page.route` on the next request matching `url` (a glob):
 * `json`, or a plain `text` body.
 */
export function routeAnswer(url: string, answer: { status: number; json: unknown } | { status: number; text: string }, words: string, when?: Cause['when']): Cause {
  const body = 'json' in answer ? { contentType: 'application/json', body: JSON.stringify(answer.json) } : { contentType: 'text/plain', body: answer.text }
  return {
    by: 'platform',
    words: `platform (page.route): ${words}`,
    arrange: async ({ page }) => {
      await page.route(url, (route) => route.fulfill({ status: answer.status, ...body }), { times: 1 })
    },
    ...(when ? { when } : {}),
  }
}

/**
 * An answer made with the sandbox's fault switch (`POST /sandbox/faults`). The switch applies to
 * every browser, so a path with it runs alone (the runner clears the faults afterwards).
 */
export function fault(spec: FaultSpec, words: string, when?: Cause['when']): Cause {
  return {
    by: 'platform',
    words: `platform (sandbox fault): ${words}`,
    exclusive: true,
    arrange: async ({ baseUrl }) => {
      const res = await fetch(`${baseUrl}/sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) })
      if (!res.ok) throw new Error(`POST /sandbox/faults: HTTP ${res.status}`)
    },
    ...(when ? { when } : {}),
  }
}

/** An "event → cause" entry from samples. */
export function causes(...samples: Sample[]): EventEntry {
  return { samples }
}

/** One sample: the event and its cause. */
export function sample<TEvent extends EventObject>(event: TEvent, cause: Cause): Sample {
  return { event, cause }
}

/** An event the browser cannot cause, with the reason. */
export function eventNotInBrowser(reason: string): EventEntry {
  return { notInBrowser: reason }
}

// ---- what the page shows ----------------------------------------------------------------

const wait = { timeout: CHECK_TIMEOUT_MS }

/** Expectations by role and accessible name. */
export const sees = {
  heading: (name: string): Expectation => ({ words: `heading '${name}'`, check: ({ page }) => page.getByRole('heading', { name }).waitFor(wait) }),
  /** An element with role alert containing the text. */
  alert: (text: string): Expectation => ({ words: `alert '${text}'`, check: ({ page }) => page.getByRole('alert').filter({ hasText: text }).first().waitFor(wait) }),
  /** A live status (role status) containing the text, or named so (a spinner's label). */
  status: (text: string): Expectation => ({
    words: `status '${text}'`,
    check: ({ page }) => page.getByRole('status', { name: text }).or(page.getByRole('status').filter({ hasText: text })).first().waitFor(wait),
  }),
  /** A form field by its label (password fields have no role); `disabled` checks the state too. */
  field: (label: string, opts: { disabled?: boolean } = {}): Expectation => ({
    words: `field '${label}'${opts.disabled ? ' (disabled)' : ''}`,
    check: ({ page }) => {
      const field = page.getByLabel(label, { exact: true })
      return (opts.disabled === undefined ? field : field.and(page.locator(opts.disabled ? ':disabled' : ':enabled'))).waitFor(wait)
    },
  }),
  button: (name: string, opts: { disabled?: boolean } = {}): Expectation => ({
    words: `button '${name}'${opts.disabled ? ' (disabled)' : ''}`,
    check: ({ page }) => page.getByRole('button', { name, exact: true, ...(opts.disabled === undefined ? {} : { disabled: opts.disabled }) }).waitFor(wait),
  }),
  /** Text anywhere on the page (the first match). */
  text: (text: string): Expectation => ({ words: `text '${text}'`, check: ({ page }) => page.getByText(text).first().waitFor(wait) }),
  link: (name: string): Expectation => ({ words: `link '${name}'`, check: ({ page }) => page.getByRole('link', { name }).first().waitFor(wait) }),
  /** A textbox by its accessible name (a required mark is no part of it). */
  textbox: (name: string): Expectation => ({ words: `textbox '${name}'`, check: ({ page }) => page.getByRole('textbox', { name, exact: true }).waitFor(wait) }),
  /** No heading with this name: e.g. a section is gone. */
  noHeading: (name: string): Expectation => ({ words: `no heading '${name}'`, check: ({ page }) => page.getByRole('heading', { name }).first().waitFor({ ...wait, state: 'hidden' }) }),
  /** The text nowhere on the page: e.g. a lock's reason is gone. */
  noText: (text: string): Expectation => ({ words: `no text '${text}'`, check: ({ page }) => page.getByText(text).first().waitFor({ ...wait, state: 'hidden' }) }),
  /** No disabled fieldset: the form groups on the page take input (e.g. the cart's edits). */
  noDisabledFieldset: (): Expectation => ({ words: 'no disabled fieldset', check: ({ page }) => page.locator('fieldset:disabled').first().waitFor({ ...wait, state: 'hidden' }) }),
  /** No element with this role (containing the text, when given): e.g. an old error is gone. */
  no: (role: 'alert' | 'status', text = ''): Expectation => ({
    words: text ? `no ${role} '${text}'` : `no ${role}`,
    check: ({ page }) => page.getByRole(role).filter({ hasText: text }).first().waitFor({ ...wait, state: 'hidden' }),
  }),
}

/** All of the expectations, checked in order. */
export function all(...expectations: Expectation[]): Expectation {
  return {
    words: expectations.map((e) => e.words).join(', '),
    check: async (ctx: RunContext) => {
      for (const e of expectations) await e.check(ctx)
    },
  }
}

/** A "state → what the page shows" entry. */
export function shows(expectation: Shows): StateEntry {
  return { kind: 'shows', shows: expectation }
}

/**
 * A busy state: the runner holds the requests matching `url` (a glob, or the globs the snapshot
 * calls for; only `method` requests when given) while it checks the page.
 */
export function held(url: string | RegExp | ((snapshot: AnyMachineSnapshot, via: Via) => Array<string | RegExp>), expectation: Shows, method?: string): StateEntry {
  return { kind: 'held', url, shows: expectation, ...(method ? { method } : {}) }
}

/** Shown only until the platform answers; not checked, and no person acts in it. */
export function passing(words: string): StateEntry {
  return { kind: 'passing', words }
}

/** A state the browser cannot reach or show, with the reason. */
export function stateNotInBrowser(reason: string): StateEntry {
  return { kind: 'notInBrowser', reason }
}
