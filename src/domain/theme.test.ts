import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DEFAULT_BACKGROUND, DEFAULT_PRIMARY, luminance, parseHexColor, shopTheme, textColorFor } from './theme'
import type { Company, ShopSettings } from './types'

const settings = (s: Partial<ShopSettings> = {}): ShopSettings => ({
  title: 'Shop',
  primaryColor: null,
  backgroundColor: null,
  displayType: 'NO_IMAGE',
  openHours: null,
  active: true,
  requireReference: false,
  description: null,
  refundPolicy: null,
  customerInputs: null,
  ...s,
})
const company = (logo: string | null): Company => ({
  country: 'SE',
  currency: 'SEK',
  logo,
  name: 'AB',
  organizationnumber: '556000-0000',
  street: 'Gatan 1',
  postalCode: '11122',
  city: 'Stockholm',
  phone: '08',
  email: 'a@b.se',
})

describe('parseHexColor', () => {
  it('normalises #rgb and #rrggbb, with or without #', () => {
    expect(parseHexColor('#ABC')).toBe('#aabbcc')
    expect(parseHexColor('abc')).toBe('#aabbcc')
    expect(parseHexColor(' #1A2b3C ')).toBe('#1a2b3c')
    expect(parseHexColor('ff0000')).toBe('#ff0000')
  })

  it('rejects anything that could smuggle CSS', () => {
    for (const bad of [null, undefined, '', 'red', '#abcd', '#12345g', 'url(x)', '#fff;background:url(x)', 'rgb(0,0,0)', '##fff']) {
      expect(parseHexColor(bad)).toBeNull()
    }
  })

  it('only ever returns #rrggbb', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = parseHexColor(s)
        if (out !== null) expect(out).toMatch(/^#[0-9a-f]{6}$/)
      }),
    )
  })
})

describe('luminance and text colour (threshold 128)', () => {
  it('weights r, g, b', () => {
    expect(luminance('#ffffff')).toBeCloseTo(255)
    expect(luminance('#000000')).toBe(0)
    expect(luminance('#ff0000')).toBeCloseTo(0.299 * 255)
    expect(() => luminance('nope')).toThrow(RangeError)
  })

  it('picks white on dark and black on light', () => {
    expect(textColorFor('#000000')).toBe('#ffffff')
    expect(textColorFor('#ffffff')).toBe('#000000')
    expect(textColorFor(DEFAULT_PRIMARY)).toBe('#ffffff')
    expect(textColorFor('#808080')).toBe('#000000')
    expect(textColorFor('#7f7f7f')).toBe('#ffffff')
    expect(textColorFor('garbage')).toBe('#000000')
  })
})

describe('shopTheme', () => {
  it('defaults to green on white before the shop loads', () => {
    expect(shopTheme(null, null)).toEqual({
      primaryColor: DEFAULT_PRIMARY,
      backgroundColor: DEFAULT_BACKGROUND,
      textColor: '#000000',
      onPrimaryColor: '#ffffff',
      logo: null,
    })
  })

  it('uses valid merchant colours and falls back on invalid ones', () => {
    const t = shopTheme(settings({ primaryColor: 'FFD700', backgroundColor: '#222' }), company('https://cdn/logo.png'))
    expect(t).toEqual({
      primaryColor: '#ffd700',
      backgroundColor: '#222222',
      textColor: '#ffffff',
      onPrimaryColor: '#000000',
      logo: 'https://cdn/logo.png',
    })
    const bad = shopTheme(settings({ primaryColor: 'red;}', backgroundColor: 'url(x)' }), company(''))
    expect(bad.primaryColor).toBe(DEFAULT_PRIMARY)
    expect(bad.backgroundColor).toBe(DEFAULT_BACKGROUND)
    expect(bad.logo).toBeNull()
  })
})
