import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { receiptIdSchema, shopSearchSchema } from './route-shop.schema'

describe('receiptIdSchema (CONTRACT.md "Wire shapes": the receipt id is opaque)', () => {
  it.each(['r1', 'rcpt:2026-11-27+001', 'a=b~c', 'kvitto åäö', 'x'.repeat(256)])('accepts %j', (id) => {
    expect(v.safeParse(receiptIdSchema, id).success).toBe(true)
  })

  it.each(['', 'x'.repeat(257), 'a\nb', 'a\u0000b'])('refuses %j', (id) => {
    expect(v.safeParse(receiptIdSchema, id).success).toBe(false)
  })
})

describe('shopSearchSchema', () => {
  it('keeps an empty ?table= so the session asks for a table number (SPEC §5)', () => {
    expect(v.parse(shopSearchSchema, { table: '' })).toEqual({ table: '', tabId: undefined })
  })

  it('drops a repeated or overlong table', () => {
    expect(v.parse(shopSearchSchema, { table: ['1', '2'] }).table).toBeUndefined()
    expect(v.parse(shopSearchSchema, { table: '9'.repeat(257) }).table).toBeUndefined()
  })
})
