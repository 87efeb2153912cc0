import { createThemeContract } from '@vanilla-extract/css'

/**
 * Design tokens every style reads (STYLE.md §5). Values come from the default theme
 * (`default-theme.css.ts`) and, for colours, from a shop's own theme (`shopThemeVars`).
 * Sizes follow SPEC §9: content max 1000px, popup 500px, images 150px / 300px, logo box 200x100.
 */
export const vars = createThemeContract({
  // Colours drawn on the background (primaryText, primaryLine, focus, muted, danger, success)
  // reach WCAG AA against it in every shop theme (src/domain/theme.ts): text 4.5:1, lines 3:1.
  // Draw the primary as text in `primaryText` and as a border, selected fill or control accent
  // in `primaryLine`; `primary` itself only as a fill under `onPrimary` text. `border` is for
  // decorative dividers; a form control's outline is `controlBorder` (3:1, WCAG 1.4.11).
  color: {
    primary: null,
    onPrimary: null,
    primaryText: null,
    primaryLine: null,
    onPrimaryLine: null,
    background: null,
    text: null,
    surface: null,
    surfaceText: null,
    border: null,
    controlBorder: null,
    muted: null,
    danger: null,
    onDanger: null,
    success: null,
    focus: null,
  },
  space: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radius: { sm: null, md: null, lg: null, pill: null },
  font: { family: null, sizeSm: null, sizeMd: null, sizeLg: null, sizeXl: null },
  size: {
    contentMax: null,
    popupMax: null,
    imageSmall: null,
    imagePopup: null,
    logoW: null,
    logoH: null,
  },
})

/** Below this width (px) the mobile layout applies (SPEC §9). Media queries cannot read CSS variables. */
const mobileBreakpoint = 768

/** Media queries for the mobile breakpoint, for `@media` blocks in `.css.ts` files. */
export const media = {
  mobile: `screen and (max-width: ${mobileBreakpoint - 0.02}px)`,
  desktop: `screen and (min-width: ${mobileBreakpoint}px)`,
} as const
