import { describe, expect, it } from 'vitest'
import { cartUrl, swishDeepLink } from './payment-links'

describe('cartUrl (SPEC §2: the way back from a payment provider)', () => {
  it("is the shop's cart page, with the table or tab of the page's query and nothing else", () => {
    expect(cartUrl('cafe', 'https://shop.example')).toBe('https://shop.example/cafe/cart')
    expect(cartUrl('cafe', 'https://shop.example', '?tabId=tab-1&lang=sv&product=latte')).toBe('https://shop.example/cafe/cart?tabId=tab-1')
    expect(cartUrl('tables', 'https://shop.example', '?table=1.50')).toBe('https://shop.example/tables/cart?table=1.50')
    expect(cartUrl('a/b', 'https://shop.example', '?table=4&tabId=0%2007')).toBe('https://shop.example/a%2Fb/cart?table=4&tabId=0+07')
  })

  it("goes into Swish's deep link as its callback, whole", () => {
    const link = new URL(swishDeepLink('tok', cartUrl('cafe', 'https://shop.example', '?table=4&tabId=t1')))
    expect(link.searchParams.get('callbackurl')).toBe('https://shop.example/cafe/cart?table=4&tabId=t1')
  })
})
