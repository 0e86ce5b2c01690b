import { adminAuthRoutes as routes } from '../../contract/paths'
import type { Transport } from '../transport'

export type ConsoleBootstrap = {
  user: { id: number; first_name: string; last_name: string; email: string; preferred_locale: 'en' | 'es' } | null
  is_admin?: boolean
  organization?: { name: string; logo_public_url: string | null; background_image_public_url: string | null } | null
  programs?: { id: number; name: string; subdomain_url: string; public_key: string; features: Record<string, boolean>; i18n_enabled: boolean; test_mode: boolean; term_points_as: string; term_rewards_as: string }[]
  user_permissions?: Record<string, string[]>
  organization_permissions?: string[]
  flash?: { kind: string; message: string }[]
}

export type Metric = { total: number; recent: number }
export type PerformanceMetrics = {
  active_participants: Metric
  completed_challenges: Metric
  program_visits: Metric
  participant_actions: Metric
}

/** Console sign-in (admin-console-part-a.md section 7, Auth). */
export class AdminAuthResource {
  constructor(private readonly t: Transport) {}
  /** Step 1: always answers a browser token; a code is e-mailed only to known admins. */
  start(email: string) {
    return this.t.post<{ success: true; data: { browser_token: string } }>(routes.adminAuthStart, { json: { email } })
  }
  /** Step 2: the 6-digit code and the browser token from start(). */
  verify(otp: string, browserToken: string) {
    return this.t.post<{ success: true; redirect_to: string }>(routes.adminAuthVerify, { json: { otp, browser_token: browserToken } })
  }
  /** E-mail-entry variant: mails a sign-in link. */
  signIn(email: string) {
    return this.t.post<{ success: true; message: string }>(routes.adminSignIn, { json: { email } })
  }
  signOut() {
    return this.t.request<{ success: true; redirect_to: string }>('DELETE', routes.adminSignOut)
  }
}

export class AdminProgramsResource {
  constructor(private readonly t: Transport) {}
  me() {
    return this.t.get<ConsoleBootstrap>(routes.adminMe)
  }
  list() {
    return this.t.get<{ data: { id: number; name: string; subdomain_url: string; public_key: string }[] }>('/admin/v2/programs')
  }
  create(name: string) {
    return this.t.post<{ success: boolean; data: { id: number; name: string } }>('/admin/v2/programs', { json: { name } })
  }
  metrics(programId: number) {
    return this.t.get<{ data: PerformanceMetrics }>(`/admin/v2/programs/${programId}/dashboard/program_performance_metrics`)
  }
}
