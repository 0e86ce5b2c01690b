import type { ComponentChildren } from 'preact'
import { formatNumber } from '../../ui/format'
import { CheckCircleIcon, MailIcon, StarIcon, TrophyIcon } from '../../ui/icons'
import { Skeleton } from '../../ui/skeleton'
import { lazy } from '../../ui/lazy'
import { useSite, useTerms } from '../../widgets/shared/context'
import { LoadError } from '../../widgets/shared/load-error'
import { ActivityTable } from '../../widgets/account/activity-table'
import { ClaimedRewards } from '../../widgets/account/claimed-rewards'
import { profileLines } from '../../widgets/account/account-format'
import { EmailSettingsForm } from '../../widgets/account/email-settings'
import { Avatar } from '../layout/avatar'

/** Your data (download, delete): fetched with the page's end, not with the site. */
const PrivacyPanel = lazy(
  () => import('../../widgets/account/privacy-panel').then((m) => m.PrivacyPanel),
  () => <Skeleton height={160} />,
)

/** Upload a receipt (widgets/receipt-upload), fetched only where the receipts feature is on. */
const ReceiptUpload = lazy(
  () => import('../../widgets/receipt-upload/receipt-upload').then((m) => m.ReceiptUpload),
  () => <Skeleton height={96} />,
)

function ProfileAttributes({ attributes }: { attributes: Record<string, string | null> }) {
  const lines = profileLines(attributes)
  if (!lines.length) {
    return (
      <p class="profile-card__empty">
        No profile details yet. <a href="/">Complete your profile</a> from the challenges to add them.
      </p>
    )
  }
  return (
    <dl class="attributes">
      {lines.map((line) => (
        <div key={line.key} class="attributes__row">
          <dt>{line.label}</dt>
          <dd>
            {line.list ? (
              <span class="attributes__tags">
                {line.list.map((item) => (
                  <span key={item} class="tag">
                    {item}
                  </span>
                ))}
              </span>
            ) : (
              line.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}

const memberSince = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' })
}

/** /my-account: counts, the profile, e-mail settings, claimed rewards with their codes, the activity table and the participant's data (download, delete). */
export function MyAccountPage() {
  const { session, program, client } = useSite()
  const terms = useTerms()
  const participant = session.participant.value
  const status = session.status.value

  return (
    <div class="account">
      <div class="page-band">
        <div class="container">
          <h1 id="page-title" class="page-band__title">
            My Account
          </h1>
        </div>
      </div>
      <div class="container account__body">
        {status === 'error' ? (
          <LoadError class="notice" message="We couldn't load your account just now." retry={() => void session.load()} />
        ) : (
          <>
            <section aria-labelledby="stats-title">
              <h2 id="stats-title" class="visually-hidden">
                Your activity
              </h2>
              <dl class="stats">
                <Stat icon={<StarIcon size={20} />} label="Current balance" value={participant?.unused_points} unit={terms.points} />
                <Stat icon={<TrophyIcon size={20} />} label="Lifetime earnings" value={participant?.points} unit={terms.points} />
                <Stat icon={<CheckCircleIcon size={20} />} label="Challenges completed" value={participant?.completed_challenges} />
              </dl>
            </section>
            <div class="account__grid">
              <section class="profile-card" aria-labelledby="profile-title">
                <h2 id="profile-title" class="visually-hidden">
                  Profile
                </h2>
                <div class="profile-card__top">
                  <Avatar participant={participant} size={72} />
                  <div class="profile-card__info">
                    {participant ? (
                      <>
                        <p class="profile-card__name">{participant.name}</p>
                        <p class="profile-card__email">
                          <MailIcon size={16} />
                          {participant.email}
                        </p>
                        {memberSince(participant.created_at) && (
                          <p class="profile-card__since">
                            Member since {memberSince(participant.created_at)}
                          </p>
                        )}
                      </>
                    ) : (
                      <>
                        <Skeleton width={180} height={24} />
                        <Skeleton width={220} height={16} />
                      </>
                    )}
                  </div>
                </div>
                {participant && <ProfileAttributes attributes={participant.profile_attributes} />}
              </section>
              <EmailSettingsForm />
            </div>
            {program.features.receipts && (
              <section id="upload-receipt" class="account-receipt" aria-labelledby="upload-receipt-title">
                <h2 id="upload-receipt-title">Upload a receipt</h2>
                <ReceiptUpload client={client} pointsWord={terms.points} onSettled={(r) => r.status === 'processed' && void session.load()} />
              </section>
            )}
            <ClaimedRewards />
            <ActivityTable />
            <PrivacyPanel />
          </>
        )}
      </div>
    </div>
  )
}

function Stat({ icon, label, value, unit }: { icon: ComponentChildren; label: string; value: number | undefined; unit?: string }) {
  return (
    <div class="stat">
      <dt class="stat__label">
        <span class="stat__icon" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd class="stat__value">
        {value === undefined ? (
          <Skeleton width={96} height={36} />
        ) : (
          <>
            {formatNumber(value)}
            {unit && <span class="stat__unit"> {unit}</span>}
          </>
        )}
      </dd>
    </div>
  )
}
