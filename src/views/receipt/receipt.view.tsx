import { useId, type ComponentType, type FormEvent, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ReceiptEmailActor } from '@machines/receipt-email/receipt-email.machine'
import { PROVIDER_NAME } from '@/config'
import { formatMoney } from '@/domain/money'
import { receiptLineTotal, receiptTotals, vatRows } from '@/domain/receipt-totals'
import type { Currency, Receipt, ReceiptProduct } from '@/domain/types'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { useKeepFocusWithin } from '@/ui/keep-focus'
import { PageContainer } from '@/ui/page-container'
import { TextField } from '@/ui/text-field'
import { visuallyHidden } from '@/ui/visually-hidden.css'
import { OrgNumberText } from '@/views/store-info/org-number.view'
import { receiptMethodName } from '../payment/method-names'
import * as styles from './receipt.css'
import { useDocumentTitle } from '@/ui/document-title'
import { textValue } from '@/ui/text-value'
import { addOnPrice } from '@/domain/add-on-price'
import { formatCount } from '@/domain/count'

/** A link element supplied by the route (router navigation stays out of views). */
export type ReceiptLinkComponent = ComponentType<{ className: string; children: ReactNode }>

/** Props of {@link ReceiptView}. */
export interface ReceiptViewProps {
  receipt: Receipt
  /** The shop's currency; the receipt has none of its own (SEK until the shop is loaded). */
  currency: Currency
  /**
   * The shop company's country (SPEC §3 company.country), which names the seller's
   * organisation number; the receipt has none of its own. Null until the shop is loaded.
   */
  sellerCountry: string | null
  /** Absolute or same-origin URL of the receipt download (SPEC §7), opened in a new window. */
  downloadUrl: string
  /** The page's receipt e-mail form (SPEC §4 "Receipt e-mail"). */
  email: ReceiptEmailActor
  /** Renders the link back to the shop's menu. */
  MenuLink: ReceiptLinkComponent
  /** IANA time zone for the creation date: the shop's (`companyTimeZone`); default the browser's. */
  timeZone?: string
}

// SPEC §9: dates and numbers are displayed in sv-SE whatever the language.
const percentFormat = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 2 })

/**
 * The receipt's date row (SPEC §3 "Receipt"): date and time in minutes in the seller's zone, or
 * the date alone when the platform sent a day without a time (at its UTC midnight, so no zone
 * may move it to another day). `machine` is the `<time>` element's ISO form. Null: no date known.
 */
function creationDate(receipt: Receipt, timeZone: string | undefined): { shown: string; machine: string } | null {
  if (receipt.dateCreated === null) return null
  const iso = new Date(receipt.dateCreated).toISOString()
  if (receipt.dateCreatedIsDay) {
    return { shown: new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeZone: 'UTC' }).format(receipt.dateCreated), machine: iso.slice(0, 10) }
  }
  const shown = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(receipt.dateCreated)
  return { shown, machine: iso }
}

/**
 * The receipt page (SPEC §2 "Receipt page", §3 Receipt, §9 totals): thanks, the electronic
 * receipt (seller, product table with `count × price`, drawn under the title on phones, and
 * line totals, VAT per rate, net,
 * total, payments, control data) and the e-mail form driven by the `receiptEmail` machine;
 * plus the download link and a way back to the menu. Money in minor units shown with
 * `formatMoney` in `currency`. Renders only; it sends `email.changed` and `submit` to `email`.
 */
export function ReceiptView({ receipt, currency, sellerCountry, downloadUrl, email, MenuLink, timeZone }: ReceiptViewProps) {
  const { t, i18n } = useLingui()
  useDocumentTitle(t`Electronic receipt`)
  const methodName = (type: string) => {
    const name = receiptMethodName(type)
    return name === null ? type : i18n._(name)
  }
  const headingId = useId()
  const money = (amount: number) => formatMoney(amount, currency)
  const totals = receiptTotals(receipt)
  const vat = vatRows(receipt)
  const created = creationDate(receipt, timeZone)
  const emailState = useSelector(email, (s) => s.value)
  const emailText = useSelector(email, (s) => s.context.email)
  const busy = useSelector(email, (s) => s.hasTag('busy'))
  // The machine decides when Send does something (not while sending, not again once sent).
  const canSend = useSelector(email, (s) => s.can({ type: 'submit' }))
  // Send is disabled while sending and once sent: focus goes to the address, not the page body.
  const keepFocus = useKeepFocusWithin<HTMLFormElement>()
  // Plain names, so translators see {receiptNumber} rather than {0}.
  const { organizationnumber: orgNumber, phone: phoneNumber } = receipt
  const receiptNumber = textValue(receipt.receiptId)
  const phone = textValue(phoneNumber ?? '')

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    email.send({ type: 'submit' })
  }

  return (
    <PageContainer as="div" className={styles.page}>
      <h1 className={styles.title}>
        <Trans>Thank you</Trans>
      </h1>

      <section className={styles.receipt} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.subtitle}>
          <Trans>Electronic receipt</Trans>
        </h2>
        <p className={styles.muted}>
          <Trans>Receipt number {receiptNumber}</Trans>
        </p>

        <address className={styles.seller}>
          <strong>{receipt.name}</strong>
          {orgNumber.trim() !== '' && (
            <span>
              <OrgNumberText country={sellerCountry} orgNumber={orgNumber} />
            </span>
          )}
          <span>{receipt.street}</span>
          <span>
            {receipt.postalcode} {receipt.city}
          </span>
          {phoneNumber && (
            <span>
              <Trans>Phone {phone}</Trans>
            </span>
          )}
        </address>

        <table className={styles.table}>
          <caption className={visuallyHidden}>
            <Trans>Products</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Product</Trans>
              </th>
              <th scope="col" className={`${styles.numeric} ${styles.quantityColumn}`}>
                <Trans>Quantity</Trans>
              </th>
              <th scope="col" className={styles.numeric}>
                <Trans>Amount</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.products.map((p, i) => (
              <ProductRow key={p.id ?? i} product={p} money={money} />
            ))}
          </tbody>
        </table>

        <dl className={styles.totals}>
          {vat.length <= 1 ? (
            <>
              <dt>
                <Trans>VAT</Trans>
              </dt>
              <dd>{money(totals.totalTax)}</dd>
            </>
          ) : (
            vat.map((row) => {
              const rate = percentFormat.format(row.rate)
              return (
                <Row key={row.rate} label={<Trans>VAT {rate} %</Trans>}>
                  {money(row.amount)}
                </Row>
              )
            })
          )}
          <dt>
            <Trans>Net</Trans>
          </dt>
          <dd>{money(totals.netTotal)}</dd>
          <dt className={styles.grandTotal}>
            <Trans>Total</Trans>
          </dt>
          <dd className={styles.grandTotal}>{money(totals.total)}</dd>
        </dl>

        {receipt.paymentMethods.length > 0 && (
          <ul className={styles.payments} aria-label={t`Payments`}>
            {receipt.paymentMethods.map((m, i) => (
              <li key={m.id ?? i} className={styles.paymentRow}>
                <span>{methodName(m.type)}</span>
                <span>{money(m.amount)}</span>
              </li>
            ))}
          </ul>
        )}

        <dl className={styles.details}>
          {created !== null && (
            <Row label={<Trans>Date</Trans>}>
              <time dateTime={created.machine}>{created.shown}</time>
            </Row>
          )}
          {receipt.cashRegisterLabel && <Row label={<Trans>Cash register</Trans>}>{receipt.cashRegisterLabel}</Row>}
          {receipt.controlUnitSerial && <Row label={<Trans>Control unit</Trans>}>{receipt.controlUnitSerial}</Row>}
          {receipt.controlUnitResponse && <Row label={<Trans>Control code</Trans>}>{receipt.controlUnitResponse}</Row>}
        </dl>
        <p className={styles.muted}>
          <Trans>Paid via {PROVIDER_NAME}</Trans>
        </p>
      </section>

      <form {...keepFocus} className={`${styles.emailForm} ${styles.noPrint}`} onSubmit={onSubmit} noValidate aria-label={t`Send receipt by email`}>
        <TextField
          className={styles.emailField}
          label={<Trans>Email</Trans>}
          // type=email for the right keyboard; noValidate keeps the browser from checking the format (SPEC §5).
          type="email"
          autoComplete="email"
          value={emailText}
          onChange={(e) => email.send({ type: 'email.changed', value: e.target.value })}
        />
        <Button type="submit" loading={busy} disabled={!canSend}>
          <Trans>Send</Trans>
        </Button>
      </form>
      <div className={styles.noPrint}>
        <p role="status" className={styles.status}>
          {busy && <Trans>Sending…</Trans>}
          {emailState === 'sent' && <Trans>Receipt sent</Trans>}
        </p>
        {emailState === 'error' && (
          <Alert>
            <Trans>Could not send receipt</Trans>
          </Alert>
        )}
      </div>

      <div className={`${styles.actions} ${styles.noPrint}`}>
        <a className={styles.actionLink} href={downloadUrl} target="_blank" rel="noopener">
          <Trans>Download</Trans>
        </a>
        <MenuLink className={styles.textLink}>
          <Trans>Back to the menu</Trans>
        </MenuLink>
      </div>
    </PageContainer>
  )
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  )
}

function ProductRow({ product: p, money }: { product: ReceiptProduct; money: (amount: number) => string }) {
  const discount = p.discount
  const percent = discount?.type === 'PERCENTAGE' ? percentFormat.format(discount.amount) : ''
  const fixed = discount?.type === 'AMOUNT' ? money(discount.amount) : ''
  // A sized item (sold by weight or part, SPEC §9 × sizeOfItem) shows its size after 'count ×
  // price' (CONTRACT.md's words stay whole), so the row adds up.
  const quantity = (
    <>
      <span className={styles.nowrap}>{formatCount(p.count)} ×</span> <span className={styles.nowrap}>{money(p.price)}</span>
      {p.sizeOfItem !== 1 && <span className={styles.nowrap}> × {formatCount(p.sizeOfItem)}</span>}
    </>
  )
  return (
    <tr>
      <th scope="row">
        <span>{p.title}</span>
        <span className={styles.unitLine} aria-hidden="true">
          {quantity}
        </span>
        {(p.description || p.deviations.length > 0 || discount) && (
          <ul className={styles.lineExtras}>
            {p.deviations.map((d, i) => {
              const price = addOnPrice(d.price)
              return (
                <li key={d.id ?? i}>
                  {d.count > 1 ? `${d.count} × ${d.name}` : d.name}
                  {price && <> {`${price.sign} ${money(price.amount)}`}</>}
                </li>
              )
            })}
            {p.description && <li>{p.description}</li>}
            {discount?.type === 'PERCENTAGE' && (
              <li>
                <Trans>Discount {percent} %</Trans>
              </li>
            )}
            {discount?.type === 'AMOUNT' && (
              <li>
                <Trans>Discount {fixed}</Trans>
              </li>
            )}
          </ul>
        )}
      </th>
      <td className={`${styles.numeric} ${styles.quantityColumn}`}>{quantity}</td>
      <td className={`${styles.numeric} ${styles.nowrap}`}>{money(receiptLineTotal(p))}</td>
    </tr>
  )
}
