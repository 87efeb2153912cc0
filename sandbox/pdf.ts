import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'
import type { StoredReceipt } from './store'

// Characters the standard fonts can draw (WinAnsi) besides Latin-1.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')

/** Replaces what Helvetica's WinAnsi encoding cannot draw, so pdf-lib never throws on text. */
function printable(text: string): string {
  return Array.from(text.replace(/\u2212/g, '-').replace(/[\u202f\u2009]/g, ' '), (ch) => {
    const code = ch.charCodeAt(0)
    return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(ch) ? ch : '?'
  }).join('')
}

/**
 * Renders a stored receipt as a one-page PDF (A5 portrait, grows by page when long):
 * seller, receipt number, lines with deviations, VAT, net, total, payments and control
 * unit data (SPEC §2 Receipt page). Money is minor units formatted sv-SE in the shop currency.
 */
export async function receiptPdf(stored: StoredReceipt): Promise<Uint8Array> {
  const { receipt, currency } = stored
  const money = new Intl.NumberFormat('sv-SE', { style: 'currency', currency })
  const fmt = (minor: number) => money.format(minor / 100)
  const doc = await PDFDocument.create()
  doc.setTitle(`Receipt ${receipt.receiptId}`)
  doc.setProducer('Sandbox platform')
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const [width, height] = [420, 595]
  let page = doc.addPage([width, height])
  let y = height - 40
  const line = (text: string, opts: { size?: number; bold?: boolean; right?: string } = {}) => {
    const size = opts.size ?? 10
    if (y < 40) {
      page = doc.addPage([width, height])
      y = height - 40
    }
    const f = opts.bold ? bold : font
    page.drawText(printable(text), { x: 32, y, size, font: f, color: rgb(0.1, 0.1, 0.1) })
    if (opts.right !== undefined) {
      const right = printable(opts.right)
      page.drawText(right, { x: width - 32 - f.widthOfTextAtSize(right, size), y, size, font: f })
    }
    y -= size + 6
  }

  line(receipt.name ?? '', { size: 14, bold: true })
  line(`Org. nr ${receipt.organizationnumber ?? ''}`)
  line(`${receipt.street ?? ''}, ${receipt.postalcode ?? ''} ${receipt.city ?? ''}`)
  if (receipt.phone) line(`Tel ${receipt.phone}`)
  y -= 8
  line(`Receipt ${receipt.receiptId}`, { size: 12, bold: true })
  y -= 4

  let total = 0
  let vat = 0
  for (const p of receipt.products) {
    const extras = (p.deviations ?? []).reduce((sum, d) => sum + (d.price ?? 0) * (d.count ?? 1), 0)
    const lineTotal = (p.price + extras) * p.count * (p.sizeOfItem ?? 1)
    total += lineTotal
    vat += lineTotal * (1 - 1 / ((100 + (p.tax ?? 0)) / 100))
    line(`${p.count} × ${p.title ?? ''}  (${fmt(p.price)})`, { right: fmt(lineTotal) })
    for (const d of p.deviations ?? []) line(`    + ${d.count ?? 1} × ${d.name ?? ''}  ${fmt(d.price ?? 0)}`, { size: 9 })
    if (p.description) line(`    ${p.description}`, { size: 9 })
  }
  y -= 6
  line('VAT', { right: fmt(Math.round(vat)) })
  line('Net', { right: fmt(total - Math.round(vat)) })
  line('Total', { bold: true, size: 12, right: fmt(total) })
  y -= 6
  for (const m of receipt.paymentMethods ?? []) line(m.type, { right: fmt(m.amount) })
  y -= 8
  const when = receipt.dateCreated
  const created = typeof when === 'number' || typeof when === 'string' ? new Date(when).toISOString().replace('T', ' ').slice(0, 16) : ''
  line(`Date: ${created} UTC`, { size: 9 })
  line(`Cash register: ${receipt.cashRegisterLabel ?? ''}`, { size: 9 })
  line(`Control unit: ${receipt.controlUnitSerial ?? ''}`, { size: 9 })
  line(`Control code: ${receipt.controlUnitResponse ?? ''}`, { size: 9 })
  return doc.save()
}
