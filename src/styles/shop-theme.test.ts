import { describe, expect, it } from 'vitest'
import { shopTheme } from '@/domain/theme'
import { vars } from './theme-contract.css'
import { shopThemeVars } from './shop-theme'

const name = (reference: string) => reference.slice('var('.length, -1)

describe('shopThemeVars', () => {
  it('maps the shop colours onto the contract variables', () => {
    const theme = shopTheme(
      { title: 'T', primaryColor: '#123456', backgroundColor: '#000000', displayType: 'NO_IMAGE', openHours: null, active: true, requireReference: false, description: null, refundPolicy: null, customerInputs: null },
      null,
    )
    const style = shopThemeVars(theme)
    expect(style[name(vars.color.primary)]).toBe('#123456')
    expect(style[name(vars.color.onPrimary)]).toBe('#ffffff')
    expect(style[name(vars.color.background)]).toBe('#000000')
    expect(style[name(vars.color.text)]).toBe('#ffffff')
    expect(Object.keys(style).every((key) => key.startsWith('--'))).toBe(true)
  })

  it('keeps muted text readable on a dark background', () => {
    const dark = shopThemeVars({ primaryColor: '#2e7d32', backgroundColor: '#111111', textColor: '#ffffff', onPrimaryColor: '#ffffff', logo: null })
    const light = shopThemeVars({ primaryColor: '#2e7d32', backgroundColor: '#ffffff', textColor: '#000000', onPrimaryColor: '#ffffff', logo: null })
    expect(dark[name(vars.color.muted)]).not.toBe(light[name(vars.color.muted)])
  })
})
