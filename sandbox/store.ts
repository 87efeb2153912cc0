import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'
import type { ReceiptWire } from '@/api/schemas/receipt.schema'
import type { Currency } from '@/domain/types'
import { notArray } from '../src/api/schemas/common.schema'

/** A receipt as the sandbox keeps it: the wire receipt plus what the PDF and owner routes need. */
export interface StoredReceipt {
  shopId: string
  currency: Currency
  /** The wire answer of GET …/receipt/{id}; `id` is the opaque id, `receiptId` the printed number. */
  receipt: ReceiptWire & { id: string; receiptId: string }
}

const wholeNumber = v.pipe(v.number(), v.safeInteger())
const recordOf = <T extends v.GenericSchema>(value: T) => notArray(v.record(v.string(), value))
const dataFileSchema = v.object({
  version: v.literal(1),
  /** Units left per shop and article; only articles whose stock changed are present. */
  stock: recordOf(recordOf(wholeNumber)),
  /** Last printed receipt number per shop. */
  counters: recordOf(wholeNumber),
  receipts: recordOf(v.custom<StoredReceipt>((value) => typeof value === 'object' && value !== null && 'receipt' in value)),
})
type DataFile = v.InferOutput<typeof dataFileSchema>

/** First printed receipt number of every shop (SPEC §3 Receipt; brief: from 1001). */
const FIRST_RECEIPT_NUMBER = 1001

/**
 * The sandbox's durable state: receipts, stock and receipt counters, kept in
 * `{dataDir}/sandbox-data.json` so they survive a restart. `dataDir: null` keeps everything
 * in memory. Writes are synchronous and atomic (temp file + rename): the sandbox is a
 * single process and the file is small.
 */
export class SandboxStore {
  private data: DataFile
  private readonly file: string | null

  /** @throws when the data dir cannot be created. A corrupt data file is ignored and replaced. */
  constructor(dataDir: string | null) {
    this.file = dataDir === null ? null : join(dataDir, 'sandbox-data.json')
    if (dataDir !== null) mkdirSync(dataDir, { recursive: true })
    this.data = this.load()
  }

  private load(): DataFile {
    const empty: DataFile = { version: 1, stock: {}, counters: {}, receipts: {} }
    if (this.file === null) return empty
    try {
      const parsed = v.safeParse(dataFileSchema, JSON.parse(readFileSync(this.file, 'utf8')))
      return parsed.success ? parsed.output : empty
    } catch {
      return empty
    }
  }

  private save(): void {
    if (this.file === null) return
    const tmp = `${this.file}.${process.pid}.tmp`
    writeFileSync(tmp, JSON.stringify(this.data, null, 2))
    renameSync(tmp, this.file)
  }

  /** Units left of an article, or `initial` (the fixture's count) when it never changed. */
  stock(shopId: string, articleId: string, initial: number): number {
    return this.data.stock[shopId]?.[articleId] ?? initial
  }

  /** Sets the units left of an article (never below 0). */
  setStock(shopId: string, articleId: string, units: number): void {
    const shop = (this.data.stock[shopId] ??= {})
    shop[articleId] = Math.max(0, units)
    this.save()
  }

  /** Forgets all stock changes, so every article is back at its fixture count. */
  resetStock(): void {
    this.data.stock = {}
    this.save()
  }

  /** Reserves the next printed receipt number of a shop (1001, 1002, …). */
  nextReceiptNumber(shopId: string): number {
    const next = (this.data.counters[shopId] ?? FIRST_RECEIPT_NUMBER - 1) + 1
    this.data.counters[shopId] = next
    this.save()
    return next
  }

  saveReceipt(stored: StoredReceipt): void {
    this.data.receipts[stored.receipt.id] = stored
    this.save()
  }

  /** A receipt by its opaque id, or undefined. */
  receipt(id: string): StoredReceipt | undefined {
    return this.data.receipts[id]
  }

  /** A receipt of a shop by opaque id or by printed number (owner download route). */
  findReceipt(shopId: string, idOrNumber: string): StoredReceipt | undefined {
    const byId = this.data.receipts[idOrNumber]
    if (byId?.shopId === shopId) return byId
    return Object.values(this.data.receipts).find((r) => r.shopId === shopId && String(r.receipt.receiptId) === idOrNumber)
  }
}
