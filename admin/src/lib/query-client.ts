import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import {
  AuthenticationError,
  NotFoundError,
  PermissionError,
  ValidationError,
} from '../../../sdk/src/errors'
import { paths } from './paths'

/** Answers that another attempt cannot change: retrying only delays the error screen. */
const isFinal = (error: unknown) =>
  error instanceof AuthenticationError ||
  error instanceof PermissionError ||
  error instanceof NotFoundError ||
  error instanceof ValidationError

/** A session that ended (expired, signed out in another tab) sends the user to sign in again. */
function onSessionEnded(error: unknown) {
  if (error instanceof AuthenticationError && typeof window !== 'undefined') window.location.assign(paths.login)
}

/**
 * Queries retry once (a dropped connection), never on answers that won't change; mutations never
 * retry (a write must not run twice behind the user's back). Data counts as fresh for 30 s so moving
 * between tabs does not refetch everything.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onSessionEnded }),
    mutationCache: new MutationCache({ onError: onSessionEnded }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && !isFinal(error),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}

/**
 * Query keys start with the program they belong to, so one call refreshes everything a write may
 * have changed: `programKey(12, 'participants', search)` -> ['programs', 12, 'participants', search].
 */
export const programKey = (programId: number, ...parts: unknown[]) => ['programs', programId, ...parts] as const

/** Refetches every query of one program, or one area of it: `invalidateProgram(qc, 12, 'participants')`. */
export const invalidateProgram = (queryClient: QueryClient, programId: number, ...parts: unknown[]) =>
  queryClient.invalidateQueries({ queryKey: programKey(programId, ...parts) })

/** Organization-level data (programs list, admins, features): `invalidateOrganization(qc, 'admins')`. */
export const organizationKey = (...parts: unknown[]) => ['organization', ...parts] as const
export const invalidateOrganization = (queryClient: QueryClient, ...parts: unknown[]) =>
  queryClient.invalidateQueries({ queryKey: organizationKey(...parts) })
