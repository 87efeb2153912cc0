import { defineConfig } from '@lingui/cli'

/** Lingui catalogs: English source, Swedish and Finnish translations (CONTRACT.md "Language"). */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sv', 'fi'],
  fallbackLocales: { default: 'en' },
  // Test files call i18n._ with made-up ids; they are not app messages. The owner pages' own
  // messages are a catalog of their own, loaded with those pages (issue 6: a third of the
  // texts, not needed by the menu); messages they share with the shop stay in `messages`.
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.ts', '**/*.test.tsx', 'src/views/owner/**'] },
    { path: '<rootDir>/locales/{locale}/owner', include: ['src/views/owner'], exclude: ['**/*.test.ts', '**/*.test.tsx'] },
  ],
})
