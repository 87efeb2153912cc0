import { beforeEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type StateValueFrom } from 'xstate'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n as english, setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { TestProvider } from '@tests/test-provider'
import { actorAt, sentEvents } from '@tests/harness/actor-at'
import { messages as svMessages } from '../../../locales/sv/messages.po'
import { messages as svOwnerMessages } from '../../../locales/sv/owner.po'
import { messages as fiOwnerMessages } from '../../../locales/fi/owner.po'
import { providerErrorMessages } from './owner.messages'
import { passwordResetMachine } from '@machines/password-reset/password-reset.machine'
import { bookkeepingCallbackMachine, type BookkeepingCallbackContext } from '@machines/bookkeeping-callback/bookkeeping-callback.machine'
import { integrationLinkMachine } from '@machines/integration-link/integration-link.machine'
import { receiptPdfMachine } from '@machines/receipt-pdf/receipt-pdf.machine'
import { companyCardPaymentMachine, type CompanyCardPaymentContext } from '@machines/company-card-payment/company-card-payment.machine'

type CompanyCardPaymentValue = StateValueFrom<typeof companyCardPaymentMachine>
import { openIntent } from '@machines/company-card-payment/company-card-payment.samples'
import { cardPaymentMachine } from '@machines/payment/providers/card.machine'
import { PasswordResetView } from './password-reset.view'
import { BookkeepingCallbackView } from './bookkeeping-callback.view'
import { IntegrationLinkView } from './integration-link.view'
import { CompanyPaymentView } from './company-payment.view'
import { DownloadView } from './download.view'
import { ReceiptPdfView } from './receipt-pdf.view'

describe('PasswordResetView', () => {
  const base = { oobCode: 'c', email: 'owner@example.com', password: '', repeat: '', formError: null }

  it('keeps focus on the page while the change is sent and says the outcome in the status line it had (WCAG 2.4.3, 4.1.3)', () => {
    const at = (value: 'form' | 'changing' | 'changed') => <PasswordResetView actor={actorAt(passwordResetMachine, { value, context: { ...base, password: 'Str0ng!', repeat: 'Str0ng!' } })} />
    const { rerender } = render(at('form'), { wrapper: TestProvider })
    const line = screen.getByRole('status')
    expect(line).toBeEmptyDOMElement()
    act(() => screen.getByRole('button', { name: 'Change password' }).focus())
    rerender(at('changing'))
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus()
    rerender(at('changed'))
    expect(screen.getByRole('heading', { level: 1, name: 'Your password has been changed' })).toHaveFocus()
    expect(line).toHaveTextContent('You can now sign in to the app with your new password.')
    expect(screen.getByRole('status')).toBe(line)
  })

  it('shows the form, sends typing and submit, and the error of the last attempt', async () => {
    const user = userEvent.setup()
    const actor = actorAt(passwordResetMachine, { value: 'form', context: { ...base, formError: 'mismatch' } })
    render(<PasswordResetView actor={actor} />, { wrapper: TestProvider })
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match')
    await user.type(screen.getByLabelText('New password'), 'a')
    await user.type(screen.getByLabelText('Repeat password'), 'b')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(sentEvents(actor)).toEqual([
      { type: 'password.changed', value: 'a' },
      { type: 'repeat.changed', value: 'b' },
      { type: 'submit' },
    ])
  })

  it.each([
    ['tooShort', 'New password', 'Password must be at least 6 characters'],
    ['weakPassword', 'New password', 'Your password is not secure enough'],
    ['mismatch', 'Repeat password', 'Passwords do not match'],
  ] as const)('ties %s to the %s field and announces it', (formError, field, text) => {
    render(<PasswordResetView actor={actorAt(passwordResetMachine, { value: 'form', context: { ...base, formError } })} />, { wrapper: TestProvider })
    expect(screen.getByLabelText(field)).toHaveAccessibleDescription(text)
    expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('alert')).toHaveTextContent(text)
  })

  it.each([
    ['changed', 'Your password has been changed'],
    ['expired', 'The link is too old. Request a new one in the app.'],
    ['verifyFailed', 'An error occurred'],
  ] as const)('%s shows %j', (value, text) => {
    render(<PasswordResetView actor={actorAt(passwordResetMachine, { value, context: base })} />, { wrapper: TestProvider })
    expect(screen.getByText(text)).toBeInTheDocument()
    expect(screen.queryByLabelText('New password')).toBeNull()
  })
})

describe('BookkeepingCallbackView', () => {
  const base: BookkeepingCallbackContext = {
    provider: 'fortnox',
    code: null,
    state: null,
    error: null,
    errorDescription: null,
    decoded: null,
    failure: null,
  }
  const view = (value: 'providerError' | 'openingApp' | 'integrating' | 'integrated' | 'failed', context: Partial<BookkeepingCallbackContext> = {}) => {
    const actor = actorAt(bookkeepingCallbackMachine, { value, context: { ...base, ...context } })
    render(<BookkeepingCallbackView actor={actor} appLink="kassaapp://integrate/fortnox?code=c1" />, { wrapper: TestProvider })
    return actor
  }

  it('says the connection is done in the status line that was there while connecting, so it is announced (WCAG 4.1.3)', () => {
    const at = (value: 'integrating' | 'integrated') => (
      <BookkeepingCallbackView actor={actorAt(bookkeepingCallbackMachine, { value, context: base })} appLink="kassaapp://integrate/fortnox?code=c1" />
    )
    const { rerender } = render(at('integrating'), { wrapper: TestProvider })
    const line = screen.getAllByRole('status').find((element) => element.tagName === 'P')
    expect(line).toBeEmptyDOMElement()
    rerender(at('integrated'))
    expect(line).toHaveTextContent('The integration is done. You can close this page.')
    expect(screen.getByRole('status')).toBe(line)
  })

  it("shows a provider's description, cut at 300 characters: a link's own text is no page under the heading", () => {
    view('providerError', { error: 'access_denied', errorDescription: `Pay 4 990 kr to bankgiro 123-4567. ${'x'.repeat(5000)}` })
    const shown = screen.getByText(/^Pay 4 990 kr/)
    expect(shown.textContent).toHaveLength(300)
    expect(shown.textContent?.endsWith('…')).toBe(true)
  })

  it('falls back to the connection text for an unknown provider error, with its description', () => {
    view('providerError', { error: 'weird_error', errorDescription: 'Details here' })
    expect(screen.getByRole('alert')).toHaveTextContent(/Something went wrong with the connection\..*Details here/)
  })

  it.each([
    ['fortnox', 'consent_required', 'The connection was not approved in Fortnox. Try again and approve it.'],
    ['visma', 'login_required', 'You need to sign in to Visma to connect. Try again and sign in.'],
    ['stripe', 'access_denied', 'You did not allow the connection.'],
    ['fortnox', 'error_missing_license', 'The account lacks a package for integrations with Fortnox.'],
  ] as const)('looks up %s error %s in the catalog as its own message (SPEC §8)', (provider, error, text) => {
    view('providerError', { provider, error, errorDescription: 'Details here' })
    expect(screen.getByRole('alert')).toHaveTextContent(text)
    expect(screen.getByRole('alert')).toHaveTextContent('Details here')
  })

  it('keeps the generic text for a code the catalog lacks, also a provider code under another provider', () => {
    view('providerError', { provider: 'visma', error: 'error_missing_license' })
    expect(screen.getByRole('alert')).toHaveTextContent(/^Something went wrong with the connection\./)
  })

  it('has every provider error text in Swedish and Finnish', () => {
    for (const [locale, messages] of [
      ['sv', svOwnerMessages],
      ['fi', fiOwnerMessages],
    ] as const) {
      const i18n = setupI18n({ locale, messages: { [locale]: messages } })
      for (const descriptor of providerErrorMessages) {
        const text = i18n._(descriptor.id, { providerName: 'Fortnox' })
        expect(text, `${locale} ${descriptor.id}`).not.toBe(descriptor.id)
        expect(text, `${locale} ${descriptor.id}`).not.toBe(english._(descriptor.id, { providerName: 'Fortnox' }))
      }
    }
  })

  it('shows the server message of a refusal, and the generic text without one', () => {
    view('failed', { provider: 'visma', failure: { code: 'rejected', message: 'Bad code' } })
    expect(screen.getByRole('alert')).toHaveTextContent('The integration with Visma failed: Bad code')
    cleanup()
    view('failed', { provider: 'visma', failure: { code: 'rejected', message: null } })
    expect(screen.getByRole('alert').textContent).toBe('The integration with Visma failed')
  })

  it('offers the app link and opens it through the machine', async () => {
    const actor = view('openingApp')
    const link = screen.getByRole('link', { name: 'Open the app' })
    expect(link).toHaveAttribute('href', 'kassaapp://integrate/fortnox?code=c1')
    await userEvent.setup().click(link)
    expect(sentEvents(actor)).toEqual([{ type: 'app.open' }])
  })
})

describe('IntegrationLinkView', () => {
  const base = { bookkeeper: 'visma', companyId: 'cafe', authCode: 'a', companyName: null, integrationUrl: 'https://x.example' }

  it('continues from ready', async () => {
    const actor = actorAt(integrationLinkMachine, { value: 'ready', context: base })
    render(<IntegrationLinkView actor={actor} />, { wrapper: TestProvider })
    expect(screen.getByRole('heading', { name: 'Connect to Visma' })).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }))
    expect(sentEvents(actor)).toEqual([{ type: 'continue' }])
  })

  it('says something went wrong for a missing parameter', () => {
    render(<IntegrationLinkView actor={actorAt(integrationLinkMachine, { value: 'missingParameter', context: base })} />, { wrapper: TestProvider })
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })
})

describe('CompanyPaymentView', () => {
  const swedish = setupI18n({ locale: 'sv', messages: { sv: { ...svMessages, ...svOwnerMessages } } })
  const context: CompanyCardPaymentContext = { companyId: 'cafe', paymentIntentId: 'pi', intent: openIntent, error: null }
  // The route's card form stands in: a field named as Stripe's Swedish one, and the card it got.
  const CardForm = ({ card }: { card: { id: string } }) => <input aria-label="Kortnummer" data-card={card.id} />
  const view = (value: CompanyCardPaymentValue, gloss: typeof english | null, extra: Partial<CompanyCardPaymentContext> = {}) => {
    const actor = actorAt(companyCardPaymentMachine, { value, context: { ...context, ...extra } })
    const result = render(
      <I18nProvider i18n={swedish}>
        <CompanyPaymentView actor={actor} CardForm={CardForm} testMode gloss={gloss} />
      </I18nProvider>,
    )
    return { actor, ...result }
  }

  it('shows the amount in the currency the intent names (SEK unless it says otherwise)', () => {
    view({ paying: 'idle' }, null, { intent: { ...openIntent, amount: { amount: 12345, currency: 'EUR' } } })
    expect(screen.getByText(/^123,45\s*€$/)).toBeInTheDocument()
  })

  it('renders Swedish labels and the amount in SEK, and pays', async () => {
    const { actor } = view({ paying: 'idle' }, null)
    expect(screen.getByRole('heading', { name: 'Kortbetalning' })).toBeInTheDocument()
    expect(screen.getByText('Belopp')).toBeInTheDocument()
    expect(screen.getByText(/^1\s250,00\s*kr$/)).toBeInTheDocument()
    expect(screen.getByText('Testläge')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Betala' }))
    expect(sentEvents(actor)).toEqual([{ type: 'card.submit' }])
  })

  it('hands the invoked card payment to the card form', () => {
    const actor = createActor(companyCardPaymentMachine.provide({ actors: { fetchPaymentIntent: fromPromise(async () => openIntent), cardPayment: cardPaymentMachine } }), {
      input: { companyId: 'cafe', paymentIntentId: 'pi' },
    })
    actor.start()
    // The card first reads the intent (here unprovided: unreadable, so the form).
    return waitFor(actor, (s) => s.matches({ paying: 'idle' })).then(() => {
      render(
        <I18nProvider i18n={swedish}>
          <CompanyPaymentView actor={actor} CardForm={CardForm} testMode={false} gloss={null} />
        </I18nProvider>,
      )
      expect(screen.getByLabelText('Kortnummer')).toHaveAttribute('data-card', actor.getSnapshot().children.cardPayment?.id)
      expect(screen.queryByText('Testläge')).toBeNull()
      actor.stop()
    })
  })

  it('glosses short labels in the visitor language', () => {
    view({ paying: 'idle' }, english)
    expect(screen.getByRole('button', { name: 'Betala (Pay)' })).toBeInTheDocument()
    expect(screen.getByText('Belopp', { exact: false }).closest('p')).toHaveTextContent(/^Belopp \(Amount\)$/)
  })

  // Every Swedish text of each screen, with its English gloss marked as English (WCAG 3.1.2).
  it.each([
    ['loading', 'loading', {}, ['Kortbetalning (Card payment)']],
    // The card reads whether the intent was paid before a reload: neither the form nor success yet.
    ['checking the card intent', { paying: 'checking' }, {}, ['Kortbetalning (Card payment)']],
    ['loadFailed', 'loadFailed', { intent: null }, ['Kortbetalning (Card payment)', 'Det gick inte att hämta betalningen (Failed to fetch payment intent)', 'Försök igen (Try again)']],
    [
      'a refused card',
      { paying: 'idle' },
      { error: { code: 'providerError', message: 'Declined.' } },
      [
        'Kortbetalning (Card payment)',
        'Testläge (Test mode)',
        'Belopp (Amount)',
        'Ett fel uppstod, försök igen (An error occurred, please try again): Declined.',
        'Betala (Pay)',
      ],
    ],
    ['an unknown error', { paying: 'idle' }, { error: { code: 'unknownProviderError', message: null } }, ['Ett okänt fel uppstod, försök igen (An unknown error occurred, please try again)']],
    ['a cancelled intent', 'stopped', { intent: { ...openIntent, status: 'CANCELLED' } }, ['Betalningen avbröts (Payment was cancelled)', 'Försök igen (Try again)']],
    ['processing', { paying: 'confirming' }, {}, ['Betalningen behandlas… (Processing payment…)']],
    ['succeeded', { polling: 'waiting' }, {}, ['Betalningen lyckades och slutförs… (Payment successful, completing it…)']],
    ['completed', 'completed', { intent: { ...openIntent, status: 'COMPLETED' } }, ['Betalningen är genomförd (Payment completed)', 'Tack! Du kan stänga den här sidan. (Thank you! You can close this page.)']],
  ] as const)('glosses every text of %s', (name, value, extra, texts) => {
    const { container } = view(value as CompanyCardPaymentValue, english, extra)
    const glossed = Array.from(container.querySelectorAll('[lang="en"]'), (gloss) => gloss.parentElement?.textContent?.trim())
    for (const text of texts) expect(glossed).toContain(text)
    // Each Swedish text beside its gloss says it is Swedish (the document's lang is English).
    const swedish = container.querySelectorAll('[lang="sv"]')
    expect(swedish.length).toBe(container.querySelectorAll('[lang="en"]').length)
    for (const sv of swedish) expect(sv.nextElementSibling?.getAttribute('lang')).toBe('en')
    // No text of the page's own is left without its gloss (the amount is a number, not a text).
    const lone = Array.from(container.querySelectorAll('h1, p, button, [role="alert"]'), (el) => (el.querySelector('[lang="en"]') ? '' : (el.textContent ?? '')))
    expect(lone.filter((t) => t.trim() !== '' && !/^[\d\s,]+kr$/.test(t))).toEqual([])
    // The spinner's name is glossed too (an attribute: no language mark).
    if (value === 'loading' || name === 'checking the card intent') expect(screen.getByRole('status', { name: 'Laddar (Loading)' })).toBeInTheDocument()
  })

  // The server's message is in its own language: shown once, unglossed, after our glossed words.
  it.each([
    ['this visit\'s refusal', { error: { code: 'providerError', message: 'Your card was declined.' } }],
    ['the platform\'s earlier error', { intent: { ...openIntent, errorMessage: 'Your card was declined.' } }],
  ] as const)('shows the server message of %s once, not glossed', (_, extra) => {
    view({ paying: 'idle' }, english, extra)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Ett fel uppstod, försök igen (An error occurred, please try again): Your card was declined.')
    const server = within(alert).getByText('Your card was declined.')
    expect(server).toHaveAttribute('lang', '')
    // Not inside the English gloss (the page's own <html lang> is another test's business).
    expect([...alert.querySelectorAll('[lang="en"]')].some((gloss) => gloss.contains(server))).toBe(false)
  })

  it('shows the provider message, the unknown error, the platform\'s earlier error, processing, success and completed', () => {
    const { unmount } = view({ paying: 'idle' }, null, { error: { code: 'providerError', message: 'Kortet nekades.' } })
    expect(screen.getByRole('alert')).toHaveTextContent('Ett fel uppstod, försök igen: Kortet nekades.')
    unmount()
    const second = view({ paying: 'idle' }, null, { error: { code: 'unknownProviderError', message: null } })
    expect(screen.getByRole('alert')).toHaveTextContent('Ett okänt fel uppstod, försök igen')
    second.unmount()
    // The platform ended the intent unpaid: its words, no card form, Try again reads it again.
    const cancelled = view('stopped', null, { intent: { ...openIntent, status: 'CANCELLED' } })
    expect(screen.getByRole('alert')).toHaveTextContent('Betalningen avbröts')
    expect(screen.queryByLabelText('Kortnummer')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Betala' })).toBeNull()
    cancelled.unmount()
    const ended = view('stopped', null, { intent: { ...openIntent, status: 'ERROR', errorMessage: 'Kvittot kunde inte skapas' } })
    expect(screen.getByRole('alert')).toHaveTextContent('Ett fel uppstod, försök igen: Kvittot kunde inte skapas')
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument()
    ended.unmount()
    const earlier = view({ paying: 'idle' }, null, { intent: { ...openIntent, errorMessage: 'Otillräckligt saldo' } })
    expect(screen.getByRole('alert')).toHaveTextContent('Ett fel uppstod, försök igen: Otillräckligt saldo')
    earlier.unmount()
    const busy = view({ paying: 'confirming' }, null)
    expect(screen.getByRole('status')).toHaveTextContent('Betalningen behandlas…')
    busy.unmount()
    // The card went through; the platform has not completed the intent yet (SPEC §4 "Card").
    const third = view({ polling: 'waiting' }, null)
    expect(screen.getByRole('status')).toHaveTextContent('Betalningen lyckades och slutförs…')
    expect(screen.queryByRole('button', { name: 'Betala' })).toBeNull()
    third.unmount()
    view('completed', null, { intent: { ...openIntent, status: 'COMPLETED' } })
    expect(screen.getByRole('heading', { name: 'Betalningen är genomförd' })).toBeInTheDocument()
  })

  /** The page at `value`, for a rerender that keeps its DOM: what one element goes through. */
  const at = (value: CompanyCardPaymentValue, extra: Partial<CompanyCardPaymentContext> = {}) => (
    <I18nProvider i18n={swedish}>
      <CompanyPaymentView actor={actorAt(companyCardPaymentMachine, { value, context: { ...context, ...extra } })} CardForm={CardForm} testMode gloss={null} />
    </I18nProvider>
  )

  it('keeps keyboard focus on the page as Pay is disabled and the form gives way, on the first control left or the heading (WCAG 2.4.3)', () => {
    const { rerender } = render(at({ paying: 'idle' }))
    act(() => screen.getByRole('button', { name: 'Betala' }).focus())
    // At a state reached directly there is no card child, so no card form: the heading.
    rerender(at({ paying: 'confirming' }))
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus()
    rerender(at({ polling: 'waiting' }))
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus()
    rerender(at('completed', { intent: { ...openIntent, status: 'COMPLETED' } }))
    expect(screen.getByRole('heading', { level: 1, name: 'Betalningen är genomförd' })).toHaveFocus()
  })

  it('says processing, success and completion in the one status line the form had, so each is announced (WCAG 4.1.3)', () => {
    const { rerender } = render(at({ paying: 'idle' }))
    const line = screen.getByRole('status')
    expect(line).toBeEmptyDOMElement()
    rerender(at({ paying: 'confirming' }))
    expect(line).toHaveTextContent('Betalningen behandlas…')
    rerender(at({ polling: 'waiting' }))
    expect(line).toHaveTextContent('Betalningen lyckades och slutförs…')
    rerender(at('completed', { intent: { ...openIntent, status: 'COMPLETED' } }))
    expect(line).toHaveTextContent('Tack! Du kan stänga den här sidan.')
    expect(screen.getByRole('status')).toBe(line)
  })
})

describe('DownloadView and the PDF receipt views', () => {
  it('shows a link only for an accepted URL', () => {
    const { unmount } = render(<DownloadView href="https://x.example/r.pdf" />, { wrapper: TestProvider })
    expect(screen.getByRole('link', { name: 'Download receipt' })).toHaveAttribute('href', 'https://x.example/r.pdf')
    unmount()
    render(<DownloadView href={null} />, { wrapper: TestProvider })
    expect(screen.getByRole('alert')).toHaveTextContent('This download link is not valid')
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('offers the file and frames it; errors show the server message or the generic text', () => {
    const input = { companyId: 'cafe', receiptId: 'r 7/x' }
    const first = render(<ReceiptPdfView actor={actorAt(receiptPdfMachine, { value: 'ready', context: { ...input, url: 'blob:x', serverMessage: null } })} />, {
      wrapper: TestProvider,
    })
    expect(screen.getByRole('link', { name: 'Download receipt' })).toHaveAttribute('download', 'receipt-r_7_x.pdf')
    expect(screen.getByTitle('Receipt')).toHaveAttribute('src', 'blob:x')
    first.unmount()
    const loading = render(<ReceiptPdfView actor={actorAt(receiptPdfMachine, { value: 'loading', context: { ...input, url: null, serverMessage: null } })} />, {
      wrapper: TestProvider,
    })
    expect(screen.queryByRole('link')).toBeNull()
    loading.unmount()
    const second = render(
      <ReceiptPdfView actor={actorAt(receiptPdfMachine, { value: 'failed', context: { ...input, url: null, serverMessage: 'Receipt is not ready yet' } })} />,
      { wrapper: TestProvider },
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Receipt is not ready yet')
    second.unmount()
    render(<ReceiptPdfView actor={actorAt(receiptPdfMachine, { value: 'failed', context: { ...input, url: null, serverMessage: null } })} />, { wrapper: TestProvider })
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred')
  })
})

describe('document titles of the owner pages (WCAG 2.4.2)', () => {
  beforeEach(() => {
    document.title = 'Webshop'
  })

  const reset = { oobCode: 'c', email: 'owner@example.com', password: '', repeat: '', formError: null }
  it.each([
    ['verifying', 'Reset password'],
    ['form', 'Reset password'],
    ['expired', 'The link is too old. Request a new one in the app. – Reset password'],
    ['verifyFailed', 'An error occurred – Reset password'],
    ['changed', 'Your password has been changed'],
  ] as const)('password reset %s is titled %j', (value, title) => {
    render(<PasswordResetView actor={actorAt(passwordResetMachine, { value, context: reset })} />, { wrapper: TestProvider })
    expect(document.title).toBe(title)
  })

  const callback: BookkeepingCallbackContext = { provider: 'visma', code: null, state: null, error: null, errorDescription: null, decoded: null, failure: null }
  it.each([
    ['integrating', 'Connecting to Visma…'],
    ['integrated', 'Visma is now connected'],
    ['openingApp', 'Opening the app…'],
    ['providerError', 'The connection to Visma failed'],
    ['failed', 'The connection to Visma failed'],
  ] as const)('bookkeeping callback %s is titled by its heading %j', (value, title) => {
    render(<BookkeepingCallbackView actor={actorAt(bookkeepingCallbackMachine, { value, context: callback })} appLink="kassaapp://x" />, { wrapper: TestProvider })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title)
    expect(document.title).toBe(title)
  })

  const link = { bookkeeper: 'fortnox', companyId: 'cafe', authCode: 'a', companyName: 'Café Söder', integrationUrl: null }
  it.each([
    ['loading', 'Connect Café Söder to Fortnox'],
    ['ready', 'Connect Café Söder to Fortnox'],
    ['expired', 'The integration link has expired. Create a new one in the app and try again. – Connect Café Söder to Fortnox'],
    ['failed', 'Failed to get integration link. Create a new one in the app and try again. – Connect Café Söder to Fortnox'],
    ['missingParameter', 'Something went wrong'],
    [
      'unsupported',
      'Only Visma and Fortnox are supported. Contact support if you want to connect another bookkeeping service. – Connect your bookkeeping',
    ],
  ] as const)('integration link %s is titled %j', (value, title) => {
    render(<IntegrationLinkView actor={actorAt(integrationLinkMachine, { value, context: link })} />, { wrapper: TestProvider })
    expect(document.title).toBe(title)
  })

  it('names the download page by its heading, after the error for a bad link', () => {
    const { unmount } = render(<DownloadView href="https://x.example/r.pdf" />, { wrapper: TestProvider })
    expect(document.title).toBe('Your receipt')
    unmount()
    render(<DownloadView href={null} />, { wrapper: TestProvider })
    expect(document.title).toBe('This download link is not valid – Your receipt')
  })

  it.each([
    ['loading', null, 'Your receipt'],
    ['ready', null, 'Your receipt'],
    ['failed', 'Receipt is not ready yet', 'Receipt is not ready yet – Your receipt'],
    ['failed', null, 'An error occurred – Your receipt'],
  ] as const)('PDF receipt %s (server message %j) is titled %j', (value, serverMessage, title) => {
    const context = { companyId: 'cafe', receiptId: 'r1', url: value === 'ready' ? 'blob:x' : null, serverMessage }
    render(<ReceiptPdfView actor={actorAt(receiptPdfMachine, { value, context })} />, { wrapper: TestProvider })
    expect(document.title).toBe(title)
  })

  const swedish = setupI18n({ locale: 'sv', messages: { sv: { ...svMessages, ...svOwnerMessages } } })
  const payment: CompanyCardPaymentContext = { companyId: 'cafe', paymentIntentId: 'pi', intent: openIntent, error: null }
  it.each([
    ['loading', 'Kortbetalning', 'loading', {}],
    ['paying', 'Kortbetalning', { paying: 'idle' }, {}],
    ['loadFailed', 'Det gick inte att hämta betalningen – Kortbetalning', 'loadFailed', { intent: null }],
    ['completed', 'Betalningen är genomförd', 'completed', { intent: { ...openIntent, status: 'COMPLETED' } }],
  ] as const)('company card payment %s is titled %j', (_, title, value, extra) => {
    const actor = actorAt(companyCardPaymentMachine, { value: value as CompanyCardPaymentValue, context: { ...payment, ...extra } })
    render(
      <I18nProvider i18n={swedish}>
        <CompanyPaymentView actor={actor} CardForm={() => null} testMode={false} gloss={null} />
      </I18nProvider>,
    )
    expect(document.title).toBe(title)
  })
})
