/** Theme tokens and helpers (STYLE.md §5). Importing this module does not inject global CSS. */
export { vars, media } from './theme-contract.css'
export { shopThemeVars } from './shop-theme'
