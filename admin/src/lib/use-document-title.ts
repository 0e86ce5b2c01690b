import { useEffect } from 'react'

const PRODUCT = 'Tessera Console'

export function useDocumentTitle(...parts: (string | null | undefined)[]) {
  const title = [...parts.filter(Boolean), PRODUCT].join(' · ')
  useEffect(() => {
    document.title = title
  }, [title])
}
