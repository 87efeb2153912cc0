import { describe, expect, it } from 'vitest'
import { shopTheme } from '@/domain/theme'
import type { ShopSettings } from '@/domain/types'
import { vars } from './theme-contract.css'
import { shopThemeVars } from './shop-theme'

const name = (reference: string) => reference.slice('var('.length, -1)

const settings = (primaryColor: string, backgroundColor: string): ShopSettings => ({
  title: 'T',
  primaryColor,
  backgroundColor,
  displayType: 'NO_IMAGE',
  openHours: null,
  active: true,
  requireReference: false,
  description: null,
  refundPolicy: null,
  customerInputs: null,
})

describe('shopThemeVars', () => {
  it('maps the shop colours onto the contract variables', () => {
    const style = shopThemeVars(shopTheme(settings('#123456', '#000000'), null))
    expect(style[name(vars.color.primary)]).toBe('#123456')
    expect(style[name(vars.color.onPrimary)]).toBe('#ffffff')
    expect(style[name(vars.color.background)]).toBe('#000000')
    expect(style[name(vars.color.text)]).toBe('#ffffff')
    expect(Object.keys(style).every((key) => key.startsWith('--'))).toBe(true)
  })

  it('sets the readable shades of the primary the styles draw on the background', () => {
    const theme = shopTheme(settings('#0099cc', '#eaf6fb'), null)
    const style = shopThemeVars(theme)
    expect(style[name(vars.color.primaryText)]).toBe(theme.primaryTextColor)
    expect(style[name(vars.color.primaryLine)]).toBe(theme.primaryLineColor)
    expect(style[name(vars.color.onPrimaryLine)]).toBe(theme.onPrimaryLineColor)
    expect(style[name(vars.color.primaryText)]).not.toBe('#0099cc')
    expect(style[name(vars.color.focus)]).toBe(theme.focusColor)
    expect(style[name(vars.color.controlBorder)]).toBe(theme.controlBorderColor)
    expect(style[name(vars.color.danger)]).toBe(theme.dangerColor)
    expect(style[name(vars.color.onDanger)]).toBe(theme.onDangerColor)
    expect(style[name(vars.color.success)]).toBe(theme.successColor)
  })

  it('keeps muted text readable on a dark background', () => {
    const dark = shopThemeVars(shopTheme(settings('#2e7d32', '#111111'), null))
    const light = shopThemeVars(shopTheme(settings('#2e7d32', '#ffffff'), null))
    expect(dark[name(vars.color.muted)]).not.toBe(light[name(vars.color.muted)])
  })
})
