import { describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fromPromise } from 'xstate'
import { useActorRef } from '@xstate/react'
import { receiptEmailMachine } from '@machines/receipt-email/receipt-email.machine'
import { TestProvider } from '@tests/test-provider'
import { actorAt, sentEvents } from '@tests/harness/actor-at'
import { setupI18n, type I18n } from '@lingui/core'
import { messages as svPages } from '../../../locales/sv/pages.po'
import { messages as fiPages } from '../../../locales/fi/pages.po'
import { methodNames } from '../payment/method-names'
import type { Receipt } from '@/domain/types'
import { receipt as fixtureReceipt } from '@tests/fixtures/receipt'
import { ReceiptView } from './receipt.view'
import { ReceiptNotFoundView } from './receipt-not-found.view'

/** Intl puts no-break spaces in money; tests write plain spaces. */
const norm = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-')

/** The e-mail form standing in `value` with `email` typed (an unstarted actor; its sends are recorded). */
function emailAt(value: 'idle' | 'sending' | 'sent' | 'error', email = 'anna@example.se') {
  return actorAt(receiptEmailMachine, { value, context: { shopId: 'cafe', receiptId: 'r-abc', email } })
}

function MenuLink({ className, children }: { className: string; children: ReactNode }) {
  return (
    <a href="/cafe" className={className}>
      {children}
    </a>
  )
}

function renderReceipt(opts: { receipt?: Receipt; email?: ReturnType<typeof emailAt>; currency?: 'SEK' | 'EUR'; sellerCountry?: string | null; i18n?: I18n; timeZone?: string } = {}) {
  const email = opts.email ?? emailAt('idle', '')
  const i18n = opts.i18n
  render(
    <ReceiptView
      receipt={opts.receipt ?? fixtureReceipt()}
      currency={opts.currency ?? 'SEK'}
      sellerCountry={opts.sellerCountry === undefined ? 'SE' : opts.sellerCountry}
      downloadUrl="/api/v2/webshop/cafe/receipt/r-abc/download"
      email={email}
      MenuLink={MenuLink}
      timeZone={opts.timeZone ?? 'UTC'}
    />,
    { wrapper: ({ children }) => <TestProvider {...(i18n ? { i18n } : {})}>{children}</TestProvider> },
  )
  return { email }
}

/** The value cell next to a `<dt>` label. */
function valueOf(label: string | RegExp): string {
  const dt = screen.getByText(label, { selector: 'dt' })
  return norm(dt.nextElementSibling?.textContent)
}

describe('ReceiptView', () => {
  it('shows the headings, receipt number and seller', () => {
    renderReceipt()
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Electronic receipt' })).toBeInTheDocument()
    expect(screen.getByText('Receipt number 1042')).toBeInTheDocument()
    const seller = screen.getByText('Café Söder AB').closest('address')
    expect(seller).not.toBeNull()
    expect(norm(seller?.textContent)).toContain('556677-8899')
    expect(norm(seller?.textContent)).toContain('Götgatan 1')
    expect(norm(seller?.textContent)).toContain('116 21 Stockholm')
    expect(norm(seller?.textContent)).toContain('08-123 45 67')
  })

  it('lists each product with count × price, line total, deviations, note and discount', () => {
    renderReceipt()
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    const [capp, mug, bun] = rows.map((r) => within(r).getAllByRole('cell').map((c) => norm(c.textContent)))
    expect(capp).toEqual(['2 × 45,00 kr', '118,80 kr'])
    expect(mug).toEqual(['1 × 149,00 kr', '139,00 kr'])
    expect(bun).toEqual(['1 × 30,00 kr', '30,00 kr'])
    const cappHeader = norm(within(rows[0]!).getByRole('rowheader').textContent)
    expect(cappHeader).toContain('Cappuccino')
    expect(cappHeader).toContain('Oat milk + 5,00 kr')
    expect(cappHeader).toContain('2 × Extra shot + 8,00 kr')
    expect(cappHeader).toContain('Nut allergy')
    expect(cappHeader).toContain('Discount 10 %')
    // A free deviation shows no '+ 0,00 kr'.
    expect(cappHeader).not.toContain('Cold +')
    expect(norm(within(rows[1]!).getByRole('rowheader').textContent)).toContain('Discount 10,00 kr')
  })

  it('writes counts and sizes as the amounts beside them, so a sized, weighed or returned row adds up (SPEC §9)', () => {
    const plain = { id: null, description: null, deviations: [], discount: null, tax: 12 }
    renderReceipt({
      receipt: fixtureReceipt({
        products: [
          { ...plain, title: 'Pick and mix', count: 2, price: 1000, sizeOfItem: 0.25 },
          { ...plain, title: 'Coffee beans', count: 1.5, price: 10000, sizeOfItem: 1 },
          { ...plain, title: 'Napkins', count: 1200, price: 100, sizeOfItem: 1 },
          { ...plain, title: 'Returned mug', count: -1, price: 2000, sizeOfItem: 1 },
        ],
      }),
    })
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => norm(c.textContent)))).toEqual([
      ['2 × 10,00 kr × 0,25', '5,00 kr'],
      ['1,5 × 100,00 kr', '150,00 kr'],
      ['1 200 × 1,00 kr', '1 200,00 kr'],
      ['-1 × 20,00 kr', '-20,00 kr'],
    ])
  })

  it('shows VAT per rate when there are several, then net and total', () => {
    renderReceipt()
    expect(valueOf('VAT 12 %')).toBe('15,94 kr')
    expect(valueOf('VAT 25 %')).toBe('27,80 kr')
    expect(screen.queryByText('VAT', { selector: 'dt' })).toBeNull()
    // total 11 880 + 13 900 + 3 000 = 28 780; VAT 4 374
    expect(valueOf('Total')).toBe('287,80 kr')
    expect(valueOf('Net')).toBe('244,06 kr')
  })

  it('shows a single VAT row with one rate, in the shop currency', () => {
    const receipt = fixtureReceipt()
    renderReceipt({ receipt: { ...receipt, products: receipt.products.filter((p) => p.tax === 12) }, currency: 'EUR' })
    expect(valueOf('VAT')).toBe('15,94 €')
    expect(valueOf('Total')).toBe('148,80 €')
    expect(valueOf('Net')).toBe('132,86 €')
    expect(screen.queryByText(/VAT 12/)).toBeNull()
  })

  it('shows payments by name, the date in sv-SE, control data and the provider line', () => {
    renderReceipt({
      receipt: fixtureReceipt({
        paymentMethods: [
          { id: 'a', type: 'SWISH', amount: 100 },
          { id: 'b', type: 'CARD', amount: 200 },
          { id: 'c', type: 'VIVA_WALLET', amount: 300 },
          { id: 'd', type: 'GIFT_CARD', amount: 400 },
          { id: 'e', type: 'CASH', amount: 500 },
        ],
      }),
    })
    const payments = within(screen.getByRole('list', { name: 'Payments' }))
      .getAllByRole('listitem')
      .map((li) => norm(li.textContent))
    expect(payments).toEqual(['Swish1,00 kr', 'Card2,00 kr', 'Viva Wallet3,00 kr', 'GIFT_CARD4,00 kr', 'Cash5,00 kr'])
    expect(valueOf('Date')).toBe('2025-03-14 09:26')
    expect(valueOf('Cash register')).toBe('Kassa 1')
    expect(valueOf('Control unit')).toBe('CU-0001')
    expect(valueOf('Control code')).toBe('ABCDEF123456')
    expect(screen.getByText(/^Paid via /)).toBeInTheDocument()
  })

  it.each([
    ['sv', svPages, ['Swish', 'Kort', 'Viva Wallet', 'GIFT_CARD']],
    ['fi', fiPages, ['Swish', 'Kortti', 'Viva Wallet', 'GIFT_CARD']],
  ] as const)('names payments in %s through the catalog entries of the cart\'s method buttons', (locale, messages, names) => {
    const i18n = setupI18n({ locale, messages: { [locale]: messages } })
    renderReceipt({
      i18n,
      receipt: fixtureReceipt({
        paymentMethods: [
          { id: 'a', type: 'SWISH', amount: 100 },
          { id: 'b', type: 'CARD', amount: 200 },
          { id: 'c', type: 'VIVA_WALLET', amount: 300 },
          { id: 'd', type: 'GIFT_CARD', amount: 400 },
        ],
      }),
    })
    const rows = [...document.querySelectorAll('ul[aria-label] > li')]
    expect(rows.map((li) => li.firstElementChild?.textContent)).toEqual(names)
    expect(names.slice(0, 3)).toEqual([methodNames.SWISH_TRADE, methodNames.STRIPE, methodNames.VIVA_WALLET_WEB].map((d) => i18n._(d)))
  })

  // The seller's number is named for the shop company's country (SPEC §3 company.country), in
  // the page's language; without a country the page's language names it.
  it.each([
    ['en', 'SE', 'Org. no. 556677-8899'],
    ['en', 'FI', 'Business ID 556677-8899'],
    ['sv', 'FI', 'FO-nummer 556677-8899'],
    ['sv', 'SE', 'Org.nr 556677-8899'],
    ['fi', 'FI', 'Y-tunnus 556677-8899'],
    ['fi', 'SE', 'Organisaationumero 556677-8899'],
    ['fi', null, 'Y-tunnus 556677-8899'],
    ['en', null, 'Org. no. 556677-8899'],
  ] as const)('in %s names the organisation number of a %s seller %j', (locale, sellerCountry, text) => {
    const messages = { en: undefined, sv: svPages, fi: fiPages }[locale]
    renderReceipt({ sellerCountry, ...(messages ? { i18n: setupI18n({ locale, messages: { [locale]: messages } }) } : {}) })
    expect(screen.getByText(text)).toBeInTheDocument()
  })

  it('leaves out the organisation number label when the receipt has no number', () => {
    renderReceipt({ receipt: fixtureReceipt({ organizationnumber: '' }) })
    expect(screen.queryByText(/org\. no\./i)).toBeNull()
  })

  it("shows the time in the seller's zone, and a day sent without a time as that day alone", () => {
    const at = Date.UTC(2025, 2, 14, 9, 26)
    renderReceipt({ receipt: fixtureReceipt({ dateCreated: at }), timeZone: 'Europe/Helsinki' })
    expect(valueOf('Date')).toBe('2025-03-14 11:26')
    expect(screen.getByText('2025-03-14 11:26').getAttribute('datetime')).toBe('2025-03-14T09:26:00.000Z')
    cleanup()
    // West of Greenwich, its UTC midnight would read as 19:00 the day before.
    renderReceipt({ receipt: fixtureReceipt({ dateCreated: Date.UTC(2025, 2, 14), dateCreatedIsDay: true }), timeZone: 'America/New_York' })
    expect(valueOf('Date')).toBe('2025-03-14')
    expect(screen.getByText('2025-03-14').getAttribute('datetime')).toBe('2025-03-14')
  })

  it('leaves out control rows the receipt does not have', () => {
    renderReceipt({ receipt: fixtureReceipt({ dateCreated: null, cashRegisterLabel: null, controlUnitSerial: null, controlUnitResponse: null }) })
    for (const label of ['Date', 'Cash register', 'Control unit', 'Control code']) {
      expect(screen.queryByText(label, { selector: 'dt' })).toBeNull()
    }
  })

  it('offers Download in a new window and a way back to the menu', () => {
    renderReceipt()
    const download = screen.getByRole('link', { name: 'Download' })
    expect(download).toHaveAttribute('href', '/api/v2/webshop/cafe/receipt/r-abc/download')
    expect(download).toHaveAttribute('target', '_blank')
    expect(download).toHaveAttribute('rel', 'noopener')
    expect(screen.getByRole('link', { name: 'Back to the menu' })).toHaveAttribute('href', '/cafe')
  })

  it('sends email.changed while typing and submit on Send, without checking the format', async () => {
    const user = userEvent.setup()
    const email = emailAt('idle', 'not-an-address')
    renderReceipt({ email })
    const box = screen.getByRole('textbox', { name: 'Email' })
    expect(box).toHaveValue('not-an-address')
    await user.type(box, 'x')
    expect(sentEvents(email).at(-1)).toEqual({ type: 'email.changed', value: 'not-an-addressx' })
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(sentEvents(email).at(-1)).toEqual({ type: 'submit' })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('is busy while sending', () => {
    renderReceipt({ email: emailAt('sending') })
    const send = screen.getByRole('button', { name: 'Send' })
    expect(send).toBeDisabled()
    expect(send).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('status')).toHaveTextContent('Sending…')
  })

  it('confirms a sent receipt in a status, Send disabled until the address changes', () => {
    renderReceipt({ email: emailAt('sent') })
    expect(screen.getByRole('status')).toHaveTextContent('Receipt sent')
    const send = screen.getByRole('button', { name: 'Send' })
    expect(send).toBeDisabled()
    expect(send).not.toHaveAttribute('aria-busy')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows a failure in an alert and lets the customer send again', () => {
    renderReceipt({ email: emailAt('error') })
    expect(screen.getByRole('alert')).toHaveTextContent('Could not send receipt')
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('follows the machine through a real send', async () => {
    const user = userEvent.setup()
    let resolveSend: () => void = () => {}
    const sent: string[] = []
    const machine = receiptEmailMachine.provide({
      actors: {
        sendReceipt: fromPromise<void, { shopId: string; receiptId: string; email: string }>(({ input }) => {
          sent.push(input.email)
          return new Promise<void>((r) => (resolveSend = r))
        }),
      },
    })
    function Harness() {
      const actor = useActorRef(machine, { input: { shopId: 'cafe', receiptId: 'r-abc' } })
      return <ReceiptView receipt={fixtureReceipt()} currency="SEK" sellerCountry="SE" downloadUrl="/d" email={actor} MenuLink={MenuLink} />
    }
    render(<Harness />, { wrapper: TestProvider })
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' anna@example.se ')
    // By keyboard: Send pressed with Enter, then disabled while sending and once sent.
    await user.tab()
    await user.keyboard('{Enter}')
    expect(sent).toEqual(['anna@example.se'])
    expect(screen.getByRole('status')).toHaveTextContent('Sending…')
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled()
    // Focus goes to the address, not the page body (WCAG 2.4.3).
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus()
    resolveSend()
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Receipt sent'))
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus()
  })
})

describe('ReceiptNotFoundView', () => {
  it('says the receipt was not found and links back to the menu', () => {
    document.title = 'Webshop'
    render(<ReceiptNotFoundView MenuLink={MenuLink} />, { wrapper: TestProvider })
    expect(screen.getByRole('heading', { level: 1, name: 'We could not find this receipt' })).toBeInTheDocument()
    expect(document.title).toBe('We could not find this receipt')
    expect(screen.getByRole('link', { name: 'Back to the menu' })).toHaveAttribute('href', '/cafe')
  })
})
