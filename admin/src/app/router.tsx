import type { ReactNode } from 'react'
import { isSignedIn, type SignedInBootstrap } from '../lib/bootstrap'
import { CONSOLE_BASE, paths } from '../lib/paths'
import { programAreas } from '../lib/program-areas'
import { matchPath, Redirect, usePathname } from '../lib/router'
import { useBootstrap } from './provider'
import { ConsoleIndexRoute } from './routes/console-index'
import { DashboardRoute } from './routes/dashboard'
import { LoginRoute } from './routes/login'
import { NotFoundRoute } from './routes/not-found'
import { OrganizationRoute } from './routes/organization'
import { ProgramAreaRoute } from './routes/program-area'
import { ProgramIndexRoute } from './routes/program-index'
import { SignInRoute } from './routes/sign-in'

type Params = Record<string, string>
type PublicRoute = { path: string; public: true; render: () => ReactNode }
type ConsoleRoute = {
  path: string
  public?: false
  render: (bootstrap: SignedInBootstrap, params: Params) => ReactNode
}
type Route = PublicRoute | ConsoleRoute

const programId = (params: Params) => Number(params.programId)

/** Paths are relative to /admin/v2; the first match wins. */
const routes: Route[] = [
  { path: '/auth/sign_in', public: true, render: () => <SignInRoute /> },
  { path: '/login', public: true, render: () => <LoginRoute /> },
  { path: '/magic-login', public: true, render: () => <LoginRoute /> },
  { path: '/', render: (b) => <ConsoleIndexRoute bootstrap={b} /> },
  {
    path: '/programs/:programId',
    render: (b, p) => <ProgramIndexRoute bootstrap={b} programId={programId(p)} />,
  },
  {
    path: '/programs/:programId/dashboard/*',
    render: (b, p) => <DashboardRoute bootstrap={b} programId={programId(p)} />,
  },
  ...programAreas
    .filter((area) => area.id !== 'dashboard')
    .map(
      (area): Route => ({
        path: `/programs/:programId/${area.id}/*`,
        render: (b, p) => <ProgramAreaRoute bootstrap={b} programId={programId(p)} area={area} />,
      }),
    ),
  { path: '/organization/*', render: (b) => <OrganizationRoute bootstrap={b} /> },
]

export function AppRouter() {
  const bootstrap = useBootstrap()
  const pathname = usePathname()
  if (pathname !== CONSOLE_BASE && !pathname.startsWith(`${CONSOLE_BASE}/`))
    return <Redirect to={paths.home} />
  const relative = pathname.slice(CONSOLE_BASE.length) || '/'

  for (const route of routes) {
    const params = matchPath(route.path, relative)
    if (!params) continue
    if (route.public) return isSignedIn(bootstrap) ? <Redirect to={paths.home} /> : route.render()
    return isSignedIn(bootstrap) ? route.render(bootstrap, params) : <Redirect to={paths.login} />
  }
  return isSignedIn(bootstrap) ? <NotFoundRoute bootstrap={bootstrap} /> : <Redirect to={paths.login} />
}
