import { createGlobalTheme } from '@vanilla-extract/css'
import { vars } from './theme-contract.css'

/** Default colours: primary green on white (SPEC §9). Text colours keep WCAG AA contrast. */
export const defaultColors = {
  primary: '#2e7d32',
  onPrimary: '#ffffff',
  background: '#ffffff',
  text: '#1b1b1b',
  surface: '#f5f5f5',
  surfaceText: '#1b1b1b',
  border: '#c4c4c4',
  muted: '#595959',
  danger: '#b3261e',
  success: '#2e7d32',
  focus: '#1a56db',
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
