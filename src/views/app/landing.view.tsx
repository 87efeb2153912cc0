import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { PROVIDER_NAME } from '@/config'
import { Button } from '@/ui/button'
import { PageContainer } from '@/ui/page-container'
import { TextField } from '@/ui/text-field'
import * as styles from './landing.css'

/** Props of {@link LandingView}. */
export interface LandingViewProps {
  /** Called with the trimmed, non-empty shop id the visitor typed. */
  onOpenShop: (shopId: string) => void
}

/** The `/` page: the provider's brand and a field to open a shop by its id (SPEC §2). */
export function LandingView({ onOpenShop }: LandingViewProps) {
  const { t } = useLingui()
  // Plain form input, not spec state: nothing else depends on it.
  const [shopId, setShopId] = useState('')
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const id = shopId.trim()
    if (id !== '') onOpenShop(id)
  }
  return (
    <PageContainer className={styles.landing}>
      <h1 className={styles.brand}>{PROVIDER_NAME}</h1>
      <p>
        <Trans>Open a shop by entering its id.</Trans>
      </p>
      <form className={styles.form} onSubmit={submit}>
        <TextField label={t`Shop id`} name="shopId" autoComplete="off" value={shopId} onChange={(event) => setShopId(event.target.value)} />
        <Button type="submit" disabled={shopId.trim() === ''}>
          <Trans>Open shop</Trans>
        </Button>
      </form>
    </PageContainer>
  )
}
