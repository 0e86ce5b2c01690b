import { Img } from '../../ui/img'
import { Skeleton } from '../../ui/skeleton'
import { useSite } from '../../widgets/shared/context'
import { useLoad } from '../../widgets/shared/use-load'

/**
 * /photos: the program's photo wall, from the social feed's posts (the spec lists the route without
 * its content). Participants only, like the other personal pages (app.tsx sends visitors to sign in).
 */
export function PhotosPage() {
  const { client, program } = useSite()
  // An active photo contest (console integrations photo-contests) makes the wall its entry page.
  const contest = program.photo_contest
  const [state] = useLoad(() => client.home.socialFeedChallenge(), 'photos')
  const posts = state.status === 'ready' ? (state.data.data?.social_network_posts ?? []) : []
  const photos = posts.flatMap((p) => [p, ...p.social_network_child_posts]).filter((p) => p.post_type !== 'video')
  return (
    <section aria-labelledby="photos-title">
      <div class="page-band page-band--flat">
        <div class="container">
          <h1 id="photos-title" class="page-band__title">
            {contest ? 'Photo contest' : 'Photos'}
          </h1>
          {contest && <p data-contest={contest.external_program_id}>Share your best photos for a chance to win.</p>}
        </div>
      </div>
      <div class="container content-page">
        {state.status === 'loading' && <Skeleton />}
        {state.status === 'error' && <p role="alert">Error: the photos could not be loaded.</p>}
        {state.status === 'ready' && !photos.length && <p>No photos from {program.name} yet. Check back soon.</p>}
        <ul class="photo-wall">
          {photos.map((p) => (
            <li key={p.id} class="photo-wall__item">
              <Img src={p.media_path} alt={p.message ?? `Photo by ${p.username ?? program.name}`} />
              {p.message && <p class="photo-wall__caption">{p.message}</p>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
