import { Link } from '@tanstack/react-router'
import { useI18n } from '../../../lib/i18n'
import { type TopUsersPeriod, useTopUsers } from '../api/overview-queries'
import { DashboardBlock, NoResults } from './dashboard-block'

/** 'Top Users From Last 30 days' (points earned in them) and 'Top Users All Time' (lifetime points). */
export function TopUsersBlock({ programId, period }: { programId: number; period: TopUsersPeriod }) {
  const { t, formatNumber } = useI18n()
  const users = useTopUsers(programId, period)
  const title = period === 'allTime' ? t('dashboard.topUsersAllTime') : t('dashboard.topUsersLast30Days')
  return (
    <DashboardBlock title={title} status={users.status} onRetry={() => void users.refetch()} lines={5}>
      {users.data?.length ? (
        <table className="dashboard-table" aria-label={title}>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.col.rank')}</th>
              <th scope="col">{t('dashboard.col.participant')}</th>
              <th scope="col" className="align-end">
                {t('dashboard.col.points')}
              </th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((u) => (
              <tr key={u.id}>
                <td className="dashboard-rank">{u.rank}</td>
                <td>
                  <Link to="/programs/$programId/users/$userId" params={{ programId, userId: u.id }}>
                    {u.name}
                  </Link>
                  <span className="dashboard-subtle">{u.censured_email}</span>
                </td>
                <td className="align-end">{formatNumber(u.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <NoResults />
      )}
    </DashboardBlock>
  )
}
