/** Every console route sits under this prefix (spec section 2). */
export const CONSOLE_BASE = '/admin/v2'

export const paths = {
  home: CONSOLE_BASE,
  signIn: `${CONSOLE_BASE}/auth/sign_in`,
  login: `${CONSOLE_BASE}/login`,
  magicLogin: `${CONSOLE_BASE}/magic-login`,
  program: (programId: number) => `${CONSOLE_BASE}/programs/${programId}`,
  programArea: (programId: number, area: string) => `${CONSOLE_BASE}/programs/${programId}/${area}`,
  organizationPrograms: `${CONSOLE_BASE}/organization/programs`,
  organizationAdmins: `${CONSOLE_BASE}/organization/admins`,
  programPage: (publicKey: string) => `/?program=${encodeURIComponent(publicKey)}`,
} as const
