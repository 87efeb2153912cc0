import { defineConfig } from '@lingui/cli'

const TESTS = ['**/*.test.ts', '**/*.test.tsx']
/** Files whose texts are in the `pages` catalog (`src/i18n/catalog-parts.ts` loads it with them). */
const PAGES = [
  'src/views/cart',
  'src/views/checkout',
  'src/views/payment',
  'src/views/receipt',
  'src/views/product',
  'src/views/shop/reference-entry.view.tsx',
  'src/views/shop/shop-closed.view.tsx',
  'src/views/shop/shop-not-found.view.tsx',
  'src/views/shop/shop-footer.view.tsx',
  'src/views/store-info/opening-hours.view.tsx',
  'src/views/store-info/org-number.view.tsx',
  'src/views/store-info/refund-policy.view.tsx',
  'src/views/app/not-found.view.tsx',
  'src/ui/quantity-stepper.tsx',
]
const OWNER = 'src/views/owner'
/** A directory as an exclude pattern (excludes match files, not directories); files stay as they are. */
const glob = (path: string) => (path.endsWith('.tsx') ? path : `${path}/**`)

/** Lingui catalogs: English source, Swedish and Finnish translations (CONTRACT.md "Language"). */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sv', 'fi'],
  fallbackLocales: { default: 'en' },
  // Test files call i18n._ with made-up ids; they are not app messages. Three catalogs (issue
  // 6: the menu loads only its own texts): `messages`, what the menu's first screen shows (the
  // menu, the shop's header, the app's own pages); `pages`, the rest of the customer's pages
  // (product, cart, checkout, payment, receipt, refund policy, table number, closed shop,
  // not-found page) and the shop's footer, loaded with them;
  // `owner`, the owner pages'. A message used in two catalogs' files is in both.
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: [...TESTS, ...PAGES.map(glob), glob(OWNER)] },
    { path: '<rootDir>/locales/{locale}/pages', include: PAGES, exclude: TESTS },
    { path: '<rootDir>/locales/{locale}/owner', include: [OWNER], exclude: TESTS },
  ],
})
