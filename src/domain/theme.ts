/**
 * Shop theme colours (SPEC §3 "theme", §9 "Default theme"; CONTRACT.md "Accessibility", which
 * replaces SPEC §9's brightness threshold with WCAG 2.1 AA contrast). Merchant colours are
 * untrusted input: they only reach CSS after {@link parseHexColor} has reduced them to `#rrggbb`.
 *
 * Contrast follows WCAG 2.x: relative luminance
 * (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance) and contrast ratio
 * (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio); AA asks 4.5:1 for text (SC 1.4.3) and
 * 3:1 for borders, focus rings and control states (SC 1.4.11).
 */
import type { Company, ShopSettings } from './types'

/** Primary colour when the shop sets none (SPEC §9: green). */
export const DEFAULT_PRIMARY = '#2e7d32'
/** Background when the shop sets none (SPEC §9: white). @internal exported for its tests */
export const DEFAULT_BACKGROUND = '#ffffff'

/** Minimum contrast of text against what it is drawn on (WCAG 2.1 SC 1.4.3, AA). @internal exported for its tests */
export const TEXT_CONTRAST = 4.5
/** Minimum contrast of borders, focus rings and selected states (WCAG 2.1 SC 1.4.11, AA). @internal exported for its tests */
export const NON_TEXT_CONTRAST = 3

/** The app's own colours that are drawn on the merchant's background; the theme adjusts them to it. */
export const APP_COLORS = {
  /** Focus ring (WCAG 2.4.7). */
  focus: '#1a56db',
  /** Outline of a text field or select: what tells a control apart from the page (WCAG 1.4.11). */
  controlBorder: '#767676',
  /** Secondary text on a light background, and on a dark one. */
  mutedOnLight: '#595959',
  mutedOnDark: '#d0d0d0',
  danger: '#b3261e',
  success: '#2e7d32',
} as const

const WHITE = '#ffffff'
const BLACK = '#000000'

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

/** The 0–255 channels of a colour {@link parseHexColor} accepts; `fn` names the caller in the error. */
function channels(hex: string, fn: string): [number, number, number] {
  const parsed = parseHexColor(hex)
  if (parsed === null) throw new RangeError(`${fn}: not a hex colour: ${hex}`)
  const n = Number.parseInt(parsed.slice(1), 16)
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
}

function toHex(rgb: readonly [number, number, number]): string {
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`
}

/** One sRGB channel (0–255) made linear (WCAG 2.x, with the sRGB standard's 0.04045 knee). */
function linear(channel: number): number {
  const c = channel / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/**
 * WCAG 2.x relative luminance of a hex colour: 0 for black, 1 for white.
 * @throws RangeError when `hex` is not a colour {@link parseHexColor} accepts.
 * @internal exported for its tests
 */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex, 'relativeLuminance')
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/**
 * WCAG 2.x contrast ratio of two hex colours, 1 (same luminance) to 21 (black on white);
 * symmetric in its arguments.
 * @throws RangeError when either is not a colour {@link parseHexColor} accepts.
 * @internal exported for its tests
 */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a)
  const lb = relativeLuminance(b)
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

/**
 * Text colour for a surface of colour `background`: black or white, whichever has the higher
 * WCAG contrast ratio with it, which is always at least 4.58:1 (CONTRACT.md "Accessibility").
 * A value that is not a hex colour gets black, matching the default white background.
 */
export function textColorFor(background: string): '#ffffff' | '#000000' {
  const parsed = parseHexColor(background)
  if (parsed === null) return BLACK
  return contrastRatio(parsed, WHITE) > contrastRatio(parsed, BLACK) ? WHITE : BLACK
}

/** `color` moved `step`/255 of the way towards `target` in sRGB, channel by channel, rounded. */
function mix(color: readonly [number, number, number], target: readonly [number, number, number], step: number): string {
  return toHex([0, 1, 2].map((i) => Math.round(color[i]! + ((target[i]! - color[i]!) * step) / 255)) as [number, number, number])
}

/**
 * The closest darker shade (mixed with black) or lighter tint (mixed with white) of `color`
 * whose contrast ratio with `against` is at least `minRatio`; `color` itself when it already
 * is. Of the two directions the one needing the smaller change wins. Every ratio up to 4.58
 * is reachable (black or white against any colour); a higher one may end at black or white
 * without reaching it. Colours are `#rrggbb` or `#rgb`; returns lower-case `#rrggbb`.
 * @throws RangeError when `color` or `against` is not a colour {@link parseHexColor} accepts.
 * @internal exported for its tests
 */
export function readableShade(color: string, against: string, minRatio: number): string {
  const from = channels(color, 'readableShade')
  channels(against, 'readableShade')
  const start = toHex(from)
  if (contrastRatio(start, against) >= minRatio) return start
  const reaches = (step: number, target: readonly [number, number, number]) => contrastRatio(mix(from, target, step), against) >= minRatio
  let best: { step: number; target: readonly [number, number, number] } | null = null
  for (const target of [
    [0, 0, 0],
    [255, 255, 255],
  ] as const) {
    if (!reaches(255, target)) continue
    // Moving towards black (or white) the ratio first falls (while passing `against`'s
    // luminance) and then only rises, so the steps that reach minRatio are one upper range.
    let lo = 0
    let hi = 255
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1
      if (reaches(mid, target)) hi = mid
      else lo = mid
    }
    if (best === null || hi < best.step) best = { step: hi, target }
  }
  if (best !== null) return mix(from, best.target, best.step)
  // Unreachable ratio: the better of black and white.
  return textColorFor(against)
}

/** Resolved theme of a shop; every colour is a safe lower-case `#rrggbb` (SPEC §3, §9). */
export interface Theme {
  primaryColor: string
  backgroundColor: string
  /** Text on the background. */
  textColor: '#ffffff' | '#000000'
  /** Text on primary-coloured surfaces (buttons, header cart, tags without colour). */
  onPrimaryColor: '#ffffff' | '#000000'
  /** The primary drawn as text on the background (links): ≥ 4.5:1 against it. */
  primaryTextColor: string
  /** The primary drawn as a border, selected fill or control accent on the background: ≥ 3:1. */
  primaryLineColor: string
  /** Text on a {@link Theme.primaryLineColor} fill (a selected toggle button). */
  onPrimaryLineColor: '#ffffff' | '#000000'
  /** Focus ring on the background: ≥ 3:1. */
  focusColor: string
  /** Outline of form controls (text fields, selects) on the background: ≥ 3:1. */
  controlBorderColor: string
  /** Secondary text on the background: ≥ 4.5:1. */
  mutedColor: string
  /** Error text and borders on the background: ≥ 4.5:1. */
  dangerColor: string
  /** Text on a {@link Theme.dangerColor} fill. */
  onDangerColor: '#ffffff' | '#000000'
  /** Success text on the background: ≥ 4.5:1. */
  successColor: string
  /** Company logo URL, or null when there is none. */
  logo: string | null
}

/**
 * The theme of a shop, with defaults before the shop loads (both null) or where the merchant's
 * colours are missing or malformed (SPEC §9). Text is black or white by the higher contrast;
 * colours drawn on the background are shaded until they reach WCAG AA against it (colours that
 * already do are kept as they are).
 */
export function shopTheme(shop: ShopSettings | null, company: Company | null): Theme {
  const primaryColor = parseHexColor(shop?.primaryColor) ?? DEFAULT_PRIMARY
  const backgroundColor = parseHexColor(shop?.backgroundColor) ?? DEFAULT_BACKGROUND
  const textColor = textColorFor(backgroundColor)
  const primaryLineColor = readableShade(primaryColor, backgroundColor, NON_TEXT_CONTRAST)
  const dangerColor = readableShade(APP_COLORS.danger, backgroundColor, TEXT_CONTRAST)
  const muted = textColor === WHITE ? APP_COLORS.mutedOnDark : APP_COLORS.mutedOnLight
  const logo = company?.logo?.trim()
  return {
    primaryColor,
    backgroundColor,
    textColor,
    onPrimaryColor: textColorFor(primaryColor),
    primaryTextColor: readableShade(primaryColor, backgroundColor, TEXT_CONTRAST),
    primaryLineColor,
    onPrimaryLineColor: textColorFor(primaryLineColor),
    focusColor: readableShade(APP_COLORS.focus, backgroundColor, NON_TEXT_CONTRAST),
    controlBorderColor: readableShade(APP_COLORS.controlBorder, backgroundColor, NON_TEXT_CONTRAST),
    mutedColor: readableShade(muted, backgroundColor, TEXT_CONTRAST),
    dangerColor,
    onDangerColor: textColorFor(dangerColor),
    successColor: readableShade(APP_COLORS.success, backgroundColor, TEXT_CONTRAST),
    logo: logo === undefined || logo === '' ? null : logo,
  }
}
