/**
 * Near the viewport: parts of a long page that have come close to the screen, watched by one
 * IntersectionObserver.
 *
 * Why: every `<img loading="lazy">` is a target of the browser's own lazy-load observer until it
 * loads, and every frame computes all of them, which lengthens each frame of a large menu and
 * the frame that paints an Add. The menu renders the images of a section once the section has
 * come near (docs/performance.md, "images of near sections"), so the browser watches the
 * sections instead of every image.
 *
 * Remove when: Chromium's lazy-load observer costs nothing per image it is still waiting for
 * (frames on /megamenu as short as on /bigmenu with every image an `<img loading="lazy">`).
 */
import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * How far from the viewport (px) a part counts as near: the distance at which Chromium starts
 * loading a lazy image on a fast connection, so an image is in the page before the browser
 * would have asked for it.
 * @internal exported for tests (knip --production)
 */
export const NEAR_MARGIN_PX = 1250

/** What {@link useNearViewport} returns. */
export interface NearViewport {
  /**
   * The keys of the parts seen near the viewport so far (a part stays near once it has been);
   * null where there is no IntersectionObserver: then every part counts as near.
   */
  near: ReadonlySet<string> | null
  /** Watches `element` as the part `key` until it comes near; returns the cleanup. Stable. */
  watch: (element: Element, key: string) => () => void
}

/**
 * Which parts of the page (keyed by the caller) have come within {@link NEAR_MARGIN_PX} of the
 * viewport, through one IntersectionObserver created on the first {@link NearViewport.watch}
 * and disconnected on unmount. Parts seen near together are added in one update.
 */
export function useNearViewport(marginPx = NEAR_MARGIN_PX): NearViewport {
  const [near, setNear] = useState<ReadonlySet<string> | null>(() => (typeof IntersectionObserver === 'undefined' ? null : new Set()))
  const observer = useRef<{ io: IntersectionObserver; keys: Map<Element, string> } | null>(null)
  useEffect(() => () => observer.current?.io.disconnect(), [])
  const watch = useCallback(
    (element: Element, key: string) => {
      if (typeof IntersectionObserver === 'undefined') return () => undefined
      if (!observer.current) {
        const keys = new Map<Element, string>()
        const io = new IntersectionObserver(
          (entries) => {
            const seen: string[] = []
            for (const entry of entries) {
              const part = keys.get(entry.target)
              if (!entry.isIntersecting || part === undefined) continue
              seen.push(part)
              keys.delete(entry.target)
              io.unobserve(entry.target)
            }
            if (seen.length > 0) setNear((current) => new Set([...(current ?? []), ...seen]))
          },
          { rootMargin: `${marginPx}px 0px` },
        )
        observer.current = { io, keys }
      }
      const { io, keys } = observer.current
      keys.set(element, key)
      io.observe(element)
      return () => {
        keys.delete(element)
        io.unobserve(element)
      }
    },
    [marginPx],
  )
  return { near, watch }
}
