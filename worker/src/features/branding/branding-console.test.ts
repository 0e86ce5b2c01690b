import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { BrandingFont, BrandingPreview, BrandingResponse, BrandingSaved, BrandingWrite } from '../../../../sdk/contract/console/branding'
import type { PublicProgram } from '../../../../sdk/contract/program'
import { programs, programTemplateDetails } from '../../db/schema'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { lastMail } from '../../../test/helpers'
import { adminWith, consoleAs } from '../participants/participants-fixtures'

const EVIL_CSS = '@import url(https://evil.example);.hero{color:#123456}</style><script>alert(1)</script>.x::after{content:"</style><script>alert(2)</script>"}'

const STYLE = {
  'perk-primary': '#0b6e4f',
  'perk-primary-content': '#ffffff',
  'perk-secondary': '#f59e0b',
  'perk-secondary-content': '#1f1300',
  'perk-body-background': '#f7f7fb',
  'perk-body-content': '#1d1d2b',
  'perk-header-color': '#17153b',
  'perk-header-content-color': '#ffffff',
  'perk-header-title-color': '#ffffff',
  'perk-challenge-tile-background': '#ffffff',
  'perk-reward-tile-background-color': '#ffffff',
  'perk-footer-color': '#17153b',
  'perk-footer-content-color': '#d8d6f5',
  'border-radius-button': 'full',
  'border-radius-input': 'medium',
  'border-radius-tiles': 'large',
  'border-radius-cards': 'small',
  header_font: 'Montserrat',
  body_font: 'Inter',
  theme: 'light',
} as const

const body = (overrides: Partial<BrandingWrite> = {}): BrandingWrite => ({
  element_css_style: { ...STYLE },
  favicon_file: '/media/1/favicon.png',
  header_logo: '/media/1/logo.png',
  footer_logo: '/media/1/footer.png',
  overlay_image: '/media/1/overlay.png',
  header_background_image: '/media/1/hero.png',
  badge_background_image: null,
  header_text: 'Welcome to Green Rewards',
  header_description: 'Earn points for every visit.',
  css: '',
  ...overrides,
})

async function setup() {
  const r = await makeRewardsTest()
  const admin = await consoleAs(r, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${r.program.id}`
  const put = (json: unknown) => admin.json<BrandingSaved & { errors?: Record<string, string> }>(`${base}/template_details`, { method: 'PUT', json })
  const site = async () => {
    const res = await r.browser().request(`/?program=${r.program.publicKey}`, { headers: { accept: 'text/html' } })
    return res.text()
  }
  const publicProgram = async () => (await r.browser().json<PublicProgram>(`/public/program?program=${r.program.publicKey}`)).body
  return { ...r, admin, base, put, site, publicProgram }
}

describe('console branding (template details)', () => {
  it('reads the saved branding with the preview address, saves a new one and moves the content version', async () => {
    const { admin, base, put, db, program, publicProgram } = await setup()
    const current = await admin.json<BrandingResponse>(`${base}/template_details`)
    expect(current.status).toBe(200)
    expect(current.body.data.element_css_style['perk-primary']).toMatch(/^#/)
    expect(current.body.preview_url).toBe(`/?program=${program.publicKey}&branding_preview=1`)
    // The public program is read (and cached) before the save: the save must still show at once.
    expect((await publicProgram()).program_template_detail.element_css_style['perk-primary']).not.toBe('#0b6e4f')
    const [before] = await db.select({ v: programs.contentVersion }).from(programs).where(eq(programs.id, program.id))

    const saved = await put(body())
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data).toMatchObject({ header_logo: '/media/1/logo.png', header_text: 'Welcome to Green Rewards', badge_background_image: null })
    expect(saved.body.data.element_css_style).toMatchObject(STYLE)

    const [after] = await db.select({ v: programs.contentVersion }).from(programs).where(eq(programs.id, program.id))
    expect(after!.v).toBeGreaterThan(before!.v)
    const shown = await publicProgram()
    expect(shown.program_template_detail).toMatchObject({ header_logo: '/media/1/logo.png', footer_logo: '/media/1/footer.png', favicon_file: '/media/1/favicon.png', header_text: 'Welcome to Green Rewards' })
    expect(shown.program_template_detail.element_css_style['perk-primary']).toBe('#0b6e4f')
    // Embedded widgets take the saved branding ready to use: host declarations and the font faces.
    expect(shown.widget_host_style).toContain('--perk-primary:#0b6e4f;')
    expect(shown.widget_host_style).toContain('--border-radius-cards:4px;')
    expect(shown.widget_host_style).toContain('--header-font:"Montserrat", "Montserrat fallback Arial", "Montserrat fallback Roboto", "Montserrat fallback DejaVu", ui-sans-serif')
    expect(shown.widget_host_style).toMatch(/color-scheme:light;$/)
    // One variable file per family, and the local fallbacks the font stacks name.
    expect(shown.font_faces).toEqual([
      { family: 'Montserrat', weight: '400 800', url: '/assets/fonts/montserrat-latin-wght-normal.woff2' },
      { family: 'Inter', weight: '400 800', url: '/assets/fonts/inter-latin-wght-normal.woff2' },
    ])
    expect(shown.font_fallbacks.map((f) => f.family)).toEqual(['Montserrat', 'Inter'].flatMap((family) => ['Arial', 'Roboto', 'DejaVu'].map((local) => `${family} fallback ${local}`)))
    const [row] = await db.select().from(programTemplateDetails).where(eq(programTemplateDetails.programId, program.id))
    expect(row!.overlayImage).toBe('/media/1/overlay.png')
  })

  it('saves each seeded program’s branding as read, with one colour changed: the seed holds every required asset', async () => {
    for (const key of ['demo', 'links']) {
      const r = await makeRewardsTest({}, key)
      const admin = await consoleAs(r, 'admin@tessera.dev')
      const path = `/admin/v2/programs/${r.program.id}/template_details`
      const read = await admin.json<BrandingResponse>(path)
      expect(read.status).toBe(200)
      const { data } = read.body
      expect(data.overlay_image, key).toBe('/brand/overlay.svg')
      const saved = await admin.json<BrandingSaved>(path, { method: 'PUT', json: { ...data, element_css_style: { ...data.element_css_style, 'perk-primary': '#aa0033' } } })
      expect(saved.status, `${key}: ${JSON.stringify(saved.body)}`).toBe(200)
      expect(saved.body.data).toEqual({ ...data, element_css_style: { ...data.element_css_style, 'perk-primary': '#aa0033' } })
    }
  })

  it('keeps style keys the form does not edit', async () => {
    const { db, put, program } = await setup()
    await db.update(programTemplateDetails).set({ elementCssStyle: { ...STYLE, 'perk-legacy-key': 'kept' } }).where(eq(programTemplateDetails.programId, program.id))
    expect((await put(body())).status).toBe(200)
    const [row] = await db.select().from(programTemplateDetails).where(eq(programTemplateDetails.programId, program.id))
    expect(row!.elementCssStyle['perk-legacy-key']).toBe('kept')
  })

  it('answers 422 naming each field: hex colours, required assets and hero texts, border options', async () => {
    const { put } = await setup()
    const bad = await put(
      body({
        element_css_style: { ...STYLE, 'perk-primary': 'red', 'perk-footer-color': '', 'border-radius-button': 'huge' as never },
        header_logo: '',
        header_background_image: 'javascript:alert(1)',
        header_text: '  ',
      }),
    )
    expect(bad.status).toBe(422)
    expect(bad.body).toMatchObject({
      success: false,
      errors: {
        'element_css_style.perk-primary': 'Primary must be a valid hex color',
        'element_css_style.perk-footer-color': 'Footer color is required',
        'element_css_style.border-radius-button': 'Button border must be one of none, small, medium, large, full',
        header_logo: 'Header logo is required',
        header_background_image: 'Hero background must be a media library path or an https URL',
        header_text: 'Hero title is required',
      },
    })
    const missing = await put({ element_css_style: {} })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toMatchObject({ favicon_file: 'Favicon is required', header_description: 'Hero description is required', 'element_css_style.perk-body-content': 'Body content is required' })
  })

  it('stores custom CSS sanitized, serves it on the site in a <style> and, scoped, to the widgets', async () => {
    const { put, db, program, site, publicProgram } = await setup()
    const saved = await put(body({ css: `${EVIL_CSS}body .tile{border-color:#654321}` }))
    expect(saved.status).toBe(200)
    expect(saved.body.css_removed[0]).toBe('@import url(https://evil.example);')
    const [row] = await db.select({ css: programs.css }).from(programs).where(eq(programs.id, program.id))
    expect(row!.css).toContain('.hero{color:#123456}')
    expect(row!.css).not.toMatch(/@import|evil\.example|<\/style|<script/i)

    const html = await site()
    const style = /<style id="tessera-program-css">([^<]*)<\/style>/.exec(html)
    expect(style, 'the site serves the custom CSS').not.toBeNull()
    expect(style![1]).toContain('.hero{color:#123456}')
    expect(html).not.toContain('evil.example')
    expect(html).not.toContain('<script>alert(')

    const shown = await publicProgram()
    expect(shown.custom_css).toBe(row!.css)
    expect(shown.custom_css_widgets).toContain(':host .tile{border-color:#654321}')
    expect(shown.custom_css_widgets).not.toContain('<')
  })

  it('re-sanitizes CSS stored some other way before serving it', async () => {
    const { db, program, site, publicProgram } = await setup()
    await db.update(programs).set({ css: EVIL_CSS }).where(eq(programs.id, program.id))
    const html = await site()
    expect(html).not.toContain('evil.example')
    expect(html).not.toContain('<script>alert(')
    expect((await publicProgram()).custom_css).not.toMatch(/@import|</)
  })

  it('previews without saving: the CSS as it would be stored and the sign-in e-mail in the draft colours', async () => {
    const { admin, base, db, program } = await setup()
    const [before] = await db.select().from(programs).where(eq(programs.id, program.id))
    const preview = await admin.json<BrandingPreview>(`${base}/template_details/preview`, {
      json: { element_css_style: { ...STYLE, 'perk-primary': '#aa0033', 'perk-header-color': '#003366' }, header_logo: 'https://cdn.example/logo.png', css: EVIL_CSS },
    })
    expect(preview.status).toBe(200)
    expect(preview.body.css).toContain('.hero{color:#123456}')
    expect(preview.body.css).not.toMatch(/@import|</)
    expect(preview.body.css_removed.length).toBeGreaterThan(0)
    expect(preview.body.email.subject).toBe(`Your ${program.name} login link`)
    expect(preview.body.email.html).toContain('background:#aa0033')
    expect(preview.body.email.html).toContain('background:#003366')
    expect(preview.body.email.html).toContain('src="https://cdn.example/logo.png"')
    const [after] = await db.select().from(programs).where(eq(programs.id, program.id))
    expect(after!.contentVersion).toBe(before!.contentVersion)
    expect(after!.css).toBe(before!.css)
  })

  it('sends the real sign-in e-mail in the saved colours', async () => {
    const { put, browser, db, program } = await setup()
    expect((await put(body({ element_css_style: { ...STYLE, 'perk-header-color': '#0a3d2e' } }))).status).toBe(200)
    const b = browser()
    const res = await b.json(`/public/signin/verify?program=${program.publicKey}`, { json: { email: 'mailbrand@example.com', first_name: 'Mia', last_name: 'Brand', agree_terms: true } })
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
    const mail = await lastMail(db, 'mailbrand@example.com')
    expect(mail?.html ?? '').toContain('background:#0a3d2e')
  })

  it('lists the curated fonts, each served from our own origin', async () => {
    const { admin, base } = await setup()
    const fonts = await admin.json<{ data: BrandingFont[] }>(`${base}/fonts`)
    expect(fonts.status).toBe(200)
    expect(fonts.body.data.map((f) => f.family)).toEqual(expect.arrayContaining(['Inter', 'Poppins', 'Montserrat', 'Roboto']))
    for (const f of fonts.body.data) for (const file of f.files) expect(file.url).toMatch(/^\/assets\/fonts\/[a-z0-9-]+-latin-(wght|\d00)-normal\.woff2$/)
    expect(fonts.body.data.find((f) => f.family === 'Inter')!.files).toEqual([{ weight: '400 800', url: '/assets/fonts/inter-latin-wght-normal.woff2' }])
  })

  it('needs program update on the program in the path', async () => {
    const r = await makeRewardsTest()
    const viewer = await adminWith(r, 'branding-viewer@example.com', r.program.id, [['program', 'view']])
    const base = `/admin/v2/programs/${r.program.id}`
    expect((await viewer.json(`${base}/template_details`)).status).toBe(403)
    expect((await viewer.json(`${base}/template_details`, { method: 'PUT', json: body() })).status).toBe(403)
    expect((await viewer.json(`${base}/template_details/preview`, { json: {} })).status).toBe(403)
    const editor = await adminWith(r, 'branding-editor@example.com', r.program.id, [['program', 'update']])
    expect((await editor.json(`${base}/template_details`, { method: 'PUT', json: body() })).status).toBe(200)
  })
})
