import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { type ReactNode, useRef } from 'react'
import { cx } from '../../../lib/cx'
import { useLayoutText } from '../messages'

export type SortableEntry = { key: string; name: string }

type Props = {
  /** One entry per row, in order: a stable key and the name the announcements speak. */
  items: readonly SortableEntry[]
  onMove: (from: number, to: number) => void
  label: string
  className?: string
  /** A row; `handle` is the drag handle button, to be placed in it. */
  renderItem: (index: number, handle: ReactNode) => ReactNode
}

/**
 * An ordered list whose rows move by mouse, touch or keyboard (dnd-kit's sortable preset: focus a
 * row's handle, Space or Enter picks it up, the arrow keys move it, Space or Enter drops it, Escape
 * cancels), with spoken instructions and announcements naming the row and its position.
 */
export function SortableList({ items, onMove, label, className, renderItem }: Props) {
  const lt = useLayoutText()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const indexOf = (id: UniqueIdentifier | undefined) => items.findIndex((item) => item.key === id)
  const nameOf = (id: UniqueIdentifier | undefined) => items[indexOf(id)]?.name || lt('untitled')
  const place = (id: UniqueIdentifier | undefined) => ({ name: nameOf(id), index: indexOf(id) + 1, count: items.length })
  // The row is over itself as soon as it is picked up: that is not a move to announce.
  const lastOver = useRef<UniqueIdentifier | null>(null)
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id
      return lt('pickedUp', place(active.id))
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined
      lastOver.current = over.id
      return lt('movedTo', { ...place(active.id), index: indexOf(over.id) + 1 })
    },
    onDragEnd: ({ active, over }) => (over ? lt('dropped', { ...place(active.id), index: indexOf(over.id) + 1 }) : undefined),
    onDragCancel: ({ active }) => lt('cancelled', place(active.id)),
  }
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = indexOf(active.id)
    const to = indexOf(over.id)
    if (from >= 0 && to >= 0) onMove(from, to)
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: lt('dragInstructions') } }}
    >
      <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
        <ol className={cx('sortable-list', className)} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={item.key} id={item.key} name={item.name}>
              {(handle) => renderItem(index, handle)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

function SortableRow({ id, name, children }: { id: string; name: string; children: (handle: ReactNode) => ReactNode }) {
  const lt = useLayoutText()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id })
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="sortable-handle"
      {...attributes}
      {...listeners}
      aria-label={lt('moveHandle', { name: name || lt('untitled') })}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
        <circle cx="9" cy="6" r="1.6" />
        <circle cx="15" cy="6" r="1.6" />
        <circle cx="9" cy="12" r="1.6" />
        <circle cx="15" cy="12" r="1.6" />
        <circle cx="9" cy="18" r="1.6" />
        <circle cx="15" cy="18" r="1.6" />
      </svg>
    </button>
  )
  return (
    <li ref={setNodeRef} className={cx('sortable-row', isDragging && 'sortable-row-dragging')} style={{ transform: CSS.Translate.toString(transform), transition }}>
      {children(handle)}
    </li>
  )
}
