import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { LandingView } from '@/views/app/landing.view'
import { useCatalogPart } from '@/i18n/catalog-parts'

export const Route = createFileRoute('/')({
  component: LandingPage,
})

function LandingPage() {
  useCatalogPart('pages') // this page's texts (a catalog of their own, issue 6)
  const navigate = useNavigate()
  // A built href keeps this file independent of whether the shop routes exist yet.
  return <LandingView onOpenShop={(shopId) => void navigate({ href: `/${encodeURIComponent(shopId)}` })} />
}
