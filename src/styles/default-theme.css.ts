import { createGlobalTheme } from '@vanilla-extract/css'
import { shopTheme } from '@/domain/theme'
import { vars } from './theme-contract.css'

const base = shopTheme(null, null)

/**
 * Default colours: primary green on white (SPEC §9), the domain's default theme; text colours
 * keep WCAG AA contrast (CONTRACT.md "Accessibility").
 */
const defaultColors = {
  primary: base.primaryColor,
  onPrimary: base.onPrimaryColor,
  primaryText: base.primaryTextColor,
  primaryLine: base.primaryLineColor,
  onPrimaryLine: base.onPrimaryLineColor,
  background: base.backgroundColor,
  text: '#1b1b1b',
  surface: '#f5f5f5',
  surfaceText: '#1b1b1b',
  border: '#c4c4c4',
  controlBorder: base.controlBorderColor,
  muted: base.mutedColor,
  danger: base.dangerColor,
  onDanger: base.onDangerColor,
  success: base.successColor,
  focus: base.focusColor,
} as const

createGlobalTheme(':root', vars, {
  color: defaultColors,
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px', xxl: '48px' },
  radius: { sm: '4px', md: '8px', lg: '16px', pill: '999px' },
  font: {
    family: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    sizeSm: '0.875rem',
    sizeMd: '1rem',
    sizeLg: '1.25rem',
    sizeXl: '1.75rem',
  },
  size: {
    contentMax: '1000px',
    popupMax: '500px',
    imageSmall: '150px',
    imagePopup: '300px',
    logoW: '200px',
    logoH: '100px',
  },
})
