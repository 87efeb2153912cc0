import { lazy, Suspense, useDeferredValue, useEffect, type ComponentProps, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { gateScreen, sessionOf, type GateScreen, type ShopGateActor } from '@machines/shop-gate/shop-gate.machine'
import type { TableError } from '@machines/session/session.machine'
import { shopTheme } from '@/domain/theme'
import { shopThemeVars } from '@/styles'
import { Alert } from '@/ui/alert'
import { LoadingScreen } from '@/ui/loading-screen'
import { useIdleLoaded } from '@/perf/idle'
import { releaseIdleHold } from '@/perf/paint-hold'
import { useCartSummary } from './cart-summary'
import { ErrorView } from '@/views/app/error.view'
import { ShopLoadFailedView } from './gate-screens.view'
import { ShopHeaderView } from './shop-header.view'
import * as styles from './shop-layout.css'
import { DocumentTitleScope } from '@/ui/document-title'
import { MainLandmark } from '@/ui/page-container'

// The footer (company, contact, opening hours, links) is below the menu; the not-found, closed
// and table-number screens show only for some addresses and shops: they load once needed, not
// with the menu. The loading screen stands in for those screens meanwhile. The
// 'could not be loaded' screen stays: the connection may be gone.
const loadShopFooter = () => import('./shop-footer.view').then((m) => ({ default: m.ShopFooter }))
const ShopFooter = lazy(loadShopFooter)
const ShopNotFoundScreen = lazy(() => import('./shop-not-found.view').then((m) => ({ default: m.ShopNotFoundScreen })))
const ShopClosedScreen = lazy(() => import('./shop-closed.view').then((m) => ({ default: m.ShopClosedScreen })))
const ReferenceEntryScreen = lazy(() => import('./reference-entry.view').then((m) => ({ default: m.ReferenceEntryScreen })))

const tableErrors: Record<TableError, MessageDescriptor> = {
  tableNotFound: msg`Table number not found`,
  tableRequired: msg`You must enter a table number`,
}

/** Props of {@link ShopLayoutView}. */
export interface ShopLayoutViewProps {
  /** The shop gate of `/$shopId` (the route starts it). */
  shop: ShopGateActor
  /**
   * Show `children` as soon as the shop is loaded, whatever the gate decides (closed, needs a
   * reference): the refund policy stays readable (SPEC §2 gate "except refundPolicy").
   */
  bypassGate?: boolean
  /** The child route: rendered when the gate is open (or bypassed). */
  children: ReactNode
}

/**
 * The shop shell of `/$shopId` (SPEC §2 "Shop gate" and "Shop layout"). Reads the gate actor
 * `shop` (its `gateScreen`) and shows, in order: not found (without the shop's header and
 * footer), the loading screen, 'could not be loaded' with 'Try again' once automatic retries
 * are used up, the closed screen, the reference entry, or `children`. Around every screen of
 * a loaded shop: its theme (CSS variables), header, table error, offline notice and footer
 * (rendered once the browser is idle after the gate's screen).
 */
export function ShopLayoutView({ shop, bypassGate = false, children }: ShopLayoutViewProps) {
  // A new screen (above all the open shop: header, menu, footer) renders in a background
  // render that React slices into short tasks; the synchronous store update that changed the
  // gate only schedules it, and the previous screen stays up until it commits, so nothing
  // shifts in between.
  // The header's order reference is deferred with the screen: the title says ' - 12' in the
  // same commit that replaces the table entry with the menu, never before it.
  const screen = useDeferredValue(useSelector(shop, gateScreen))
  const shopData = useDeferredValue(useSelector(shop, (s) => s.context.shopData))
  const orderReference = useDeferredValue(useSelector(shop, (s) => s.context.orderReference))
  const shopId = useSelector(shop, (s) => s.context.shopId)
  // A gate screen other than the menu (closed, a reference to enter, an error) shows no menu
  // image: the menu route's paint hold has nothing to wait for.
  useEffect(() => {
    if (screen !== 'loading' && screen !== 'open') releaseIdleHold()
  }, [screen])

  if (screen === 'notFound') {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ShopNotFoundScreen />
      </Suspense>
    )
  }
  if (screen === 'badAnswer') return <ErrorView />
  if (screen === 'loadFailed') return <ShopLoadFailedView onRetry={() => shop.send({ type: 'retry' })} />
  if (shopData === null) return <LoadingScreen />
  const content = bypassGate ? children : screen === 'loading' ? <LoadingScreen /> : <GateContent shop={shop} screen={screen}>{children}</GateContent>
  const theme = shopTheme(shopData.shop, shopData.company)
  return (
    <div className={styles.shell} style={shopThemeVars(theme)}>
      <ShopHeader
        shop={shop}
        shopId={shopId}
        title={shopData.shop.title}
        orderReference={orderReference}
        logo={theme.logo}
        logoAlt={shopData.company.name.trim() || shopData.shop.title}
        withCart={screen === 'open'}
      />
      <SessionNotices shop={shop} />
      {/* Focusable by script only: where focus goes when a popup's opener is gone. */}
      <MainLandmark className={styles.content} tabIndex={-1}>
        <DocumentTitleScope title={shopData.shop.title}>{content}</DocumentTitleScope>
      </MainLandmark>
      {screen !== 'loading' && <DeferredFooter shopId={shopId} company={shopData.company} openHours={shopData.shop.openHours} />}
    </div>
  )
}

/**
 * The shop's footer, rendered once the browser is idle after the gate's screen (the menu) has
 * rendered and its code has loaded, in a transition (docs/performance.md "idle loading").
 */
function DeferredFooter(props: ComponentProps<typeof ShopFooter>) {
  const shown = useIdleLoaded(loadShopFooter)
  return shown ? (
    <Suspense fallback={null}>
      <ShopFooter {...props} />
    </Suspense>
  ) : null
}

function ShopHeader({ shop, withCart, ...props }: Omit<Parameters<typeof ShopHeaderView>[0], 'cart'> & { shop: ShopGateActor; withCart: boolean }) {
  const summary = useCartSummary(shop)
  return <ShopHeaderView {...props} cart={withCart ? summary : null} />
}

/** The gate's own screens once the shop is loaded; `children` when it is open. */
interface GateContentProps {
  shop: ShopGateActor
  screen: Exclude<GateScreen, 'notFound' | 'badAnswer' | 'loadFailed' | 'loading'>
  children: ReactNode
}

function GateContent({ shop, screen, children }: GateContentProps) {
  const openHours = useSelector(shop, (s) => s.context.shopData?.shop.openHours ?? null)
  const value = useSelector(shop, (s) => s.context.referenceInput)
  const error = useSelector(shop, (s) => s.context.referenceError)
  const saving = useSelector(shop, (s) => s.hasTag('busy'))
  switch (screen) {
    case 'closed':
      return (
        <Suspense fallback={<LoadingScreen />}>
          <ShopClosedScreen openHours={openHours} />
        </Suspense>
      )
    case 'needsReference':
      return (
        <Suspense fallback={<LoadingScreen />}>
          <ReferenceEntryScreen
            value={value}
            error={error}
            saving={saving}
            onChange={(next) => shop.send({ type: 'reference.changed', value: next })}
            onSubmit={() => shop.send({ type: 'reference.submit' })}
          />
        </Suspense>
      )
    case 'open':
      return <>{children}</>
  }
}

/**
 * The session's table error (SPEC §5) and a cart the platform refused (SPEC §8, with its words)
 * as alerts, and a polite live region that says when cart changes wait for the connection
 * (session tags `offline` / `reconnecting`).
 */
function SessionNotices({ shop }: { shop: ShopGateActor }) {
  const { i18n } = useLingui()
  const session = useSelector(shop, sessionOf)
  const tableError = useSelector(session, (s) => s?.context.tableError ?? null)
  const refused = useSelector(session, (s) => s?.context.cartRefused ?? null)
  const reason = refused?.message ?? null
  const offline = useSelector(session, (s) => s?.hasTag('offline') ?? false)
  const reconnecting = useSelector(session, (s) => s?.hasTag('reconnecting') ?? false)
  return (
    <div className={styles.notices}>
      {tableError !== null && <Alert tone="error">{i18n._(tableErrors[tableError])}</Alert>}
      {refused !== null && (
        <Alert tone="error">
          <Trans>Your cart could not be saved. Change it and try again.</Trans>
          {/* The platform's own words (SPEC §8), as it gave them. */}
          {reason !== null && <p>{reason}</p>}
        </Alert>
      )}
      {/* Always mounted, so screen readers announce the text when it appears. */}
      <div role="status" aria-live="polite" className={offline || reconnecting ? styles.connection : styles.empty}>
        {offline ? (
          <Trans>No connection to the shop. Your cart is saved and will be sent when the connection returns.</Trans>
        ) : reconnecting ? (
          <Trans>Reconnecting…</Trans>
        ) : null}
      </div>
    </div>
  )
}

/** The shop page's `<main>` (focusable by script), for focus that has nowhere better to go. */
export function pageMain(doc: Document = document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('main')
}
