import type { Theme } from '@/domain/theme'
import { vars } from './theme-contract.css'

/**
 * The custom-property name inside a contract reference (`var(--primary__x1)` → `--primary__x1`).
 * `@vanilla-extract/dynamic`'s assignInlineVars does the same, but that package is not
 * installed; swap it in when it is.
 */
function varName(reference: string): string {
  const match = /^var\((--[^,)]+)/.exec(reference)
  if (!match?.[1]) throw new Error(`Not a CSS variable reference: ${reference}`)
  return match[1]
}

/**
 * Inline CSS variables that apply a shop's colours below the element they are set on
 * (SPEC §2 "Shop layout", §9; CONTRACT.md "Accessibility"), e.g.
 * `<div style={shopThemeVars(theme)}>`. Returns a `style` object mapping the contract's custom
 * properties to the theme's colours (any CSS colour strings, normally `#rrggbb`).
 */
export function shopThemeVars(theme: Theme): Record<string, string> {
  return {
    [varName(vars.color.primary)]: theme.primaryColor,
    [varName(vars.color.onPrimary)]: theme.onPrimaryColor,
    [varName(vars.color.primaryText)]: theme.primaryTextColor,
    [varName(vars.color.primaryLine)]: theme.primaryLineColor,
    [varName(vars.color.onPrimaryLine)]: theme.onPrimaryLineColor,
    [varName(vars.color.background)]: theme.backgroundColor,
    [varName(vars.color.text)]: theme.textColor,
    [varName(vars.color.muted)]: theme.mutedColor,
    [varName(vars.color.danger)]: theme.dangerColor,
    [varName(vars.color.onDanger)]: theme.onDangerColor,
    [varName(vars.color.success)]: theme.successColor,
    [varName(vars.color.focus)]: theme.focusColor,
    [varName(vars.color.controlBorder)]: theme.controlBorderColor,
    // Dividers and field outlines: lighter on a dark background.
    [varName(vars.color.border)]: theme.textColor === '#ffffff' ? '#8a8a8a' : '#c4c4c4',
  }
}
