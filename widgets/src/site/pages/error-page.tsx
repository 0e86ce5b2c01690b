import type { PublicProgram } from '../../../../sdk/contract/program'
import { buttonClass } from '../../ui/button'
import { MailIcon } from '../../ui/icons'

type ErrorPageProps = {
  program: Pick<PublicProgram, 'support_email'> | null
  title?: string
  message?: string
}

/** The generic error screen (participant-site.md section 8), also used for unknown addresses. */
export function ErrorPage({ program, title = 'Oops! Something went wrong.', message }: ErrorPageProps) {
  const email = program?.support_email
  return (
    <section class="container error-page" aria-labelledby="page-title">
      <div class="error-page__art" aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
      </div>
      <h1 id="page-title" class="error-page__title">
        {title}
      </h1>
      {message && <p class="error-page__message">{message}</p>}
      <div class="error-page__actions">
        <a href="/" class={buttonClass('primary', 'lg')}>
          Go to Homepage
        </a>
      </div>
      {email && (
        <p class="error-page__support">
          Need help? Contact us at{' '}
          <a href={`mailto:${email}`}>
            <MailIcon size={16} />
            {email}
          </a>
        </p>
      )}
    </section>
  )
}
