import type { FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { EventFromLogic, SnapshotFrom } from 'xstate'
import type { passwordResetMachine } from '@machines/password-reset/password-reset.machine'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { PageContainer } from '@/ui/page-container'
import { Spinner } from '@/ui/spinner'
import { TextField } from '@/ui/text-field'
import { passwordFormErrors } from './owner.messages'
import * as styles from './owner-page.css'

/** Snapshot of the password reset machine (SPEC §4 "Password reset"). */
export type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>
/** Events it accepts: `password.changed`, `repeat.changed`, `submit`, `retry`. */
export type PasswordResetEvent = EventFromLogic<typeof passwordResetMachine>

/** Props of {@link PasswordResetView}. */
export interface PasswordResetViewProps {
  snapshot: PasswordResetSnapshot
  send: (event: PasswordResetEvent) => void
}

/**
 * `/auth/passwordreset` (SPEC §2, §5, CONTRACT.md "More words"): checking the link; the form
 * with `New password`, `Repeat password` and `Change password`; 'Your password has been
 * changed'; or the expired-link text. Errors appear in an alert.
 */
export function PasswordResetView({ snapshot, send }: PasswordResetViewProps) {
  const { t, i18n } = useLingui()
  const { context } = snapshot

  if (snapshot.matches('changed')) {
    return (
      <PageContainer className={styles.page}>
        <h1 className={styles.heading}>
          <Trans>Your password has been changed</Trans>
        </h1>
        <p className={styles.body}>
          <Trans>You can now sign in to the app with your new password.</Trans>
        </p>
      </PageContainer>
    )
  }

  const heading = (
    <h1 className={styles.heading}>
      <Trans>Reset password</Trans>
    </h1>
  )

  if (snapshot.matches('expired')) {
    return (
      <PageContainer className={styles.page}>
        {heading}
        <Alert>
          <Trans>The link is too old. Request a new one in the app.</Trans>
        </Alert>
      </PageContainer>
    )
  }

  if (snapshot.matches('verifying')) {
    return (
      <PageContainer className={styles.page}>
        {heading}
        <Spinner size="large" label={t`Checking the link…`} />
      </PageContainer>
    )
  }

  if (snapshot.matches('verifyFailed')) {
    return (
      <PageContainer className={styles.page}>
        {heading}
        <Alert>
          <Trans>An unknown error has occurred</Trans>
        </Alert>
        <Button onClick={() => send({ type: 'retry' })}>
          <Trans>Try again</Trans>
        </Button>
      </PageContainer>
    )
  }

  const changing = snapshot.matches('changing')
  const email = context.email ?? ''
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    send({ type: 'submit' })
  }
  return (
    <PageContainer className={styles.page}>
      {heading}
      {email !== '' && (
        <p className={styles.muted}>
          <Trans>Choose a new password for {email}.</Trans>
        </p>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          value={context.password}
          onChange={(e) => send({ type: 'password.changed', value: e.target.value })}
          disabled={changing}
        />
        <TextField
          label={t`Repeat password`}
          type="password"
          autoComplete="new-password"
          value={context.repeat}
          onChange={(e) => send({ type: 'repeat.changed', value: e.target.value })}
          disabled={changing}
        />
        {context.formError !== null && <Alert>{i18n._(passwordFormErrors[context.formError])}</Alert>}
        <Button type="submit" loading={changing}>
          <Trans>Change password</Trans>
        </Button>
      </form>
    </PageContainer>
  )
}
