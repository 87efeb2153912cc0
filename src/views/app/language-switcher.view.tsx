import { startTransition, useId } from 'react'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { activateLocale, isLocale, localeNames, locales } from '@/i18n'
import * as styles from './language-switcher.css'

/**
 * The visible language switcher (CONTRACT.md "Language"): a `<select>` labelled "Language"
 * with each language in its own name. Choosing one loads its catalog, sets `<html lang>` and
 * remembers the choice. It reads the active language from the `I18nProvider` above it.
 */
export function LanguageSwitcher() {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <span className={styles.switcher}>
      <label htmlFor={id}>
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        className={styles.select}
        value={i18n.locale}
        onChange={(event) => {
          const next = event.target.value
          // In a transition: the page keeps what it shows, and holds, while its texts switch.
          if (isLocale(next)) void activateLocale(i18n, next, { transition: startTransition })
        }}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {localeNames[locale]}
          </option>
        ))}
      </select>
    </span>
  )
}
