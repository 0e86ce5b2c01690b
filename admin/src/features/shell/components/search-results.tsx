import { useNavigate } from '@tanstack/react-router'
import { Command } from 'cmdk'
import { IconTrophy } from '../../../components/ui/icons'
import { IconUser } from '../../../components/ui/icons-ui'
import { useI18n } from '../../../lib/i18n'
import type { GlobalSearchResults } from '../api/global-search'

type SearchResultsProps = {
  programId: number
  results: GlobalSearchResults
  onNavigate: (action: () => void) => () => void
}

/**
 * The server's matches. forceMount: the server already matched them, the palette's own filter must
 * not hide them. Challenges link to their detail; rewards join when their detail route does.
 */
export function SearchResults({ programId, results, onNavigate }: SearchResultsProps) {
  const { t } = useI18n()
  const navigate = useNavigate()
  if (!results.participants.length && !results.challenges.length) return null
  return (
    <>
      {results.participants.length > 0 && (
        <Command.Group heading={t('palette.participants')} className="command-group" forceMount>
          {results.participants.map((participant) => (
            <Command.Item
              key={participant.id}
              value={`participant-${participant.id}`}
              forceMount
              className="command-item"
              onSelect={onNavigate(() =>
                navigate({ to: '/programs/$programId/users/$userId', params: { programId, userId: participant.id } }),
              )}
            >
              <IconUser />
              <span className="command-item-text">
                <span>{participant.name}</span>
                <span className="command-item-meta">{participant.email}</span>
              </span>
            </Command.Item>
          ))}
        </Command.Group>
      )}
      {results.challenges.length > 0 && (
        <Command.Group heading={t('nav.challenges')} className="command-group" forceMount>
          {results.challenges.map((challenge) => (
            <Command.Item
              key={challenge.id}
              value={`challenge-${challenge.id}`}
              forceMount
              className="command-item"
              onSelect={onNavigate(() =>
                navigate({ to: '/programs/$programId/challenges/$challengeId', params: { programId, challengeId: challenge.id } }),
              )}
            >
              <IconTrophy />
              <span className="command-item-text">
                <span>{challenge.name}</span>
              </span>
            </Command.Item>
          ))}
        </Command.Group>
      )}
    </>
  )
}
