import { globalStyle, keyframes } from '@vanilla-extract/css'
import { vars } from './theme-contract.css'
import './default-theme.css'

// A small reset: predictable box sizing and margins, media that never overflows.
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })
globalStyle('body, h1, h2, h3, h4, p, figure, blockquote, dl, dd', { margin: 0 })
globalStyle('html', { WebkitTextSizeAdjust: '100%', textSizeAdjust: '100%' })
globalStyle('body', {
  minHeight: '100vh',
  fontFamily: vars.font.family,
  fontSize: vars.font.sizeMd,
  lineHeight: 1.5,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
  // A merchant's word longer than a phone is wide ('Alkoholittomatvirvoitusjuomat' at 320 px)
  // breaks rather than running off the screen.
  overflowWrap: 'break-word',
})
globalStyle('img, picture, svg', { display: 'block', maxWidth: '100%' })
globalStyle('input, button, textarea, select', { font: 'inherit', color: 'inherit' })
globalStyle('a', { color: 'inherit' })
// Pressing a control never starts a text selection. A caret left where a pressed control had
// been (the popup's Add, gone with the popup) makes Blink search backwards for a caret position
// through every menu card before it, in each frame (docs/performance.md, "Where /megamenu's Add goes").
globalStyle('button', { WebkitUserSelect: 'none', userSelect: 'none' })

// Until the app's first render (its code still on the way over a slow phone connection), the
// empty root shows the loading screen's spinner, drawn by CSS alone (SPEC §2 shop gate: loading
// screen). It fades in after 0.3 s, so a fast load shows no flash; not contentful, so no paint
// metric counts it; fixed, out of the flow, so nothing moves when it goes (a margin in the flow
// collapsed into the body's and shifted the page: CLS 0.3).
const bootSpin = keyframes({ to: { transform: 'rotate(360deg)' } })
const bootShow = keyframes({ to: { opacity: 1 } })
globalStyle('#root:empty::before', {
  content: '""',
  position: 'fixed',
  top: '30vh',
  left: 0,
  right: 0,
  width: '2.5rem',
  height: '2.5rem',
  margin: '0 auto',
  borderRadius: '50%',
  border: `0.375rem solid ${vars.color.primaryLine}`,
  borderRightColor: 'transparent',
  opacity: 0,
  animation: `${bootShow} 0s 0.3s forwards, ${bootSpin} 0.8s linear infinite`,
})

// Keyboard users must always see where focus is (WCAG 2.4.7); mouse clicks stay clean.
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' })

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
})
