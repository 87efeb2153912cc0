import type { CSSProperties } from 'react'
import { parseHexColor, textColorFor } from '@/domain/theme'
import * as styles from './badge.css'

/** Props of {@link Badge}. */
export interface BadgeProps {
  label: string
  /** Background colour from the platform; null or malformed falls back to the theme primary (SPEC §3 "Tag"). */
  color?: string | null
}

/** A product tag; text is black or white, whichever contrasts more with its colour (CONTRACT.md "Accessibility"). */
export function Badge({ label, color }: BadgeProps) {
  const background = parseHexColor(color)
  const style: CSSProperties | undefined = background === null ? undefined : { backgroundColor: background, color: textColorFor(background) }
  return (
    <span className={styles.badge} style={style}>
      {label}
    </span>
  )
}
