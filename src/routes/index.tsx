import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { LandingView } from '@/views/app/landing.view'

export const Route = createFileRoute('/')({
  component: LandingPage,
})

function LandingPage() {
  const navigate = useNavigate()
  // A built href keeps this file independent of whether the shop routes exist yet.
  return <LandingView onOpenShop={(shopId) => void navigate({ href: `/${encodeURIComponent(shopId)}` })} />
}
