import type { FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { ReferenceError } from '@machines/shop-gate/shop-gate.machine'
import { Button } from '@/ui/button'
import { PageContainer } from '@/ui/page-container'
import { TextField } from '@/ui/text-field'
import * as styles from './gate-screens.css'

/**
 * Shop not found (SPEC §2 gate step 1, CONTRACT.md): heading 'Are you sure you entered the
 * correct address?' and one explaining line. Rendered without the shop's header and footer.
 */
export function ShopNotFoundView() {
  return (
    <PageContainer className={styles.screen}>
      <h1 className={styles.heading}>
        <Trans>Are you sure you entered the correct address?</Trans>
      </h1>
      <p className={styles.body}>
        <Trans>We could not find a shop at this address. Check the link you followed, or ask the shop for a new one.</Trans>
      </p>
    </PageContainer>
  )
}

/** Props of {@link ShopLoadFailedView}. */
export interface ShopLoadFailedViewProps {
  /** Sends the gate's `retry`. */
  onRetry: () => void
}

/**
 * The shop could not be loaded after the automatic retries (server error, dropped connection):
 * a message and a 'Try again' button (SPEC §4 "Shop load", DESIGN shop gate `loadFailed`).
 */
export function ShopLoadFailedView({ onRetry }: ShopLoadFailedViewProps) {
  return (
    <PageContainer className={styles.screen}>
      <h1 className={styles.heading}>
        <Trans>The shop could not be loaded</Trans>
      </h1>
      <p className={styles.body}>
        <Trans>Check your connection and try again.</Trans>
      </p>
      <Button onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </PageContainer>
  )
}

/** Props of {@link ShopClosedView}. */
export interface ShopClosedViewProps {
  /** The shop's opening hours as the merchant wrote them (line breaks kept), or null. */
  openHours: string | null
}

/** Closed shop (SPEC §2 gate step 3, CONTRACT.md): a heading containing 'Closed' and the opening hours. */
export function ShopClosedView({ openHours }: ShopClosedViewProps) {
  return (
    <section className={styles.screen} aria-labelledby="shop-closed-heading">
      <h2 id="shop-closed-heading" className={styles.heading}>
        <Trans>Closed right now</Trans>
      </h2>
      {openHours !== null && openHours.trim() !== '' ? (
        <>
          <p className={styles.body}>
            <Trans>Welcome back during our opening hours:</Trans>
          </p>
          <p className={styles.hours}>{openHours}</p>
        </>
      ) : (
        <p className={styles.body}>
          <Trans>The shop is not taking orders at the moment.</Trans>
        </p>
      )}
    </section>
  )
}

const referenceErrors: Record<ReferenceError, MessageDescriptor> = {
  emptyInput: msg`You must enter a table number`,
  notFound: msg`Table number not found`,
  failed: msg`An unknown error has occurred`,
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
 * number' with placeholder '01' and a 'Save' button; errors are linked to the textbox.
 */
export function ReferenceEntryView({ value, error, saving, onChange, onSubmit }: ReferenceEntryViewProps) {
  const { t, i18n } = useLingui()
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
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t`Table number`}
          name="reference"
          placeholder="01"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={error === null ? null : i18n._(referenceErrors[error])}
        />
        <Button type="submit" loading={saving}>
          <Trans>Save</Trans>
        </Button>
      </form>
    </section>
  )
}
