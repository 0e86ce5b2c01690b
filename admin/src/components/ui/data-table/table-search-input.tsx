import { useEffect, useRef, useState } from 'react'
import { IconSearch } from '../icons'

/** Waits for a pause in typing before searching, so each keystroke doesn't cost a request. */
export const SEARCH_DEBOUNCE_MS = 300

type TableSearchInputProps = { value: string; onChange: (value: string) => void; placeholder: string }

export function TableSearchInput({ value, onChange, placeholder }: TableSearchInputProps) {
  const [draft, setDraft] = useState(value)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange

  // Back/forward or a cleared filter changes the URL's q: show it.
  useEffect(() => setDraft(value), [value])

  useEffect(() => {
    if (draft.trim() === value.trim()) return
    const timer = setTimeout(() => onChangeRef.current(draft), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft, value])

  return (
    <div className="search-input">
      <IconSearch className="search-input-icon" />
      <input
        className="input search-input-field"
        type="search"
        value={draft}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChangeRef.current(draft)
        }}
      />
    </div>
  )
}
