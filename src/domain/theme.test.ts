import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  APP_COLORS,
  contrastRatio,
  DEFAULT_BACKGROUND,
  DEFAULT_PRIMARY,
  NON_TEXT_CONTRAST,
  parseHexColor,
  readableShade,
  relativeLuminance,
  shopTheme,
  TEXT_CONTRAST,
  textColorFor,
  type Theme,
} from './theme'
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
/** Random `#rrggbb` colours. */
const hexColor = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`)

function rgb(hex: string): number[] {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
}

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

describe('WCAG contrast', () => {
  it('computes relative luminance and contrast ratio as WCAG 2.x defines them', () => {
    expect(relativeLuminance('#000000')).toBe(0)
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10)
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 10)
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4)
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10)
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10)
    expect(contrastRatio('#777', '#777777')).toBe(1)
    // The figures: white on these merchant colours fails 4.5:1.
    expect(contrastRatio('#ffffff', '#0099cc')).toBeCloseTo(3.3, 1)
    expect(contrastRatio('#ffffff', '#2e8b57')).toBeCloseTo(4.2, 1)
    expect(contrastRatio('#ffffff', '#b26a00')).toBeCloseTo(4.2, 1)
    expect(() => relativeLuminance('nope')).toThrow(RangeError)
    expect(() => contrastRatio('#fff', 'red')).toThrow(RangeError)
  })

  it('picks black or white text by the higher contrast ratio, not by brightness 128', () => {
    expect(textColorFor('#000000')).toBe('#ffffff')
    expect(textColorFor('#ffffff')).toBe('#000000')
    expect(textColorFor(DEFAULT_PRIMARY)).toBe('#ffffff')
    // SPEC §9's threshold gave white on these (brightness 113, 105, 115, 119).
    expect(textColorFor('#0099cc')).toBe('#000000')
    expect(textColorFor('#2e8b57')).toBe('#000000')
    expect(textColorFor('#b26a00')).toBe('#000000')
    expect(textColorFor('#777777')).toBe('#000000')
    expect(textColorFor('#757575')).toBe('#ffffff')
    expect(textColorFor('garbage')).toBe('#000000')
  })

  it('always gives text at least 4.5:1, the higher of the two', () => {
    fc.assert(
      fc.property(hexColor, (bg) => {
        const text = textColorFor(bg)
        const other = text === '#ffffff' ? '#000000' : '#ffffff'
        expect(contrastRatio(text, bg)).toBeGreaterThanOrEqual(TEXT_CONTRAST)
        expect(contrastRatio(text, bg)).toBeGreaterThanOrEqual(contrastRatio(other, bg))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('readableShade', () => {
  it('keeps a colour that already reaches the ratio', () => {
    expect(readableShade('#1F6F50', '#fffaf2', TEXT_CONTRAST)).toBe('#1f6f50')
    expect(readableShade('#fff', '#000', 21)).toBe('#ffffff')
  })

  it('darkens a primary on a light background and lightens it on a dark one', () => {
    const onLight = readableShade('#0099cc', '#eaf6fb', TEXT_CONTRAST)
    expect(onLight).toBe('#0078a0')
    expect(contrastRatio(onLight, '#eaf6fb')).toBeGreaterThanOrEqual(TEXT_CONTRAST)
    const onDark = readableShade('#0099cc', '#102030', 7)
    expect(relativeLuminance(onDark)).toBeGreaterThan(relativeLuminance('#0099cc'))
    expect(contrastRatio(onDark, '#102030')).toBeGreaterThanOrEqual(7)
  })

  it('takes the nearer way: a light colour on a mid grey goes lighter, not through the grey to black', () => {
    expect(contrastRatio('#aaaaaa', '#666666')).toBeLessThan(NON_TEXT_CONTRAST)
    const shade = readableShade('#aaaaaa', '#666666', NON_TEXT_CONTRAST)
    expect(relativeLuminance(shade)).toBeGreaterThan(relativeLuminance('#aaaaaa'))
    expect(contrastRatio(shade, '#666666')).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST)
  })

  it('ends at black or white when the ratio cannot be reached', () => {
    expect(readableShade('#777777', '#777777', 10)).toBe('#000000')
  })

  it('rejects what is not a colour', () => {
    expect(() => readableShade('red', '#ffffff', 3)).toThrow(RangeError)
    expect(() => readableShade('#ffffff', 'url(x)', 3)).toThrow(RangeError)
  })

  it('reaches any ratio up to 4.5 with the nearest shade or tint of the colour', () => {
    fc.assert(
      fc.property(hexColor, hexColor, fc.double({ min: 1, max: TEXT_CONTRAST, noNaN: true }), (color, against, ratio) => {
        const shade = readableShade(color, against, ratio)
        expect(shade).toMatch(/^#[0-9a-f]{6}$/)
        expect(contrastRatio(shade, against)).toBeGreaterThanOrEqual(ratio)
        if (contrastRatio(color, against) >= ratio) expect(shade).toBe(color)
        // A shade (towards black) or a tint (towards white): every channel moved the same way.
        const [c, s] = [rgb(color), rgb(shade)]
        const darker = c.every((v, i) => s[i]! <= v)
        const lighter = c.every((v, i) => s[i]! >= v)
        expect(darker || lighter).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('shopTheme', () => {
  it('defaults to green on white before the shop loads', () => {
    expect(shopTheme(null, null)).toEqual({
      primaryColor: DEFAULT_PRIMARY,
      backgroundColor: DEFAULT_BACKGROUND,
      textColor: '#000000',
      onPrimaryColor: '#ffffff',
      primaryTextColor: DEFAULT_PRIMARY,
      primaryLineColor: DEFAULT_PRIMARY,
      onPrimaryLineColor: '#ffffff',
      focusColor: APP_COLORS.focus,
      controlBorderColor: APP_COLORS.controlBorder,
      mutedColor: APP_COLORS.mutedOnLight,
      dangerColor: APP_COLORS.danger,
      onDangerColor: '#ffffff',
      successColor: APP_COLORS.success,
      logo: null,
    } satisfies Theme)
  })

  it('uses valid merchant colours and falls back on invalid ones', () => {
    const t = shopTheme(settings({ primaryColor: 'FFD700', backgroundColor: '#222' }), company('https://cdn/logo.png'))
    expect(t).toMatchObject({
      primaryColor: '#ffd700',
      backgroundColor: '#222222',
      textColor: '#ffffff',
      onPrimaryColor: '#000000',
      primaryTextColor: '#ffd700',
      primaryLineColor: '#ffd700',
      mutedColor: APP_COLORS.mutedOnDark,
      logo: 'https://cdn/logo.png',
    })
    // The app's blue focus ring and red error text are too dark on #222: lightened until they read.
    expect(t.focusColor).not.toBe(APP_COLORS.focus)
    expect(contrastRatio(t.focusColor, '#222222')).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST)
    expect(t.dangerColor).not.toBe(APP_COLORS.danger)
    expect(contrastRatio(t.dangerColor, '#222222')).toBeGreaterThanOrEqual(TEXT_CONTRAST)
    const bad = shopTheme(settings({ primaryColor: 'red;}', backgroundColor: 'url(x)' }), company(''))
    expect(bad.primaryColor).toBe(DEFAULT_PRIMARY)
    expect(bad.backgroundColor).toBe(DEFAULT_BACKGROUND)
    expect(bad.logo).toBeNull()
  })

  // The sandbox's demo shops that already read well (cafe, kahvila, deli, bar, tables, closed, tab).
  it.each([
    ['#1f6f50', '#fffaf2'],
    ['#0b4f8a', '#f4f8fb'],
    ['#7a3e00', '#ffffff'],
    ['#3b1f5c', '#ffffff'],
    ['#8a1c1c', '#fff8f5'],
    ['#5b5b5b', '#ffffff'],
    ['#204a87', '#ffffff'],
  ])('keeps %s on %s as it was', (primaryColor, backgroundColor) => {
    expect(shopTheme(settings({ primaryColor, backgroundColor }), null)).toEqual({
      ...shopTheme(null, null),
      primaryColor,
      backgroundColor,
      primaryTextColor: primaryColor,
      primaryLineColor: primaryColor,
    })
  })

  it('shades a primary that is too light on its background (the glass demo shop)', () => {
    const t = shopTheme(settings({ primaryColor: '#0099cc', backgroundColor: '#eaf6fb' }), null)
    expect(contrastRatio('#0099cc', '#eaf6fb')).toBeLessThan(NON_TEXT_CONTRAST)
    expect(t).toMatchObject({ primaryColor: '#0099cc', onPrimaryColor: '#000000', primaryTextColor: '#0078a0', primaryLineColor: '#0098cb', onPrimaryLineColor: '#000000' })
  })

  it('gives every pair it produces WCAG AA contrast, for any primary, background and tag colour', () => {
    fc.assert(
      fc.property(hexColor, hexColor, hexColor, (primaryColor, backgroundColor, tagColor) => {
        const t = shopTheme(settings({ primaryColor, backgroundColor }), null)
        const pairs: [string, string, string, number][] = [
          ['text on background', t.textColor, t.backgroundColor, TEXT_CONTRAST],
          ['text on primary', t.onPrimaryColor, t.primaryColor, TEXT_CONTRAST],
          ['primary text on background', t.primaryTextColor, t.backgroundColor, TEXT_CONTRAST],
          ['primary line on background', t.primaryLineColor, t.backgroundColor, NON_TEXT_CONTRAST],
          ['text on primary line', t.onPrimaryLineColor, t.primaryLineColor, TEXT_CONTRAST],
          ['focus ring on background', t.focusColor, t.backgroundColor, NON_TEXT_CONTRAST],
          ['control outline on background', t.controlBorderColor, t.backgroundColor, NON_TEXT_CONTRAST],
          ['muted text on background', t.mutedColor, t.backgroundColor, TEXT_CONTRAST],
          ['danger text on background', t.dangerColor, t.backgroundColor, TEXT_CONTRAST],
          ['text on danger', t.onDangerColor, t.dangerColor, TEXT_CONTRAST],
          ['success text on background', t.successColor, t.backgroundColor, TEXT_CONTRAST],
          ['text on tag', textColorFor(tagColor), tagColor, TEXT_CONTRAST],
        ]
        for (const [name, fg, bg, min] of pairs) {
          expect(contrastRatio(fg, bg), `${name}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(min)
        }
        expect(t.primaryColor).toBe(primaryColor)
        expect(t.backgroundColor).toBe(backgroundColor)
      }),
      { numRuns: 2000 },
    )
  })
})
