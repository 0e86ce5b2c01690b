import { ArrowLeftIcon } from '../../ui/icons'
import type { PublishedPage } from '../types'

/**
 * A published program page (/{slug}). The API does not serve page bodies yet, so only the title and a
 * way back are shown.
 */
export function ProgramPage({ page }: { page: PublishedPage }) {
  return (
    <article aria-labelledby="page-title">
      <div class="page-band page-band--flat">
        <div class="container">
          <h1 id="page-title" class="page-band__title">
            {page.title}
          </h1>
        </div>
      </div>
      <div class="container content-page">
        <a href="/" class="content-page__back">
          <ArrowLeftIcon size={16} />
          Back to home
        </a>
      </div>
    </article>
  )
}
