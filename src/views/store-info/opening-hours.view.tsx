import { useId } from 'react'
import { Trans } from '@lingui/react/macro'
import * as styles from './store-info.css'

/** Props of {@link OpeningHoursView}. */
export interface OpeningHoursViewProps {
  /** Opening hours as the merchant wrote them; line breaks are kept. */
  text: string
  /** Heading level, so the block fits the page's outline (default 2). */
  level?: 2 | 3
  /**
   * A named region (landmark), as in the footer (default). Off where the footer's block is on
   * the same page (the refund policy): two regions of one name are ambiguous (axe landmark-unique).
   */
  region?: boolean
  className?: string
}

/**
 * The 'Opening hours' block (SPEC §2 "Shop layout" footer and "Store info"): a heading and the
 * merchant's text as plain text with its line breaks.
 */
export function OpeningHoursView({ text, level = 2, region = true, className }: OpeningHoursViewProps) {
  const headingId = useId()
  const Heading = level === 2 ? 'h2' : 'h3'
  const Block = region ? 'section' : 'div'
  return (
    <Block className={[styles.block, className].filter(Boolean).join(' ')} aria-labelledby={region ? headingId : undefined}>
      <Heading id={headingId} className={styles.blockHeading}>
        <Trans>Opening hours</Trans>
      </Heading>
      <p className={styles.preLine}>{text}</p>
    </Block>
  )
}

/** Whether an opening-hours or policy text has anything to show. */
export function hasText(text: string | null | undefined): text is string {
  return typeof text === 'string' && text.trim() !== ''
}
