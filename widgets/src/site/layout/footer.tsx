import { useSite } from '../../widgets/shared/context'

/** Published program pages, the program's social pages, the copyright line and the powered-by mark. */
export function Footer() {
  const { program } = useSite()
  const logo = program.program_template_detail.footer_logo
  const pages = program.published_program_pages
  return (
    <footer class="site-footer">
      <div class="container site-footer__top">
        <a href="/" class="site-footer__brand" aria-label={`${program.name} home`}>
          {logo ? <img src={logo} alt="" height={32} /> : <span class="site-footer__name">{program.name}</span>}
        </a>
        {pages.length > 0 && (
          <nav aria-label="Program pages">
            <ul class="site-footer__links">
              {pages.map((page) => (
                <li key={page.id}>
                  <a href={`/${page.slug}`}>{page.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {program.social_network_pages.length > 0 && (
          <nav aria-label="Social pages">
            <ul class="site-footer__links">
              {program.social_network_pages.map((p) => (
                <li key={p.url}>
                  <a href={p.url} target="_blank" rel="noopener noreferrer">
                    {p.platform === 'instagram' ? 'Instagram' : 'Facebook'}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      <div class="container site-footer__bottom">
        <p>
          © {new Date().getFullYear()} {program.name}
        </p>
        <PoweredBy />
      </div>
    </footer>
  )
}

function PoweredBy() {
  return (
    <p class="powered-by">
      Powered by
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <rect width="16" height="16" rx="4" fill="currentColor" opacity=".25" />
        <rect x="3" y="3" width="4.5" height="4.5" rx="1" fill="currentColor" />
        <rect x="8.5" y="3" width="4.5" height="4.5" rx="1" fill="currentColor" opacity=".6" />
        <rect x="3" y="8.5" width="4.5" height="4.5" rx="1" fill="currentColor" opacity=".6" />
        <rect x="8.5" y="8.5" width="4.5" height="4.5" rx="2.25" fill="#fbbf24" />
      </svg>
      <strong>Tessera</strong>
    </p>
  )
}
