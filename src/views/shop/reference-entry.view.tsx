import { useEffect, useRef, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { ReferenceError } from '@machines/shop-gate/shop-gate.machine'
import { useKeepFocusWithin } from '@/ui/keep-focus'
import { Button } from '@/ui/button'
import { TextField } from '@/ui/text-field'
import { withCatalogPart } from '@/i18n/catalog-parts'
import * as styles from './gate-screens.css'
import { useDocumentTitle } from '@/ui/document-title'
import { pageHeading } from '@/ui/route-focus'

const referenceErrors: Record<ReferenceError, MessageDescriptor> = {
  emptyInput: msg`You must enter a table number`,
  notFound: msg`Table number not found`,
}

/** Props of {@link ReferenceEntryView}. */
export interface ReferenceEntryViewProps {
  /** What the customer has typed so far (the gate's `referenceInput`). */
  value: string
  /** The gate's `referenceError` code, or null. */
  error: ReferenceError | null
  /** The reference is being saved (the gate's `busy` tag): the button shows a spinner. */
  saving: boolean
  /** Sends `reference.changed`. */
  onChange: (value: string) => void
  /** Sends `reference.submit`. */
  onSubmit: () => void
}

/**
 * Order reference entry (SPEC §2 gate step 4, §5, CONTRACT.md): a textbox labelled 'Table
 * number' with placeholder '01' and a 'Save' button; errors are linked to the textbox. Once
 * saved, focus left in the form moves to the shop's page that replaces it.
 */
function ReferenceEntryView({ value, error, saving, onChange, onSubmit }: ReferenceEntryViewProps) {
  const { t, i18n } = useLingui()
  useDocumentTitle(t`Where are you sitting?`)
  // Save is disabled while the reference is checked: focus returns to the number, with its error.
  const input = useRef<HTMLInputElement>(null)
  const keepFocus = useKeepFocusWithin<HTMLFormElement>(() => input.current)
  // Saved: the menu takes this screen's place, and the focused number goes with it. Focus
  // goes to the heading of the page that replaced it (the shop's title), not to the body (WCAG 2.4.3).
  useEffect(
    () => () => {
      const active = document.activeElement
      if (active === null || active === document.body) pageHeading()?.focus({ preventScroll: true })
    },
    [],
  )
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSubmit()
  }
  return (
    <section className={styles.screen} aria-labelledby="reference-heading">
      <h2 id="reference-heading" className={styles.heading}>
        <Trans>Where are you sitting?</Trans>
      </h2>
      <p className={styles.body}>
        <Trans>Enter your table number so that we know where to bring your order.</Trans>
      </p>
      <form {...keepFocus} className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t`Table number`}
          name="reference"
          ref={input}
          placeholder="01"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={error === null ? null : i18n._(referenceErrors[error])}
          announce
        />
        <Button type="submit" loading={saving}>
          <Trans>Save</Trans>
        </Button>
      </form>
    </section>
  )
}

/** {@link ReferenceEntryView} once its texts (the `pages` catalog) are here: what the shop layout loads lazily. */
export const ReferenceEntryScreen = withCatalogPart('pages', ReferenceEntryView)
