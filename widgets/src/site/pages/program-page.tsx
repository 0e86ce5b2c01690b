import { ArrowLeftIcon } from '../../ui/icons'
import { RichText } from '../../ui/rich-text'
import { Skeleton } from '../../ui/skeleton'
import { useSite } from '../../widgets/shared/context'
import type { PublishedPage } from '../types'
import { useLoad } from '../../widgets/shared/use-load'
import { bodyToHtml } from './page-body'

/** A published program page (/{slug}): title and body. */
export function ProgramPage({ page }: { page: PublishedPage }) {
  const { client } = useSite()
  const [state] = useLoad(() => client.program.page(page.slug), page.slug)
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
        {state.status === 'loading' && <Skeleton />}
        {state.status === 'error' && <p role="alert">This page could not be loaded. Please try again later.</p>}
        {state.status === 'ready' && <RichText html={bodyToHtml(state.data.body)} class="content-page__body" />}
        <a href="/" class="content-page__back">
          <ArrowLeftIcon size={16} />
          Back to home
        </a>
      </div>
    </article>
  )
}
