import type { ReactElement } from 'react'

/**
 * A string from outside (the platform's message, the merchant's data) as a `<Trans>` value.
 * Lingui's `<Trans>` reads tags in a string value ('Use <b>other</b> card', '<0>x</0>') as its
 * own elements and drops them; a value given as an element is inserted as it is (SPEC §8: the
 * server's message is shown as it came).
 */
export function textValue(text: string): ReactElement {
  return <>{text}</>
}
