import { Link } from '@tanstack/react-router'
import { useI18n } from '../../../lib/i18n'
import { type LatestUser, useLatestUsers } from '../api/overview-queries'
import { CarouselControls } from './carousel-controls'
import { DashboardBlock, NoResults } from './dashboard-block'
import { formatDate, initials } from './format'
import { useAutoAdvance } from './use-auto-advance'

/** Latest Users carousel: auto-advance every 4 s (spec section 9). */
export const LATEST_USERS_DELAY_MS = 4000

export function LatestUsersBlock({ programId }: { programId: number }) {
  const { t } = useI18n()
  const users = useLatestUsers(programId)
  return (
    <DashboardBlock title={t('dashboard.latestUsers')} status={users.status} onRetry={() => void users.refetch()} lines={3}>
      {users.data?.length ? <LatestUsersCarousel programId={programId} users={users.data} /> : <NoResults />}
    </DashboardBlock>
  )
}

/** One participant at a time, looping; a pointer, focus or key inside it stops the rotation. */
export function LatestUsersCarousel({ programId, users }: { programId: number; users: LatestUser[] }) {
  const { t, locale, formatNumber } = useI18n()
  const carousel = useAutoAdvance(users.length, LATEST_USERS_DELAY_MS)
  return (
    <div className="carousel" role="region" aria-roledescription={t('dashboard.carousel.role')} aria-label={t('dashboard.latestUsers')} {...carousel.interactionProps}>
      {/* While it rotates by itself the change is not announced; once the user drives it, it is. */}
      <div className="carousel-viewport" aria-live={carousel.playing ? 'off' : 'polite'}>
        <div className="carousel-track" style={{ transform: `translateX(-${carousel.index * 100}%)` }}>
          {users.map((user, i) => (
            <div
              key={user.id}
              className="carousel-slide"
              role="group"
              aria-roledescription={t('dashboard.carousel.slide')}
              aria-label={t('dashboard.carousel.position', { current: i + 1, total: users.length })}
              aria-hidden={i !== carousel.index}
              inert={i !== carousel.index}
            >
              <div className="user-card">
                {user.avatar_url ? (
                  <img className="user-card-avatar" src={user.avatar_url} alt="" width={48} height={48} />
                ) : (
                  <span className="user-card-avatar user-card-initials" aria-hidden="true">
                    {initials(user.name)}
                  </span>
                )}
                <div className="user-card-body">
                  <Link className="user-card-name" to="/programs/$programId/users/$userId" params={{ programId, userId: user.id }}>
                    {user.name}
                  </Link>
                  <p className="user-card-meta">{user.censured_email}</p>
                  <p className="user-card-meta">{[user.city, user.country].filter(Boolean).join(', ') || t('dashboard.unknownPlace')}</p>
                  <p className="user-card-meta">{t('dashboard.joined', { date: formatDate(locale, user.created_at) })}</p>
                </div>
                <p className="user-card-points">{t('dashboard.pointsValue', { points: formatNumber(user.points) })}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      {users.length > 1 && (
        <CarouselControls
          index={carousel.index}
          count={users.length}
          playing={carousel.playing}
          onPrevious={carousel.previous}
          onNext={carousel.next}
          onToggle={carousel.toggle}
        />
      )}
    </div>
  )
}
