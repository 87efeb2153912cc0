import { useRef, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { PasswordResetActor } from '@machines/password-reset/password-reset.machine'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { firstFocusable, useKeepFocusWithin } from '@/ui/keep-focus'
import { PageContainer } from '@/ui/page-container'
import { Spinner } from '@/ui/spinner'
import { StatusLine } from '@/ui/status-line'
import { TextField } from '@/ui/text-field'
import { passwordFormErrors } from './owner.messages'
import * as styles from './owner-page.css'
import { useDocumentTitle } from '@/ui/document-title'
import { textValue } from '@/ui/text-value'

/** Props of {@link PasswordResetView}. */
export interface PasswordResetViewProps {
  /** The page's password reset (SPEC §4 "Password reset"). */
  actor: PasswordResetActor
}

/**
 * `/auth/passwordreset` (SPEC §2, §5, CONTRACT.md "More words"): checking the link; the form
 * with `New password`, `Repeat password` and `Change password`; 'Your password has been
 * changed'; or the expired-link text. Errors appear in an alert. Sends `password.changed`,
 * `repeat.changed`, `submit` and `retry`. The document title is the state's heading, after
 * the expired-link or failure text when one shows (WCAG 2.4.2).
 */
export function PasswordResetView({ actor }: PasswordResetViewProps) {
  const { t, i18n } = useLingui()
  const state = useSelector(actor, (s) => s.value)
  const context = useSelector(actor, (s) => s.context)
  const page = t`Reset password`
  const expiredText = t`The link is too old. Request a new one in the app.`
  const failedText = t`An error occurred`
  const changedText = t`Your password has been changed`
  const titles: Record<typeof state, string | readonly string[]> = {
    start: page,
    verifying: page,
    expired: [expiredText, page],
    verifyFailed: [failedText, page],
    form: page,
    changing: page,
    changed: changedText,
  }
  useDocumentTitle(titles[state])
  // The form is disabled while the change is sent, then gives way to the outcome: focus goes to
  // the first control left or the heading, not the page body (WCAG 2.4.3).
  const headingRef = useRef<HTMLHeadingElement>(null)
  const keepFocus = useKeepFocusWithin<HTMLElement>((container) => firstFocusable(container) ?? headingRef.current)
  const heading = (
    <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
      {state === 'changed' ? changedText : page}
    </h1>
  )
  // One status line beside the heading in every state: the change's outcome is announced (WCAG 4.1.3).
  const status = (
    <StatusLine className={styles.body}>
      {state === 'changed' && <Trans>You can now sign in to the app with your new password.</Trans>}
    </StatusLine>
  )

  if (state === 'changed') {
    return (
      <PageContainer {...keepFocus} className={styles.page}>
        {heading}
        {status}
      </PageContainer>
    )
  }

  if (state === 'expired') {
    return (
      <PageContainer className={styles.page}>
        {heading}
        {status}
        <Alert>{expiredText}</Alert>
      </PageContainer>
    )
  }

  if (state === 'verifying') {
    return (
      <PageContainer className={styles.page}>
        {heading}
        {status}
        <Spinner size="large" label={t`Checking the link…`} />
      </PageContainer>
    )
  }

  if (state === 'verifyFailed') {
    return (
      <PageContainer className={styles.page}>
        {heading}
        {status}
        <Alert>{failedText}</Alert>
        <Button onClick={() => actor.send({ type: 'retry' })}>
          <Trans>Try again</Trans>
        </Button>
      </PageContainer>
    )
  }

  const changing = state === 'changing'
  // Each rule's error is tied to its field (aria-describedby) and announced (SPEC §5).
  const passwordError = context.formError === 'tooShort' || context.formError === 'weakPassword' ? context.formError : null
  const address = context.email ?? ''
  const email = textValue(address)
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    actor.send({ type: 'submit' })
  }
  return (
    <PageContainer {...keepFocus} className={styles.page}>
      {heading}
      {status}
      {address !== '' && (
        <p className={styles.muted}>
          <Trans>Choose a new password for {email}.</Trans>
        </p>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" autoComplete="username" value={address} readOnly hidden />
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          value={context.password}
          onChange={(e) => actor.send({ type: 'password.changed', value: e.target.value })}
          disabled={changing}
          error={passwordError === null ? null : i18n._(passwordFormErrors[passwordError])}
          announce
        />
        <TextField
          label={t`Repeat password`}
          type="password"
          autoComplete="new-password"
          value={context.repeat}
          onChange={(e) => actor.send({ type: 'repeat.changed', value: e.target.value })}
          disabled={changing}
          error={context.formError === 'mismatch' ? i18n._(passwordFormErrors.mismatch) : null}
          announce
        />
        {context.formError === 'unknown' && <Alert>{i18n._(passwordFormErrors.unknown)}</Alert>}
        <Button type="submit" loading={changing}>
          <Trans>Change password</Trans>
        </Button>
      </form>
    </PageContainer>
  )
}
