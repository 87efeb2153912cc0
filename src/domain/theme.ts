/**
 * Shop theme colours (SPEC §3 "theme", §9 "Default theme"). Merchant colours are untrusted
 * input: they only reach CSS after {@link parseHexColor} has reduced them to `#rrggbb`.
 */
import type { Company, ShopSettings } from './types'

/** Primary colour when the shop sets none (SPEC §9: green). */
export const DEFAULT_PRIMARY = '#2e7d32'
/** Background when the shop sets none (SPEC §9: white). */
export const DEFAULT_BACKGROUND = '#ffffff'

/** Luminance below which text on a colour is white (SPEC §9: threshold 128). */
const LUMINANCE_THRESHOLD = 128

/**
 * Normalises a merchant colour: `#rgb`, `#rrggbb`, `rgb` or `rrggbb` (any case, surrounding
 * spaces ignored) → lower-case `#rrggbb`; anything else (names, rgb(), url(...)) → null.
 */
export function parseHexColor(s: string | null | undefined): string | null {
  if (typeof s !== 'string') return null
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(s.trim())
  const hex = m?.[1]?.toLowerCase()
  if (hex === undefined) return null
  return hex.length === 3 ? `#${[...hex].map((c) => c + c).join('')}` : `#${hex}`
}

/**
 * Perceived brightness 0–255 of a hex colour: 0.299 r + 0.587 g + 0.114 b (SPEC §9).
 * @throws RangeError when `hex` is not a colour {@link parseHexColor} accepts.
 */
export function luminance(hex: string): number {
  const parsed = parseHexColor(hex)
  if (parsed === null) throw new RangeError(`luminance: not a hex colour: ${hex}`)
  const n = Number.parseInt(parsed.slice(1), 16)
  // Integer weights, divided once: 0.299·128 + 0.587·128 + 0.114·128 in floats lands just
  // below 128, which would flip the text colour of a mid grey at the threshold.
  return (299 * ((n >> 16) & 0xff) + 587 * ((n >> 8) & 0xff) + 114 * (n & 0xff)) / 1000
}

/**
 * Text colour readable on `background`: white when its luminance is below 128, else black
 * (SPEC §9). A value that is not a hex colour gets black, matching the default white background.
 */
export function textColorFor(background: string): '#ffffff' | '#000000' {
  const parsed = parseHexColor(background)
  if (parsed === null) return '#000000'
  return luminance(parsed) < LUMINANCE_THRESHOLD ? '#ffffff' : '#000000'
}

/** Resolved theme of a shop; every colour is a safe lower-case `#rrggbb` (SPEC §3, §9). */
export interface Theme {
  primaryColor: string
  backgroundColor: string
  /** Text on the background. */
  textColor: '#ffffff' | '#000000'
  /** Text on primary-coloured surfaces (buttons, tags without colour). */
  onPrimaryColor: '#ffffff' | '#000000'
  /** Company logo URL, or null when there is none. */
  logo: string | null
}

/**
 * The theme of a shop, with defaults before the shop loads (both null) or where the merchant's
 * colours are missing or malformed (SPEC §9).
 */
export function shopTheme(shop: ShopSettings | null, company: Company | null): Theme {
  const primaryColor = parseHexColor(shop?.primaryColor) ?? DEFAULT_PRIMARY
  const backgroundColor = parseHexColor(shop?.backgroundColor) ?? DEFAULT_BACKGROUND
  const logo = company?.logo?.trim()
  return {
    primaryColor,
    backgroundColor,
    textColor: textColorFor(backgroundColor),
    onPrimaryColor: textColorFor(primaryColor),
    logo: logo === undefined || logo === '' ? null : logo,
  }
}
